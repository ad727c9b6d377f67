import { mergeThreeWay } from '../topic-editor/three-way';

/**
 * Loading a new manufacturer revision onto an airline's customised manual: a three-way merge per
 * documentary unit (DU) of the previous manufacturer revision (base), the new one (theirs) and
 * the airline's working copy (ours), built on the editor's line merge. A DU the airline did not
 * touch takes the new revision; a DU the revision did not touch keeps the airline's text; a DU
 * both changed merges line by line when their changes do not meet, and is a conflict (the three
 * versions kept for review) when they do. The report's lists are the revision's highlights.
 */

/** The files of one side by path (a DU's identity); absent: the side has no such DU. */
export type DuFiles = ReadonlyMap<string, string>;

export interface DuConflict {
  path: string;
  /** Why: both changed the same lines, the manufacturer deleted a DU the airline changed, or the other way round. */
  reason: 'bothChanged' | 'deletedByManufacturer' | 'deletedByAirline' | 'addedByBoth';
  base?: string;
  manufacturer?: string;
  airline?: string;
  /** Lines of the manufacturer's text that meet the airline's change (bothChanged). */
  lines?: { from: number; to: number }[];
}

export interface RevisionMergeReport {
  /** DUs the revision adds. */
  added: string[];
  /** DUs the revision changes that the airline had not changed: the new text is taken. */
  revised: string[];
  /** DUs the revision removes that the airline had not changed: removed. */
  deleted: string[];
  /** DUs both changed whose changes did not meet: merged line by line. */
  merged: string[];
  /** DUs only the airline changed: its text is kept. */
  airlineKept: string[];
  conflicts: DuConflict[];
}

export interface RevisionMerge {
  /** The merged working copy (a conflicting DU keeps the airline's text until the conflict is resolved). */
  files: Map<string, string>;
  report: RevisionMergeReport;
}

export function mergeRevision(base: DuFiles, manufacturer: DuFiles, airline: DuFiles): RevisionMerge {
  const files = new Map<string, string>();
  const report: RevisionMergeReport = { added: [], revised: [], deleted: [], merged: [], airlineKept: [], conflicts: [] };
  const paths = [...new Set([...base.keys(), ...manufacturer.keys(), ...airline.keys()])].sort();
  for (const path of paths) {
    const b = base.get(path);
    const m = manufacturer.get(path);
    const a = airline.get(path);
    const keep = (text: string | undefined) => {
      if (text !== undefined) files.set(path, text);
    };
    const conflict = (reason: DuConflict['reason'], extra: Partial<DuConflict> = {}) => {
      report.conflicts.push({
        path,
        reason,
        ...(b !== undefined ? { base: b } : {}),
        ...(m !== undefined ? { manufacturer: m } : {}),
        ...(a !== undefined ? { airline: a } : {}),
        ...extra,
      });
      keep(a);
    };
    if (b === undefined) {
      // New in the revision, in the airline's copy, or both.
      if (m !== undefined && a === undefined) {
        report.added.push(path);
        keep(m);
      } else if (m === undefined) keep(a);
      else if (m === a) keep(a);
      else conflict('addedByBoth');
      continue;
    }
    const manufacturerChanged = m !== b;
    const airlineChanged = a !== b;
    if (!manufacturerChanged) {
      if (airlineChanged && a !== undefined) report.airlineKept.push(path);
      keep(a);
    } else if (!airlineChanged) {
      if (m === undefined) report.deleted.push(path);
      else report.revised.push(path);
      keep(m);
    } else if (m === a) {
      keep(a);
    } else if (m === undefined) {
      conflict('deletedByManufacturer');
    } else if (a === undefined) {
      conflict('deletedByAirline');
    } else {
      const result = mergeThreeWay(b, m, a);
      if (result.clean) {
        report.merged.push(path);
        files.set(path, result.text);
      } else conflict('bothChanged', { lines: result.theirsLines });
    }
  }
  return { files, report };
}
