import type { DitaProject } from '@ccms/dita';
import { loadProject, turns } from '@ccms/dita';
import { ditaFiles, isDitaMap, isDitaTopic } from '@ccms/dita/files';
import type { IndexWrite, KeyData, LinkData, ResourceData, TopicData } from './catalog-store';
import type { CommitSource } from './commit-source';
import {
  countResources,
  documentRow,
  hashOf,
  keysOf,
  linksOf,
  ORPHAN_MAP,
  orphanMapXml,
  ownersOf,
  projectOf,
  projectsByFile,
  resourceRow,
  resultOf,
  statsOf,
  submapsOf,
  targetsOf,
  topicRow,
} from './index-rows';
import { type IndexTarget, type RunOutcome, readCommit, type Snapshot, tracer } from './index-run';

/** The key rows as a set: the same rows in any order give the same signature. */
export function keySetOf(keys: KeyData[]): string {
  return hashOf(keys.map((k) => JSON.stringify([k.mapPath, k.key, k.targetPath, k.scope, k.processingRole, k.text])).sort());
}

/** The topic files of a commit, in path order, and those of them no map reaches. */
export function topicFilesOf(files: Iterable<string>, projects: ReadonlyMap<string, DitaProject>): { topicFiles: string[]; unmapped: string[] } {
  const inMaps = new Set<string>();
  for (const p of projects.values()) for (const f of p.docs.keys()) inMaps.add(f);
  const topicFiles = [...files].filter((p) => isDitaTopic(p)).sort();
  return { topicFiles, unmapped: topicFiles.filter((t) => !inMaps.has(t)) };
}

/** The topics no map reaches, loaded under one generated map (reusing the previous load when the list is the same). */
export async function loadOrphans(source: CommitSource, topics: string[], previous: Snapshot['orphan'], changed: string[]): Promise<Snapshot['orphan']> {
  if (topics.length === 0) return null;
  source.setOverlay(ORPHAN_MAP, orphanMapXml(topics));
  const sameList = previous !== null && previous.topics.length === topics.length && previous.topics.every((t, i) => t === topics[i]);
  if (!previous) return { project: await loadProject({ source, map: ORPHAN_MAP }), topics };
  const relevant = changed.filter((p) => previous.project.docs.has(p) || targetsOf(previous.project).has(p));
  if (sameList && relevant.length === 0) return previous;
  // A new list is a changed map: files read before are reused, only new ones are read.
  const dirty = sameList ? relevant : [ORPHAN_MAP, ...relevant];
  return { project: await loadProject({ source, map: ORPHAN_MAP, previous: previous.project, changed: dirty }), topics };
}

/** What the index holds of a branch now: topic and document hashes and resource blob ids, by path. */
export interface StoredRows {
  topics: Map<string, string>;
  documents: Map<string, string>;
  resources: Map<string, string>;
}

/**
 * A DITA branch read whole: every map and topic at the commit; only the rows that differ from the
 * stored ones (`storedRows`, read from the database once the rows are made) are written.
 */
export async function ditaFullRun(storedRows: () => Promise<StoredRows>, target: IndexTarget, baseCommit: string | null, started: number): Promise<RunOutcome> {
  const { repo, commit, libraryId, branch } = target;
  const trace = tracer('full');
  const { files, source } = await readCommit(repo, commit, ditaFiles.isSource);
  trace.mark('git');

  const projects = new Map<string, DitaProject>();
  for (const map of [...files.keys()].filter((p) => isDitaMap(p)).sort()) projects.set(map, await loadProject({ source, map }));
  const { topicFiles, unmapped } = topicFilesOf(files.keys(), projects);
  const orphan = await loadOrphans(source, unmapped, null, []);
  const owners = ownersOf(projects, orphan);
  trace.mark(`engine (${projects.size} maps)`);

  // A row per topic is seconds of work for thousands: taken in turns with the server's other work.
  const turn = turns();
  const topicRows: TopicData[] = [];
  for (const path of topicFiles) {
    await turn();
    const row = topicRow(path, projectOf(projects, orphan, owners.get(path)));
    if (row) topicRows.push(row);
  }
  trace.mark('topics');
  const submaps = submapsOf(projects);
  const docRows = [...projects].map(([path, project]) => documentRow(path, project, files, submaps));

  trace.mark('documents');
  const byFile = projectsByFile(projects, orphan);
  const linkRows: LinkData[] = [];
  const links = new Map<string, { sig: string; total: number; broken: number }>();
  for (const [file, list] of byFile) {
    await turn();
    const rows = linksOf(file, list);
    linkRows.push(...rows);
    links.set(file, { sig: hashOf(rows), total: rows.length, broken: rows.filter((r) => !r.resolved).length });
  }
  const keys = keysOf(projects);
  const resources: ResourceData[] = [];
  for (const [path, entry] of files) {
    const row = resourceRow(path, entry);
    if (row) resources.push(row);
  }

  trace.mark('links, keys, resources');
  trace.done();
  // A first index writes everything; a full run over an existing index writes only what differs.
  const { topics: storedTopics, documents: storedDocs, resources: storedRes } = await storedRows();
  const topicPaths = new Set(topicRows.map((r) => r.path));
  const docPaths = new Set(docRows.map((r) => r.path));
  const resPaths = new Set(resources.map((r) => r.path));
  const snap: Snapshot = {
    commit,
    files,
    projects,
    orphan,
    owners,
    topicHash: new Map(topicRows.map((r) => [r.path, r.hash])),
    docHash: new Map(docRows.map((r) => [r.path, r.hash])),
    links,
    keyCount: keys.length,
    keySig: keySetOf(keys),
  };
  const { images, videos } = countResources(files);
  const write: IndexWrite = {
    libraryId,
    branch,
    commit,
    baseCommit,
    topics: { upsert: topicRows.filter((r) => storedTopics.get(r.path) !== r.hash), remove: [...storedTopics.keys()].filter((p) => !topicPaths.has(p)) },
    documents: { upsert: docRows.filter((r) => storedDocs.get(r.path) !== r.hash), remove: [...storedDocs.keys()].filter((p) => !docPaths.has(p)) },
    resources: { upsert: resources.filter((r) => storedRes.get(r.path) !== r.oid), remove: [...storedRes.keys()].filter((p) => !resPaths.has(p)) },
    keys,
    links: { sources: 'all', rows: linkRows },
    stats: statsOf('full', started, source.readLog, docRows.length, topicRows.length, images, videos, keys.length, links),
  };
  return { result: resultOf(target, baseCommit, 'full', source.readLog, write, started), snap, write };
}
