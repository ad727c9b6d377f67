import { diff3Merge } from 'node-diff3';

/** Lines of `theirs` (1-based, inclusive) that a conflict touches. */
export interface LineRange {
  from: number;
  to: number;
}

export type MergeResult = { clean: true; text: string } | { clean: false; theirsLines: LineRange[] };

/**
 * Line-based three-way merge of a file: the caller's edit (`ours`) and a change made since
 * (`theirs`), both from `base`. Changes to different lines combine; changes to the same lines
 * (unless identical) are a conflict, and nothing is merged: the answer names their lines that
 * conflict, so the person who wrote them can be named.
 */
export function mergeThreeWay(base: string, theirs: string, ours: string): MergeResult {
  const lines = (text: string) => text.split('\n');
  const regions = diff3Merge(lines(ours), lines(base), lines(theirs), { excludeFalseConflicts: true });
  const out: string[] = [];
  const conflicts: LineRange[] = [];
  for (const region of regions) {
    if (region.conflict) {
      // Their side of the conflict; where they removed lines, the line now in their place.
      const { b, bIndex } = region.conflict;
      conflicts.push({ from: bIndex + 1, to: bIndex + Math.max(b.length, 1) });
    } else if (region.ok) out.push(...region.ok);
  }
  if (conflicts.length > 0) return { clean: false, theirsLines: conflicts };
  return { clean: true, text: out.join('\n') };
}
