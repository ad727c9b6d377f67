import { diffIndices } from 'node-diff3';

/** A line of the XML diff: kept, deleted (older revision only) or inserted (newer only), with its numbers on each side. */
export interface DiffLine {
  op: 'same' | 'del' | 'ins';
  text: string;
  oldNo: number | null;
  newNo: number | null;
  /** The change (0 is the first) a deleted or inserted line belongs to. */
  change: number | null;
}

const linesOf = (text: string) => (text === '' ? [] : text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n'));

/** The line diff of two revisions' XML: every line once, in order, changes numbered for "previous / next change". */
export function diffLines(before: string, after: string): { lines: DiffLine[]; changes: number } {
  const a = linesOf(before);
  const b = linesOf(after);
  const lines: DiffLine[] = [];
  let atA = 0;
  let atB = 0;
  let changes = 0;
  const same = (untilA: number) => {
    while (atA < untilA) lines.push({ op: 'same', text: a[atA] ?? '', oldNo: ++atA, newNo: ++atB, change: null });
  };
  for (const chunk of diffIndices(a, b)) {
    const [fromA, lengthA] = chunk.buffer1;
    const [, lengthB] = chunk.buffer2;
    same(fromA);
    for (let i = 0; i < lengthA; i++) lines.push({ op: 'del', text: a[atA] ?? '', oldNo: ++atA, newNo: null, change: changes });
    for (let i = 0; i < lengthB; i++) lines.push({ op: 'ins', text: b[atB] ?? '', oldNo: null, newNo: ++atB, change: changes });
    changes++;
  }
  same(a.length);
  return { lines, changes };
}
