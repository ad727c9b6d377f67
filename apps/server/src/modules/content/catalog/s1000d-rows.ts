import {
  type Brex,
  Csdb,
  type CsdbObject,
  DEFAULT_BREX_DMCS,
  describeFile,
  firstChild,
  issueString,
  languageString,
  lintBrex,
  loadBrex,
  normText,
  type Reference,
  type Resolution,
  type SchemaPackage,
  type TocItem,
  type ValidationProblem,
  validateObject,
} from '@ccms/s1000d';
import { s1000dFiles } from '@ccms/s1000d/files';
import type { FileEntry } from './catalog-git';
import type { DocumentData, LinkData, ProblemData, ResourceData, TopicData } from './catalog-store';
import { cjkBigrams } from './cjk';
import { contentTypeOf, hashOf } from './index-rows';
import { folderOf, mediaRow, problemRow, problemsByPath, rowStats, type StandardRows } from './standard-rows';
import type { StoredTocNode } from './toc';

/**
 * The catalogue rows of an S1000D library branch, worked out from its files with the S1000D engine
 * (packages/s1000d): publication modules are documents, data modules are topics, ICNs are graphics,
 * DML/DDN/COM/UPF are listed as resources of type "list"; references resolve by code, and every
 * problem found (names, references, schema, BREX) is a located row of the library's problems list.
 * Pure: no git, no database (indexer.ts reads the commit and writes the rows).
 */

/** What validation needs that the product does not ship: the installed schema packages and default BREX (grammar module). */
export interface S1000dGrammar {
  packages: readonly SchemaPackage[];
  defaultBrex?: (issue: string | undefined, dmc: string) => Brex | undefined;
}

export interface S1000dRows extends StandardRows {
  /** The set the rows were worked out from (its objects still hold their parsed documents). */
  csdb: Csdb;
  /** The set's BREX data modules by code, as validation layers them. */
  brex: Map<string, Brex>;
}

/** Problems every object of an issue would repeat (no schema package, no default BREX): said once for the library. */
const LIBRARY_WIDE = new Set(['xsd-no-package', 'brex-no-default']);

/** An object's identity across issues: its code and language (the file name carries the issue too). */
export const identityOf = (o: CsdbObject) => `${o.code}${o.language ? `_${languageString(o.language)}` : ''}`;

const issueOf = (o: CsdbObject) => issueString(o.issue) ?? '';

/** The code a reference names, with the issue and language when it names them (as a person would write it). */
function written(ref: Reference): string {
  const issue = issueString(ref.issue);
  const lang = languageString(ref.language);
  return `${ref.target}${issue ? `_${issue}` : ''}${lang ? `_${lang}` : ''}`;
}

/** The catalogue's link kind of a reference (what the reference is to). */
const LINK_KINDS: Record<Reference['kind'], string> = {
  dm: 'dmRef',
  pm: 'pmRef',
  icn: 'icn',
  cir: 'cirRef',
  dml: 'dmlRef',
  comment: 'commentRef',
  internal: 'internal',
};

/** A resolution as a link row's status and reason (English; the catalogue's reason column is the engine's words). */
function linkStatus(r: Resolution): { status: 'resolved' | 'broken' | 'external'; reason: string } {
  switch (r.status) {
    case 'ok':
      return { status: 'resolved', reason: '' };
    case 'later-issue':
      return { status: 'resolved', reason: `resolves to a later issue: ${issueString(r.target.issue) ?? ''}` };
    case 'issue-missing':
      return { status: 'broken', reason: `the issue named is newer than the latest present (${issueString(r.target.issue) ?? ''})` };
    case 'broken':
      return { status: 'broken', reason: 'no object of the set has this code' };
    default:
      return { status: 'external', reason: 'the library holds no repository of this item type (CIR): not checked' };
  }
}

/** Body text of a module's content for search. */
function bodyText(o: CsdbObject): string {
  const root = o.xml?.root;
  const content = root ? firstChild(root, 'content') : undefined;
  return normText(content).slice(0, 200_000);
}

function factsOf(o: CsdbObject, role: string): Record<string, string> {
  const facts: Record<string, string> = { standard: 's1000d', kind: o.kind, role };
  if (o.issue) facts.issue = issueOf(o);
  if (o.issueType) facts.issueType = o.issueType;
  if (o.qualityAssurance) facts.qualityAssurance = o.qualityAssurance;
  if (o.applicText) facts.applic = o.applicText;
  if (o.s1000dIssue) facts.s1000dIssue = o.s1000dIssue;
  if (o.schema) facts.schema = o.schema;
  if (o.infoCode) facts.infoCode = o.infoCode;
  if (o.refused) facts.refused = 'true';
  return facts;
}

