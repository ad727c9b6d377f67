import { NUMBER_FIELDS, type NumberField, type ProjectRows, RANKED_FIELDS } from './work-item-index-store';

/**
 * One page of matching rows in the order pageItems sorts them: the sort column (NULLs last going
 * up, first going down, as PostgreSQL's default), then the id going down; without a sort column,
 * the id going down. Text columns sort by the ranks the database gave them at load.
 */

/** A sort key per slot; NULL is +Infinity, so it sorts last going up and first going down. */
function keysOf(rows: ProjectRows, column: string): Float64Array | undefined {
  if ((RANKED_FIELDS as readonly string[]).includes(column)) {
    const field = column as (typeof RANKED_FIELDS)[number];
    if (rows.unranked.has(field)) return undefined;
    const codes = rows.texts[field];
    const rank = rows.dicts[field].rank;
    const keys = new Float64Array(rows.size);
    for (let s = 0; s < rows.size; s++) keys[s] = rank[codes[s] as number] ?? Number.NaN;
    return keys;
  }
  if (!(column in NUMBER_FIELDS)) return undefined;
  const values = rows.numbers[column as NumberField];
  const keys = new Float64Array(rows.size);
  for (let s = 0; s < rows.size; s++) {
    const v = values[s] as number;
    keys[s] = Number.isNaN(v) ? Number.POSITIVE_INFINITY : v;
  }
  return keys;
}

/** Slots in page order, compared by key (up or down) and then by id going down. */
function comparer(rows: ProjectRows, sort: { column: string; descending: boolean } | undefined) {
  const ids = rows.numbers.workItemId;
  const byId = (a: number, b: number) => (ids[b] as number) - (ids[a] as number);
  if (!sort) return byId;
  const keys = rows.sortKeys.get(sort.column) ?? keysOf(rows, sort.column);
  if (!keys) return undefined;
  rows.sortKeys.set(sort.column, keys);
  const dir = sort.descending ? -1 : 1;
  return (a: number, b: number) => {
    const ka = keys[a] as number;
    const kb = keys[b] as number;
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return byId(a, b);
  };
}

/** The first `k` slots of `slots` by `cmp`, sorted (a bounded max-heap when k is small against the matches). */
function firstK(slots: number[], k: number, cmp: (a: number, b: number) => number): number[] {
  if (k * 4 >= slots.length) return slots.sort(cmp).slice(0, k);
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i] as number, heap[p] as number) <= 0) break;
      [heap[i], heap[p]] = [heap[p] as number, heap[i] as number];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && cmp(heap[l] as number, heap[top] as number) > 0) top = l;
      if (r < heap.length && cmp(heap[r] as number, heap[top] as number) > 0) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top] as number, heap[i] as number];
      i = top;
    }
  };
  for (const s of slots) {
    if (heap.length < k) {
      heap.push(s);
      up(heap.length - 1);
    } else if (cmp(s, heap[0] as number) < 0) {
      heap[0] = s;
      down(0);
    }
  }
  return heap.sort(cmp);
}

/** The ids of one page and the total, or undefined when the sort is one SQL must do. */
export function pageOf(
  rows: ProjectRows,
  test: (slot: number) => boolean,
  sort: { column: string; descending: boolean } | undefined,
  window: { limit: number; offset: number },
): { ids: number[]; total: number } | undefined {
  const cmp = comparer(rows, sort);
  if (!cmp) return undefined;
  const matches: number[] = [];
  for (let s = 0; s < rows.size; s++) if (test(s)) matches.push(s);
  const total = matches.length;
  if (window.offset >= total) return { ids: [], total };
  const ids = rows.numbers.workItemId;
  const page = firstK(matches, window.offset + window.limit, cmp).slice(window.offset);
  return { ids: page.map((s) => ids[s] as number), total };
}
