import type { DiffRow } from '@ccms/contracts/content/catalog';

type Op = { type: 'same' | 'removed' | 'added'; text: string };

/** Lines of a text; a trailing newline does not make an extra empty line. */
export const linesOf = (text: string) => (text === '' ? [] : text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'));

/** Myers' O(ND) shortest edit script between two line lists (common head and tail trimmed first). */
function editScript(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  const n = A.length;
  const m = B.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = max === 0;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[max + k - 1] ?? 0) < (v[max + k + 1] ?? 0));
      let x = down ? (v[max + k + 1] ?? 0) : (v[max + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk the trace back from the end to recover the script.
  const middle: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const vd = trace[d] ?? v;
    const k = x - y;
    const down = k === -d || (k !== d && (vd[max + k - 1] ?? 0) < (vd[max + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = vd[max + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      y--;
      middle.push({ type: 'same', text: A[--x] ?? '' });
    }
    if (down) middle.push({ type: 'added', text: B[--y] ?? '' });
    else middle.push({ type: 'removed', text: A[--x] ?? '' });
  }
  while (x > 0 && y > 0) {
    y--;
    middle.push({ type: 'same', text: A[--x] ?? '' });
  }
  middle.reverse();
  return [
    ...a.slice(0, head).map((text) => ({ type: 'same' as const, text })),
    ...middle,
    ...a.slice(a.length - tail).map((text) => ({ type: 'same' as const, text })),
  ];
}

/** Side-by-side rows: a run of removed lines followed by added ones pairs up as changed rows. */
export function sideBySide(before: string, after: string): { rows: DiffRow[]; added: number; removed: number } {
  const ops = editScript(linesOf(before), linesOf(after));
  const rows: DiffRow[] = [];
  let left = 0;
  let right = 0;
  let added = 0;
  let removed = 0;
  for (let i = 0; i < ops.length; ) {
    const op = ops[i];
    if (!op) break;
    if (op.type === 'same') {
      rows.push({ type: 'same', left: { no: ++left, text: op.text }, right: { no: ++right, text: op.text } });
      i++;
      continue;
    }
    const gone: string[] = [];
    const come: string[] = [];
    while (i < ops.length && ops[i]?.type !== 'same') {
      const o = ops[i];
      if (o?.type === 'removed') gone.push(o.text);
      else if (o) come.push(o.text);
      i++;
    }
    removed += gone.length;
    added += come.length;
    for (let k = 0; k < Math.max(gone.length, come.length); k++) {
      const l = gone[k];
      const r = come[k];
      rows.push({
        type: l !== undefined && r !== undefined ? 'changed' : l !== undefined ? 'removed' : 'added',
        left: l !== undefined ? { no: ++left, text: l } : null,
        right: r !== undefined ? { no: ++right, text: r } : null,
      });
    }
  }
  return { rows, added, removed };
}
