import { diff3Merge } from 'node-diff3';

/** A stretch of the file: the same in the merge, or a conflict between their change and mine. */
export type Hunk = { kind: 'same'; lines: string[] } | { kind: 'conflict'; base: string[]; theirs: string[]; ours: string[] };
export type Side = 'theirs' | 'ours' | 'both';

/** Marks an unpicked conflict in the result text; a result still holding one cannot be saved. */
export const CONFLICT_START = '<<<<<<< ';
export const CONFLICT_MIDDLE = '=======';
export const CONFLICT_END = '>>>>>>> ';

const lines = (text: string) => text.split('\n');

/** Line hunks of a three-way merge; changes made alike on both sides are no conflict. */
export function mergeHunks(base: string, theirs: string, ours: string): Hunk[] {
  const regions = diff3Merge(lines(ours), lines(base), lines(theirs), { excludeFalseConflicts: true });
  const hunks: Hunk[] = [];
  for (const region of regions) {
    if (region.conflict) {
      hunks.push({ kind: 'conflict', base: region.conflict.o, theirs: region.conflict.b, ours: region.conflict.a });
    } else if (region.ok) {
      const last = hunks.at(-1);
      if (last?.kind === 'same') last.lines.push(...region.ok);
      else hunks.push({ kind: 'same', lines: [...region.ok] });
    }
  }
  return hunks;
}

/**
 * The merged text: each conflict as picked (by its index among the conflicts); one not picked yet
 * is written with conflict markers naming the sides.
 */
export function mergedText(hunks: readonly Hunk[], picks: Readonly<Record<number, Side>>, labels = { theirs: 'theirs', ours: 'mine' }): string {
  const out: string[] = [];
  let n = 0;
  for (const hunk of hunks) {
    if (hunk.kind === 'same') {
      out.push(...hunk.lines);
      continue;
    }
    const pick = picks[n];
    n += 1;
    if (pick === 'theirs') out.push(...hunk.theirs);
    else if (pick === 'ours') out.push(...hunk.ours);
    else if (pick === 'both') out.push(...hunk.theirs, ...hunk.ours);
    else out.push(`${CONFLICT_START}${labels.theirs}`, ...hunk.theirs, CONFLICT_MIDDLE, ...hunk.ours, `${CONFLICT_END}${labels.ours}`);
  }
  return out.join('\n');
}

/** Whether the text still carries a conflict marker line. */
export const hasConflictMarkers = (text: string) =>
  lines(text).some((line) => line.startsWith(CONFLICT_START) || line.startsWith(CONFLICT_END) || line === CONFLICT_MIDDLE);

export const conflictCount = (hunks: readonly Hunk[]) => hunks.filter((h) => h.kind === 'conflict').length;
