/**
 * Coverage of a data module list (DML): for each entry, whether the module it asks for exists in
 * the set, is in work or is issued, and whether the issue present is the one the entry names.
 * A DML of type S (status list) or P/C (partial, complete requirement list) reads the same way:
 * the requirement is the entry; the answer is the set.
 */
import { type IssueInfo, issueString } from './codes.js';
import type { Csdb } from './csdb.js';
import type { CsdbObject } from './describe.js';

/**
 * missing: no object has the code. deleted: the latest issue says issueType="deleted".
 * inWork: the latest issue is in work (inWork above 00, or issue 000). issued: an issue was released.
 */
export type CoverageState = 'missing' | 'deleted' | 'inWork' | 'issued';

export interface CoverageRow {
  /** Line of the dmlEntry in the DML. */
  line: number;
  kind: 'dm' | 'pm' | 'other';
  /** The code the entry asks for (DMC-..., PMC-...); empty when the entry holds no reference. */
  code: string;
  /** The issue the entry names (e.g. 001-00), when it names one. */
  requestedIssue?: string;
  /** dmlEntry/@issueType: what the list expects of the module (new, changed, ...). */
  entryIssueType?: string;
  state: CoverageState;
  /** The latest object with the code, when there is one. */
  file?: string;
  title?: string;
  revision?: string;
  issueType?: string;
  /**
   * How the present issue meets the named one: exact, later (the set holds a later issue than the
   * list names), behind (the list names an issue the set does not hold yet), or any (no issue named).
   */
  issueMatch?: 'exact' | 'later' | 'behind' | 'any';
}

export interface Coverage {
  /** The DML's code and its type letter (C complete, P partial, S status). */
  code: string;
  dmlType: string;
  rows: CoverageRow[];
  counts: Record<CoverageState, number>;
}

/** The DML type letter of a DML code: DML-<model>-<sender>-<type>-<year>-<seq>. */
export function dmlTypeOf(code: string): string {
  const parts = code.split('-');
  return parts.length >= 6 ? (parts[parts.length - 3] ?? '').toUpperCase() : '';
}

function stateOf(latest: CsdbObject | undefined): CoverageState {
  if (latest === undefined) return 'missing';
  if (latest.issueType === 'deleted') return 'deleted';
  const issue = latest.issue;
  if (issue === undefined) return 'issued';
  return issue.inWork !== '00' || /^0+$/.test(issue.issueNumber) ? 'inWork' : 'issued';
}

function matchOf(requested: IssueInfo | undefined, csdb: Csdb, code: string, latest: CsdbObject | undefined): CoverageRow['issueMatch'] {
  if (latest === undefined) return undefined;
  if (requested === undefined || latest.issue === undefined) return 'any';
  const want = issueString(requested);
  if (csdb.withCode(code).some((o) => issueString(o.issue) === want)) return issueString(latest.issue) === want ? 'exact' : 'later';
  const resolution = csdb.resolve({ kind: 'dm', target: code, issue: requested, element: 'dmRef', section: 'content', line: 0, column: 0 });
  return resolution.status === 'later-issue' ? 'later' : 'behind';
}

/** The coverage of a DML over the set it belongs to, entries in the list's order. */
export function dmlCoverage(csdb: Csdb, dml: CsdbObject): Coverage {
  const counts: Record<CoverageState, number> = { missing: 0, deleted: 0, inWork: 0, issued: 0 };
  const rows: CoverageRow[] = [];
  for (const entry of dml.entries ?? []) {
    const ref = entry.ref;
    const kind = ref?.kind === 'dm' || ref?.kind === 'pm' ? ref.kind : 'other';
    const code = ref?.target ?? '';
    const latest = code === '' ? undefined : csdb.latest(code);
    const state = stateOf(latest);
    counts[state] += 1;
    const row: CoverageRow = { line: entry.line, kind, code, state };
    if (ref?.issue !== undefined) row.requestedIssue = issueString(ref.issue);
    if (entry.issueType !== undefined) row.entryIssueType = entry.issueType;
    if (latest !== undefined) {
      row.file = latest.file;
      row.title = latest.title;
      if (latest.revision !== undefined) row.revision = latest.revision;
      if (latest.issueType !== undefined) row.issueType = latest.issueType;
      const match = matchOf(ref?.issue, csdb, code, latest);
      if (match !== undefined) row.issueMatch = match;
    }
    rows.push(row);
  }
  return { code: dml.code, dmlType: dmlTypeOf(dml.code), rows, counts };
}
