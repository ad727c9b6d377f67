import type { Node as PMNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';

/** The ranges of the final document that `trs` changed (widened by one, clamped), in no particular order. */
export function changedRanges(trs: readonly Transaction[], doc: PMNode): Array<[number, number]> {
  let ranges: Array<[number, number]> = [];
  for (const tr of trs) {
    if (!tr.docChanged) continue;
    ranges = ranges.map(([f, t]) => [tr.mapping.map(f, -1), tr.mapping.map(t, 1)]);
    tr.mapping.maps.forEach((map, i) => {
      const rest = tr.mapping.slice(i + 1);
      map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
        ranges.push([rest.map(newStart, -1), rest.map(newEnd, 1)]);
      });
    });
  }
  const size = doc.content.size;
  return ranges.map(([f, t]) => [Math.max(0, Math.min(f, t) - 1), Math.min(size, Math.max(f, t) + 1)]);
}