/**
 * Every S1000D object of a branch described, as one set resolving by code. `read` gives a file's
 * content (the caller has read every S1000D XML file of the commit); ICNs are described by name only.
 */
export function describeSet(paths: Iterable<string>, read: (path: string) => Buffer | undefined): { csdb: Csdb; roles: Map<string, string> } {
  const objects: CsdbObject[] = [];
  const roles = new Map<string, string>();
  for (const path of [...paths].sort()) {
    const role = s1000dFiles.roleOf(path);
    if (role === 'other') continue;
    roles.set(path, role);
    objects.push(role === 'resource' ? describeFile(path) : describeFile(path, read(path) ?? ''));
  }
  return { csdb: new Csdb(objects), roles };
}

/** The BREX data modules of a set by code (role "rules"), loaded from their files, and what loading them found. */
export function brexOf(csdb: Csdb, read: (path: string) => Buffer | undefined): { brex: Map<string, Brex>; problems: ValidationProblem[] } {
  const brex = new Map<string, Brex>();
  const problems: ValidationProblem[] = [];
  for (const o of csdb.objects) {
    if (o.refused || s1000dFiles.roleOf(o.file) !== 'rules') continue;
    const loaded = loadBrex(read(o.file) ?? '', o.file);
    problems.push(...loaded.problems);
    if (loaded.brex) brex.set(loaded.brex.dmc, loaded.brex);
  }
  return { brex, problems };
}

/**
 * One object checked as a save would check it: its schema (when a package of its issue is
 * installed, else the structural checks), then BREX layered over the set's BREX and the installed
 * default, values included.
 */
export function checkS1000dObject(content: string, path: string, brex: ReadonlyMap<string, Brex>, grammar: S1000dGrammar): ValidationProblem[] {
  return validateObject(content, path, {
    packages: grammar.packages,
    brex: (dmc) => brex.get(dmc),
    layers: grammar.defaultBrex ? { defaultBrex: grammar.defaultBrex } : {},
    check: { values: true },
  });
}

/** Lets go of each object's parsed document (kept sets answer by code; an instance parses its one module again). */
export function withoutDocuments(csdb: Csdb): Csdb {
  for (const o of csdb.objects) delete o.xml;
  return csdb;
}

/**
 * The catalogue rows of a branch's files: every S1000D file described, resolved by code and
 * checked (schema, layered BREX, the BREX rules themselves, applicability against the ACT/CCT).
 */
