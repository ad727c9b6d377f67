import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { profileFiles } from '@ccms/xmlprofile/files';
import type { Db } from '../../../db/client';
import { standardOf } from '../standard/registry';
import { ata2300Rows } from './ata2300-rows';
import { type IndexWrite, storedDocumentIdentities, storedHashes, storedIdentities, storedResourcePaths } from './catalog-store';
import { flightopsRows } from './flightops-rows';
import { resultOf } from './index-rows';
import { type IndexerOptions, type IndexTarget, type RunOutcome, readCommit, type Snapshot, tracer } from './index-run';
import { type S1000dRows, s1000dRows, withoutDocuments } from './s1000d-rows';
import { xmlProfileRows } from './xmlprofile-rows';

/** A library type whose profile is gone reads nothing (its rows go). */
const EMPTY_PROFILE: XmlProfileSpec = {
  filePattern: '-',
  unitRoots: [],
  documentRoots: [],
  idPath: '@id',
  titlePath: 'title',
  references: [],
  tocGroups: [],
  vocabulary: { blocks: [], lists: [], listItems: [], tables: [], rows: [], cells: [], inline: [], titles: [] },
  css: '',
  grammarKind: 'none',
  grammarName: '',
  grammar: '',
};

/** What a standard whose references resolve across the whole set gives a full run (S1000D, ATA Spec 2300). */
type SetRows = Pick<S1000dRows, 'topics' | 'documents' | 'resources' | 'links' | 'problems' | 'identities' | 'stats'>;

/**
 * An S1000D or ATA Spec 2300 branch: every run reads every source file of the commit (references
 * resolve by code across the whole set, so a change anywhere can change any row) and writes what
 * differs. A data module whose file is gone while a new file holds the same identity (code and
 * language; a new issue) keeps its catalogue identity: topic id, status, history and compliance
 * links move with it.
 */
export async function setRun(
  db: Db,
  opts: Pick<IndexerOptions, 's1000dGrammar' | 'ata2300Schemas' | 'xmlProfile'>,
  target: IndexTarget,
  baseCommit: string | null,
  started: number,
): Promise<RunOutcome> {
  const { repo, commit, libraryId, branch } = target;
  const standard = standardOf(target.libraryType).id;
  const trace = tracer(standard);
  const profile = standard === 'xmlprofile' ? await opts.xmlProfile?.(target.libraryType ?? '') : undefined;
  const isSource = profile ? profileFiles(profile.filePattern).isSource : standardOf(target.libraryType).files.isSource;
  const { files, source } = await readCommit(repo, commit, isSource);
  trace.mark('git');
  const read = (p: string) => source.cached(p);
  const s1000d = standard === 's1000d' ? s1000dRows(files, read, (await opts.s1000dGrammar?.()) ?? { packages: [] }) : undefined;
  const rows: SetRows =
    s1000d ??
    (standard === 'flightops'
      ? flightopsRows(files, read)
      : standard === 'xmlprofile'
        ? xmlProfileRows(profile ?? EMPTY_PROFILE, profile ? files : new Map(), read)
        : ata2300Rows(files, read, await opts.ata2300Schemas?.()));
  trace.mark(`engine (${rows.topics.length} modules)`);
  const [storedTopics, storedDocs, storedRes, identities, docIdentities] = await Promise.all([
    storedHashes(db, 'topic', libraryId, branch),
    storedHashes(db, 'document', libraryId, branch),
    storedResourcePaths(db, libraryId, branch),
    storedIdentities(db, libraryId, branch),
    storedDocumentIdentities(db, libraryId, branch),
  ]);
  const topicPaths = new Set(rows.topics.map((r) => r.path));
  // Gone files whose identity a new file now holds: renamed (one new file per identity).
  const newByIdentity = new Map<string, string>();
  for (const [path, id] of rows.identities) if (!storedTopics.has(path)) newByIdentity.set(id, path);
  const renames: { from: string; to: string }[] = [];
  for (const [path, id] of identities) {
    if (topicPaths.has(path)) continue;
    const to = newByIdentity.get(id);
    if (to === undefined) continue;
    renames.push({ from: path, to });
    newByIdentity.delete(id);
  }
  const renamed = new Set(renames.map((r) => r.from));
  const docPaths = new Set(rows.documents.map((r) => r.path));
  // Likewise publication modules: a gone PM whose code and language a new file holds keeps its document id and publications.
  const newDocByIdentity = new Map<string, string>();
  for (const r of rows.documents) if (r.docNbr && !storedDocs.has(r.path)) newDocByIdentity.set(`${r.docNbr}${r.lang ? `_${r.lang}` : ''}`, r.path);
  const documentRenames: { from: string; to: string }[] = [];
  for (const [path, id] of docIdentities) {
    if (docPaths.has(path)) continue;
    const to = newDocByIdentity.get(id);
    if (to === undefined) continue;
    documentRenames.push({ from: path, to });
    newDocByIdentity.delete(id);
  }
  const docRenamed = new Set(documentRenames.map((r) => r.from));
  const resPaths = new Set(rows.resources.map((r) => r.path));
  const write: IndexWrite = {
    libraryId,
    branch,
    commit,
    baseCommit,
    topics: {
      upsert: rows.topics.filter((r) => storedTopics.get(r.path) !== r.hash),
      remove: [...storedTopics.keys()].filter((p) => !topicPaths.has(p) && !renamed.has(p)),
    },
    documents: {
      upsert: rows.documents.filter((r) => storedDocs.get(r.path) !== r.hash),
      remove: [...storedDocs.keys()].filter((p) => !docPaths.has(p) && !docRenamed.has(p)),
    },
    resources: { upsert: rows.resources.filter((r) => storedRes.get(r.path) !== r.oid), remove: [...storedRes.keys()].filter((p) => !resPaths.has(p)) },
    keys: [],
    links: { sources: 'all', rows: rows.links },
    problems: rows.problems,
    renames,
    documentRenames,
    stats: {
      mode: 'full',
      durationMs: performance.now() - started,
      filesRead: source.readLog.length,
      documents: rows.documents.length,
      topics: rows.topics.length,
      images: rows.stats.images,
      videos: rows.stats.videos,
      keys: 0,
      links: rows.stats.links,
      brokenLinks: rows.stats.brokenLinks,
    },
  };
  trace.mark('rows');
  trace.done();
  const snap: Snapshot = {
    commit,
    files,
    projects: new Map(),
    orphan: null,
    owners: new Map(),
    topicHash: new Map(rows.topics.map((r) => [r.path, r.hash])),
    docHash: new Map(rows.documents.map((r) => [r.path, r.hash])),
    links: new Map(),
    keyCount: 0,
    keySig: '',
    ...(s1000d ? { s1000d: { csdb: withoutDocuments(s1000d.csdb), brex: s1000d.brex } } : {}),
  };
  return { result: resultOf(target, baseCommit, 'full', source.readLog, write, started), snap, write };
}
