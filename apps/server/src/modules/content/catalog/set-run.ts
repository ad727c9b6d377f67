import type { Db } from '../../../db/client';
import { standardOf } from '../standard/registry';
import { type IndexWrite, storedDocumentIdentities, storedHashes, storedIdentities, storedResourcePaths } from './catalog-store';
import { resultOf } from './index-rows';
import type { IndexerOptions, IndexTarget, RunOutcome, S1000dSet } from './index-run';
import { csdbOf, type SetRunner } from './set-rows';

/** What a set run gives: its result, the rows to write and, of an S1000D branch, its set. */
export interface SetRunOutcome extends Omit<RunOutcome, 'snap'> {
  /** An S1000D branch: its set at the commit, for the routes and the editor's checks. */
  s1000d?: S1000dSet;
}

/**
 * An S1000D or ATA Spec 2300 branch: every run reads every source file of the commit (references
 * resolve by code across the whole set, so a change anywhere can change any row) and writes what
 * differs. A data module whose file is gone while a new file holds the same identity (code and
 * language; a new issue) keeps its catalogue identity: topic id, status, history and compliance
 * links move with it.
 */
export async function setRun(
  db: Db,
  runner: SetRunner,
  opts: Pick<IndexerOptions, 'xmlProfile'>,
  target: IndexTarget,
  baseCommit: string | null,
  started: number,
): Promise<SetRunOutcome> {
  const { commit, libraryId, branch } = target;
  const profile = standardOf(target.libraryType).id === 'xmlprofile' ? await opts.xmlProfile?.(target.libraryType ?? '') : undefined;
  // Read, parsed and checked where the runner runs (the index thread); compared with the stored rows and written here.
  const { rows, readLog, set } = await runner.rows({
    target: { libraryType: target.libraryType, dir: target.repo.dir, commit },
    ...(profile ? { profile } : {}),
  });
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
      filesRead: readLog.length,
      documents: rows.documents.length,
      topics: rows.topics.length,
      images: rows.stats.images,
      videos: rows.stats.videos,
      keys: 0,
      links: rows.stats.links,
      brokenLinks: rows.stats.brokenLinks,
    },
  };
  return {
    result: resultOf(target, baseCommit, 'full', readLog, write, started),
    write,
    ...(set ? { s1000d: { csdb: csdbOf(set), brex: set.brex } } : {}),
  };
}