export function s1000dRows(files: ReadonlyMap<string, FileEntry>, read: (path: string) => Buffer | undefined, grammar: S1000dGrammar): S1000dRows {
  const { csdb, roles } = describeSet(files.keys(), read);
  const objects = csdb.objects;
  const problems: ProblemData[] = csdb.problems().map((p) => problemRow(p, p.file));

  // Schema and BREX, per module, each layer found in the set by its code (the default BREX from the installed package).
  const { brex: brexByDmc, problems: brexProblems } = brexOf(csdb, read);
  problems.push(...brexProblems.map((p) => problemRow(p, p.file)));
  for (const brex of brexByDmc.values()) {
    // A rule that can never work is the BREX's own problem: named against the schema vocabulary of its issue when one is installed.
    const vocabulary = (grammar.packages.find((p) => p.issue === brex.issue) ?? grammar.packages.at(-1))?.vocabulary();
    problems.push(...lintBrex(brex, vocabulary).map((p) => problemRow(p, p.file)));
  }
  // Applicability that names properties the module's ACT or CCT does not declare (or values they do not allow).
  for (const o of objects)
    if ((o.kind === 'dm' || o.kind === 'dme') && !o.refused) problems.push(...csdb.checkApplicability(o).map((p) => problemRow(p, p.file)));
  const wide = new Map<string, { problem: ValidationProblem; count: number }>();
  for (const o of objects) {
    if (o.refused || (o.kind !== 'dm' && o.kind !== 'dme' && o.kind !== 'pm')) continue;
    const found = checkS1000dObject((read(o.file) ?? '').toString(), o.file, brexByDmc, grammar);
    for (const p of found) {
      if (!LIBRARY_WIDE.has(p.code)) {
        problems.push(problemRow(p, o.file));
        continue;
      }
      const key = `${p.code}\u0000${p.messages.en}`;
      const had = wide.get(key);
      if (had) had.count++;
      else wide.set(key, { problem: p, count: 1 });
    }
  }
  for (const { problem, count } of wide.values()) {
    problems.push({
      path: '',
      line: 0,
      col: 0,
      severity: problem.severity,
      code: problem.code,
      xpath: '',
      messageZh: `${problem.messages.zh}（${count} 个对象）`,
      messageEn: `${problem.messages.en} (${count} object${count === 1 ? '' : 's'})`,
    });
  }
  const problemCount = problemsByPath(problems);

  // Links: every reference to another object, resolved by code.
  const links: LinkData[] = [];
  const resolutions = new Map<Reference, Resolution>();
  for (const { from, ref, resolution } of csdb.resolutions()) {
    resolutions.set(ref, resolution);
    const defaultBrex = resolution.status === 'broken' && ref.parent === 'brexDmRef' && DEFAULT_BREX_DMCS.has(ref.target);
    const { status, reason } = defaultBrex
      ? { status: 'external' as const, reason: "an S1000D default BREX: the specification's, installed as a package rather than kept in the library" }
      : linkStatus(resolution);
    links.push({
      sourcePath: from.file,
      line: ref.line,
      col: ref.column,
      kind: LINK_KINDS[ref.kind],
      value: written(ref).slice(0, 2000),
      key: null,
      targetPath: 'target' in resolution ? resolution.target.file : null,
      targetFragment: null,
      status,
      resolved: status !== 'broken',
      reason,
    });
  }

  const topics: TopicData[] = [];
  const identities = new Map<string, string>();
  for (const o of objects) {
    if (o.kind !== 'dm' && o.kind !== 'dme') continue;
    const role = roles.get(o.file) ?? 'unit';
    const title = o.title.slice(0, 1000);
    const body = o.refused ? '' : bodyText(o);
    const meta = [o.code, o.issueType, o.qualityAssurance, o.applicText, o.file].filter(Boolean).join(' ');
    const search = `${title} ${body} ${meta}`.toLowerCase();
    const row = {
      path: o.file,
      folder: folderOf(o.file),
      no: o.code.slice(0, 200),
      title,
      code: (o.infoCode ?? '').slice(0, 200),
      revision: issueOf(o),
      manualType: '',
      docType: (o.schema ?? o.root ?? '').slice(0, 64),
      language: (languageString(o.language) ?? '').slice(0, 20),
      shortdesc: (o.applicText ?? '').slice(0, 2000),
      body,
      meta,
      search,
      cjk: cjkBigrams(search),
      problems: problemCount.get(o.file) ?? 0,
      facts: factsOf(o, role),
    };
    topics.push({ ...row, hash: hashOf(row) });
    if (o.code !== '') identities.set(o.file, identityOf(o));
  }

  const usedAsPart = new Set<string>();
  for (const o of objects) if (o.kind === 'pm') for (const ref of o.references) if (ref.kind === 'pm' && ref.section === 'content') usedAsPart.add(ref.target);
  const documents: DocumentData[] = [];
  for (const o of objects) {
    if (o.kind !== 'pm') continue;
    const reached = new Set<string>([o.file]);
    let broken = 0;
    let modules = 0;
    const node = (item: TocItem): StoredTocNode => {
      if (item.kind === 'entry') return { e: 'pmEntry', t: item.title, h: null, p: null, b: false, r: '', c: item.items.map(node) };
      const r = resolutions.get(item.ref) ?? csdb.resolve(item.ref);
      const { status, reason } = linkStatus(r);
      const target = 'target' in r ? r.target.file : null;
      if (target) reached.add(target);
      if (status === 'broken') broken++;
      else if (item.kind === 'dmRef') modules++;
      return { e: item.kind, t: '', h: written(item.ref), p: target, b: status === 'broken', r: reason, c: [] };
    };
    const toc = (o.toc ?? []).map(node);
    const row = {
      path: o.file,
      docNbr: o.code.slice(0, 200),
      name: o.title.slice(0, 500),
      revision: issueOf(o),
      lang: (languageString(o.language) ?? '').slice(0, 20),
      isBookmap: false,
      isSubmap: usedAsPart.has(o.code),
      topicCount: modules,
      brokenCount: broken,
      problems: problemCount.get(o.file) ?? 0,
      toc,
      files: [...reached],
      facts: factsOf(o, 'document'),
    };
    documents.push({ ...row, hash: hashOf(row) });
  }

  const resources: ResourceData[] = [];
  for (const o of objects) {
    const entry = files.get(o.file);
    if (!entry) continue;
    if (o.kind === 'icn') resources.push(mediaRow(o.file, entry));
    else if (roles.get(o.file) === 'list') {
      resources.push({ path: o.file, type: 'list', size: entry.size, contentType: contentTypeOf(o.file, 'application/xml'), oid: entry.oid });
    }
  }
  return {
    topics,
    documents,
    resources,
    links,
    problems,
    identities,
    csdb,
    brex: brexByDmc,
    stats: rowStats(resources, links),
  };
}
