import type { LinkData, LinkEdit } from './catalog-store';

/** Up to this many files with changed links, each has its rows edited where they differ (else all its rows replaced, in one statement). */
export const LINE_EDIT_FILES = 20;
/** More line ranges than this in one file: its rows are replaced instead. */
const MAX_LINE_RANGES = 64;

/** A row's content without its line: rows equal in this only moved. */
const placeless = (r: LinkData) => JSON.stringify({ ...r, line: 0 });

/**
 * How a file's stored link rows `before` become `after` with few writes: the lines whose rows are
 * all the same, only on another line (a moved chapter, or everything below an inserted line), are
 * renumbered in place, line ranges shifted each by one amount; lines with no such match are deleted,
 * and the rows of new lines inserted. Ranges name before's lines, first and last inclusive, and
 * hold no other line of before. Null when that takes more than MAX_LINE_RANGES ranges.
 */
export function linkEdits(before: readonly LinkData[], after: readonly LinkData[]): { edit: LinkEdit; insert: LinkData[] } | null {
  const groups = (rows: readonly LinkData[]) => {
    const byLine = new Map<number, LinkData[]>();
    for (const r of rows) {
      const held = byLine.get(r.line);
      if (held) held.push(r);
      else byLine.set(r.line, [r]);
    }
    return [...byLine].sort((x, y) => x[0] - y[0]).map(([line, list]) => ({ line, list, key: list.map(placeless).sort().join('\n') }));
  };
  const old = groups(before);
  const waiting = new Map<string, number[]>();
  for (const [i, g] of old.entries()) {
    const held = waiting.get(g.key);
    if (held) held.push(i);
    else waiting.set(g.key, [i]);
  }
  // Each new line takes the first unmatched old line with the same rows (in order, so repeated rows pair up in order).
  const moveOf = new Map<number, number>();
  const insert: LinkData[] = [];
  for (const g of groups(after)) {
    const i = waiting.get(g.key)?.shift();
    if (i === undefined) insert.push(...g.list);
    else moveOf.set(i, g.line - (old[i]?.line ?? g.line));
  }
  const edit: LinkEdit = { remove: [], shift: [] };
  let run: { from: number; to: number; by: number | null } | null = null;
  const close = () => {
    if (!run) return;
    if (run.by === null) edit.remove.push([run.from, run.to]);
    else if (run.by !== 0) edit.shift.push({ from: run.from, to: run.to, by: run.by });
    run = null;
  };
  for (const [i, g] of old.entries()) {
    const by = moveOf.get(i) ?? null;
    if (run && run.by === by) run.to = g.line;
    else {
      close();
      run = { from: g.line, to: g.line, by };
    }
  }
  close();
  return edit.remove.length + edit.shift.length > MAX_LINE_RANGES ? null : { edit, insert };
}
