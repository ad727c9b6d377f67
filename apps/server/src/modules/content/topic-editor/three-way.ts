import { diff3Merge } from 'node-diff3';

export type MergeResult = { clean: true; text: string } | { clean: false };

/**
 * Line-based three-way merge of a file: the caller's edit (`ours`) and a change made since
 * (`theirs`), both from `base`. Changes to different lines combine; changes to the same lines
 * (unless identical) are a conflict, and nothing is merged.
 */
export function mergeThreeWay(base: string, theirs: string, ours: string): MergeResult {
  const lines = (text: string) => text.split('\n');
  const regions = diff3Merge(lines(ours), lines(base), lines(theirs), { excludeFalseConflicts: true });
  const out: string[] = [];
  for (const region of regions) {
    if (region.conflict) return { clean: false };
    if (region.ok) out.push(...region.ok);
  }
  return { clean: true, text: out.join('\n') };
}
