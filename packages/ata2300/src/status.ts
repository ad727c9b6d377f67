/**
 * A Spec 2300 data module is two files: the content (`dmodule`) and its status (`dmStatus`); a
 * publication module likewise (`pm`, `pmStatus`). The product indexes each pair as one topic (one
 * document for a PM): the content's identity, title and references with the status's issue type,
 * approval and applicability. Pairs are made by identity (code, identity extension, language),
 * never by file name; what stays single is said.
 */
import { type Ata2300Object, identKeyOf } from './describe.js';
import { type Ata2300Problem, problem } from './problem.js';

export interface Ata2300Entry {
  /** dm (with its dmStatus) or pm (with its pmStatus). */
  kind: 'dm' | 'pm';
  content: Ata2300Object;
  status?: Ata2300Object;
}

export interface LocatedProblem {
  file: string;
  problem: Ata2300Problem;
}

export interface Ata2300Set {
  /** Data modules and publication modules, each with its status file when it has one, in file order. */
  entries: Ata2300Entry[];
  /** Pairing problems (no status, a status without content, two statuses, dates that disagree), on the file concerned. */
  problems: LocatedProblem[];
}

const STATUS_OF = { dm: 'dmStatus', pm: 'pmStatus' } as const;

/** Pairs the content and status files of a set of described objects. */
export function pairStatus(objects: readonly Ata2300Object[]): Ata2300Set {
  const statuses = new Map<string, Ata2300Object[]>();
  for (const o of objects) {
    if (o.kind !== 'dmStatus' && o.kind !== 'pmStatus') continue;
    const key = `${o.kind}|${identKeyOf(o)}`;
    statuses.set(key, [...(statuses.get(key) ?? []), o]);
  }
  const used = new Set<Ata2300Object>();
  const entries: Ata2300Entry[] = [];
  const problems: LocatedProblem[] = [];
  for (const content of objects) {
    if (content.kind !== 'dm' && content.kind !== 'pm') continue;
    const found = statuses.get(`${STATUS_OF[content.kind]}|${identKeyOf(content)}`) ?? [];
    const entry: Ata2300Entry = { kind: content.kind, content };
    const status = found[0];
    if (status === undefined) {
      if (content.kind === 'dm') problems.push({ file: content.file, problem: problem('ata-status-missing', { line: 1, column: 1 }, { code: content.code }) });
    } else {
      entry.status = status;
      for (const s of found) used.add(s);
      if (found.length > 1)
        problems.push({
          file: content.file,
          problem: problem('ata-status-twice', { line: 1, column: 1 }, { code: content.code, files: found.map((s) => s.file).join(', ') }),
        });
      if (status.contentIssueDate && content.issueDate && status.contentIssueDate !== content.issueDate)
        problems.push({
          file: status.file,
          problem: problem('ata-status-date', { line: 1, column: 1 }, { status: status.contentIssueDate, content: content.issueDate }),
        });
    }
    entries.push(entry);
  }
  for (const list of statuses.values())
    for (const s of list) if (!used.has(s)) problems.push({ file: s.file, problem: problem('ata-status-orphan', { line: 1, column: 1 }, { code: s.code }) });
  return { entries, problems };
}

/** What the catalogue shows of an entry beyond the common columns (strings, as StandardFacts wants). */
export function factsOf(entry: Ata2300Entry): Record<string, string> {
  const { content, status } = entry;
  const facts: Record<string, string> = { standard: 'ata2300', kind: entry.kind };
  if (content.issueDate) facts.issueDate = content.issueDate;
  if (content.contentType) facts.contentType = content.contentType;
  if (content.schema) facts.schema = content.schema;
  if (content.extension) facts.extension = `${content.extension.producer}/${content.extension.code}`;
  if (status?.issueType) facts.issueType = status.issueType;
  if (status?.dataProducer) facts.dataProducer = status.dataProducer;
  if (status?.approvalRequired !== undefined) facts.approvalRequired = status.approvalRequired ? 'yes' : 'no';
  if (status?.applic) facts.applic = status.applic.displayText;
  if (status) facts.statusFile = status.file;
  return facts;
}
