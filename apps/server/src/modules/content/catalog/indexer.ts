import { createHash } from 'node:crypto';
import type { ReindexResult } from '@ccms/contracts/content/catalog';
import type { DitaProject, KeyScope, Reference, XmlNode } from '@ccms/dita';
import { keyVariableContent, loadProject } from '@ccms/dita';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { GitRepo } from '../../../platform/git/git-repo';
import { changedEntries, entriesOf, type FileEntry } from './catalog-git';
import {
  type DocumentData,
  IndexRaceError,
  type IndexWrite,
  type KeyData,
  type LinkData,
  type ResourceData,
  storedHashes,
  storedResourcePaths,
  type TopicData,
  writeIndex,
} from './catalog-store';
import { cjkBigrams } from './cjk';
import { CommitSource } from './commit-source';
import { isMapElement, mapFacts, textOf, topicFacts } from './extract';
import { buildToc } from './toc';

export const MAP_FILE = /\.(ditamap|bookmap)$/i;
export const TOPIC_FILE = /\.dita$/i;
/** Files the full index reads up front (everything the engine may parse). */
const XML_FILE = /\.(dita|ditamap|bookmap|xml|ditaval)$/i;
const IMAGE_FILE = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?)$/i;
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|avi|mkv|m4v)$/i;
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
};
/** The map the indexer makes up to read topics no map reaches (never written to git). */
const ORPHAN_MAP = '__ccms_unmapped_topics__.ditamap';
const FILES_READ_LISTED = 1000;

/** Phase timings on stderr when CCMS_CATALOG_TRACE is set (the benchmark uses them). */
function tracer(label: string) {
  const on = process.env.CCMS_CATALOG_TRACE !== undefined && process.env.CCMS_CATALOG_TRACE !== '';
  let last = performance.now();
  const phases: string[] = [];
  return {
    mark(phase: string) {
      if (!on) return;
      const now = performance.now();
      phases.push(`${phase} ${(now - last).toFixed(0)}`);
      last = now;
    },
    done() {
      if (on) process.stderr.write(`catalog ${label}: ${phases.join(', ')} ms\n`);
    },
  };
}

const extOf = (p: string) => p.slice(p.lastIndexOf('.') + 1).toLowerCase();
const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const hashOf = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex');
const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const hrefOf = (p: string) => encodeURI(p).replace(/#/g, '%23').replace(/\?/g, '%3F');

/** What the indexer remembers of a branch between runs, so the next run reads only what changed. */
interface Snapshot {
  commit: string;
  files: Map<string, FileEntry>;
  projects: Map<string, DitaProject>;
  orphan: { project: DitaProject; topics: string[] } | null;
  owners: Map<string, string>;
  topicHash: Map<string, string>;
  docHash: Map<string, string>;
  links: Map<string, { sig: string; total: number; broken: number }>;
  keyCount: number;
}

export interface IndexTarget {
  libraryId: number;
  branch: string;
  repo: GitRepo;
  commit: string;
}

const STATUS_RANK: Record<string, number> = { broken: 0, external: 1, resolved: 2 };
/** Which reading of a reference wins when maps disagree: resolved over external over broken; a known target over none. */
const rankOf = (r: Reference) => (STATUS_RANK[r.status] ?? 0) * 2 + (r.targetFile !== undefined ? 1 : 0);

function nodesText(nodes: XmlNode[] | undefined): string {
  if (!nodes) return '';
  const parts: string[] = [];
  const visit = (n: XmlNode) => {
    if (n.type === 'text') parts.push(n.text);
    else for (const c of n.children) visit(c);
  };
  for (const n of nodes) visit(n);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function* scopesOf(root: KeyScope): Generator<KeyScope> {
  yield root;
  for (const c of root.children) yield* scopesOf(c);
}

/** Two reference lists that would give the same link rows (the engine rebuilds lists that point into re-read files). */
function sameReferences(a: readonly Reference[] | undefined, b: readonly Reference[]): boolean {
  if (a === b) return true;
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (
      !x ||
      !y ||
      x.line !== y.line ||
      x.column !== y.column ||
      x.kind !== y.kind ||
      x.value !== y.value ||
      x.status !== y.status ||
      x.targetFile !== y.targetFile ||
      x.targetFragment !== y.targetFragment ||
      x.key !== y.key ||
      x.reason !== y.reason
    )
      return false;
  }
  return true;
}

const targetIndex = new WeakMap<DitaProject, Set<string>>();
/** Every file a project's references point at (found or not). */
function targetsOf(project: DitaProject): Set<string> {
  let set = targetIndex.get(project);
  if (!set) {
    set = new Set();
    for (const refs of project.referencesByFile.values()) for (const r of refs) if (r.targetFile) set.add(r.targetFile);
    targetIndex.set(project, set);
  }
  return set;
}

const problemIndex = new WeakMap<DitaProject, Map<string, number>>();
function problemsIn(project: DitaProject, file: string): number {
  let counts = problemIndex.get(project);
  if (!counts) {
    counts = new Map();
    for (const p of project.problems) counts.set(p.file, (counts.get(p.file) ?? 0) + 1);
    problemIndex.set(project, counts);
  }
  return counts.get(file) ?? 0;
}

/**
 * Builds and keeps the catalogue of library branches: the first run (or one without a
 * remembered snapshot) reads every DITA file at the commit; later runs read only the files
 * `git diff` names and let the DITA engine re-resolve what depends on them (keys, conrefs, links).
 * Every run writes its result in one transaction.
 */
export function catalogIndexer(db: Db, opts: { maxSnapshots?: number } = {}) {
  const snapshots = new Map<string, Snapshot>();
  const maxSnapshots = opts.maxSnapshots ?? 8;
  const keyOf = (libraryId: number, branch: string) => `${libraryId}\u0000${branch}`;

  function remember(key: string, snap: Snapshot) {
    snapshots.delete(key);
    snapshots.set(key, snap);
    while (snapshots.size > maxSnapshots) {
      const oldest = snapshots.keys().next().value;
      if (oldest === undefined) break;
      snapshots.delete(oldest);
    }
  }

  async function loadOrphans(source: CommitSource, topics: string[], previous: Snapshot['orphan'], changed: string[]): Promise<Snapshot['orphan']> {
    if (topics.length === 0) return null;
    const body = topics.map((t) => `<topicref href="${xmlAttr(hrefOf(t))}"/>`).join('');
    source.setOverlay(ORPHAN_MAP, `<?xml version="1.0" encoding="UTF-8"?><map><title>unmapped</title>${body}</map>`);
    const sameList = previous !== null && previous.topics.length === topics.length && previous.topics.every((t, i) => t === topics[i]);
    if (!previous) return { project: await loadProject({ source, map: ORPHAN_MAP }), topics };
    const relevant = changed.filter((p) => previous.project.docs.has(p) || targetsOf(previous.project).has(p));
    if (sameList && relevant.length === 0) return previous;
    // A new list is a changed map: files read before are reused, only new ones are read.
    const dirty = sameList ? relevant : [ORPHAN_MAP, ...relevant];
    return { project: await loadProject({ source, map: ORPHAN_MAP, previous: previous.project, changed: dirty }), topics };
  }

  /** The project each DITA file's facts come from: the first map (by path) reading it, else the unmapped-topics one. */
  function ownersOf(projects: Map<string, DitaProject>, orphan: Snapshot['orphan']): Map<string, string> {
    const owners = new Map<string, string>();
    for (const [map, project] of projects) for (const file of project.docs.keys()) if (!owners.has(file)) owners.set(file, map);
    if (orphan) for (const file of orphan.project.docs.keys()) if (!owners.has(file) && file !== ORPHAN_MAP) owners.set(file, ORPHAN_MAP);
    return owners;
  }

  const projectOf = (projects: Map<string, DitaProject>, orphan: Snapshot['orphan'], map: string | undefined) =>
    map === undefined ? undefined : map === ORPHAN_MAP ? orphan?.project : projects.get(map);

  /** A topic row, or null when the file is not a topic (a map saved as .dita). */
  function topicRow(path: string, project: DitaProject | undefined): TopicData | null {
    const doc = project?.docs.get(path);
    if (doc?.root && isMapElement(doc.root)) return null;
    const facts = topicFacts(path, doc?.root, project?.scopeOf(path));
    const search = `${facts.body} ${facts.meta}`.toLowerCase();
    const row = { path, folder: folderOf(path), ...facts, search, cjk: cjkBigrams(search), problems: project ? problemsIn(project, path) : 0 };
    return { ...row, hash: hashOf(row) };
  }

  /** What a document row holds that changes only when a map changes or files come and go. */
  interface DocumentShape {
    docNbr: string;
    name: string;
    revision: string;
    lang: string;
    isBookmap: boolean;
    topicCount: number;
    toc: unknown[];
    files: string[];
    hash: string;
  }
  const shapes = new WeakMap<DitaProject, DocumentShape>();

  /** The map files' references resolve as before (the toc marks broken ones). */
  const sameMapLinks = (a: DitaProject, b: DitaProject) =>
    a.map.maps.every((m) => {
      const x = a.referencesByFile.get(m) ?? [];
      const y = b.referencesByFile.get(m) ?? [];
      return x === y || (x.length === y.length && x.every((r, i) => r.status === y[i]?.status && r.targetFile === y[i]?.targetFile));
    });

  function shapeOf(path: string, project: DitaProject, files: Map<string, FileEntry>): DocumentShape {
    const facts = mapFacts(path, project.map.root);
    const shape = {
      docNbr: facts.docNbr,
      name: (textOf(project.map.title, project.map.keyScope) || project.map.titleText).slice(0, 500),
      revision: facts.revision,
      lang: project.map.lang.slice(0, 20),
      isBookmap: project.map.isBookmap,
      topicCount: new Set(project.topicNodes.map((n) => n.href).filter((h): h is string => h !== undefined && files.has(h))).size,
      toc: buildToc(project),
      files: [...project.docs.keys()],
    };
    return { ...shape, hash: hashOf(shape) };
  }

  /**
   * A document row. The toc and file list are worked out again only when the map changed or
   * files were added or removed (`reuse` is the previous project then); a topic edit recounts broken links only.
   */
  function documentRow(path: string, project: DitaProject, files: Map<string, FileEntry>, submaps: Set<string>, reuse?: DitaProject): DocumentData {
    const kept = reuse && reuse.map === project.map && sameMapLinks(reuse, project) ? shapes.get(reuse) : undefined;
    const shape = kept ?? shapeOf(path, project, files);
    shapes.set(project, shape);
    let broken = 0;
    for (const [file, refs] of project.referencesByFile) {
      if (file === ORPHAN_MAP) continue;
      for (const r of refs) if (r.status === 'broken') broken++;
    }
    const { hash: shapeHash, ...row } = shape;
    const counts = { isSubmap: submaps.has(path), brokenCount: broken, problems: project.problems.length };
    return { path, ...row, ...counts, hash: hashOf([shapeHash, counts]) };
  }

  /** One file's references over every project that reads it; a reference resolved in any map counts as resolved. */
  function linksOf(file: string, projects: DitaProject[]): LinkData[] {
    const byPlace = new Map<string, Reference>();
    for (const project of projects) {
      for (const r of project.referencesByFile.get(file) ?? []) {
        const place = `${r.line}:${r.column}:${r.kind}:${r.value}`;
        const had = byPlace.get(place);
        if (!had || rankOf(r) > rankOf(had)) byPlace.set(place, r);
      }
    }
    return [...byPlace.values()]
      .sort((a, b) => a.line - b.line || a.column - b.column)
      .map((r) => ({
        sourcePath: file,
        line: r.line,
        col: r.column,
        kind: r.kind,
        value: r.value.slice(0, 2000),
        key: r.key?.slice(0, 300) ?? null,
        targetPath: r.targetFile?.slice(0, 1000) ?? null,
        targetFragment: r.targetFragment?.slice(0, 500) ?? null,
        status: r.status,
        resolved: r.status !== 'broken',
        reason: (r.reason ?? '').slice(0, 1000),
      }));
  }

  /** Projects holding references of each file: real maps first, the unmapped-topics project only for files no map reads. */
  function projectsByFile(projects: Map<string, DitaProject>, orphan: Snapshot['orphan']): Map<string, DitaProject[]> {
    const out = new Map<string, DitaProject[]>();
    for (const project of projects.values()) {
      for (const file of project.referencesByFile.keys()) {
        const list = out.get(file);
        if (list) list.push(project);
        else out.set(file, [project]);
      }
    }
    if (orphan) for (const file of orphan.project.referencesByFile.keys()) if (file !== ORPHAN_MAP && !out.has(file)) out.set(file, [orphan.project]);
    return out;
  }

  function keysOf(projects: Map<string, DitaProject>): KeyData[] {
    const seen = new Set<string>();
    const out: KeyData[] = [];
    for (const project of projects.values()) {
      for (const scope of scopesOf(project.map.keyScope)) {
        for (const [key, def] of scope.table) {
          const id = `${def.mapFile}\u0000${key}`;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({
            mapPath: def.mapFile.slice(0, 1000),
            key: key.slice(0, 300),
            targetPath: def.href?.slice(0, 1000) ?? null,
            scope: def.scope,
            processingRole: def.processingRole,
            text: nodesText(keyVariableContent(def)).slice(0, 1000),
          });
        }
      }
    }
    return out;
  }

  function resourceRow(path: string, entry: FileEntry): ResourceData | null {
    const type = IMAGE_FILE.test(path) ? 'image' : VIDEO_FILE.test(path) ? 'video' : null;
    if (!type) return null;
    return { path, type, size: entry.size, contentType: CONTENT_TYPES[extOf(path)] ?? 'application/octet-stream', oid: entry.oid };
  }

  function countResources(files: Map<string, FileEntry>) {
    let images = 0;
    let videos = 0;
    for (const p of files.keys()) {
      if (IMAGE_FILE.test(p)) images++;
      else if (VIDEO_FILE.test(p)) videos++;
    }
    return { images, videos };
  }

  const submapsOf = (projects: Map<string, DitaProject>) => {
    const out = new Set<string>();
    for (const [map, project] of projects) for (const m of project.map.maps) if (m !== map) out.add(m);
    return out;
  };

  async function full(target: IndexTarget, baseCommit: string | null, started: number): Promise<{ result: ReindexResult; snap: Snapshot; write: IndexWrite }> {
    const { repo, commit, libraryId, branch } = target;
    const trace = tracer('full');
    const listing = await repo.filesUnder(commit, '');
    const files = new Map<string, FileEntry>();
    for (const e of listing) if (e.type === 'blob') files.set(e.path, { oid: e.oid, size: e.size ?? 0 });
    const source = new CommitSource(repo, commit, new Set(files.keys()));
    await source.prefetch([...files.keys()].filter((p) => XML_FILE.test(p)));
    trace.mark('git');

    const projects = new Map<string, DitaProject>();
    for (const map of [...files.keys()].filter((p) => MAP_FILE.test(p)).sort()) projects.set(map, await loadProject({ source, map }));
    const inMaps = new Set<string>();
    for (const p of projects.values()) for (const f of p.docs.keys()) inMaps.add(f);
    const topicFiles = [...files.keys()].filter((p) => TOPIC_FILE.test(p)).sort();
    const orphan = await loadOrphans(
      source,
      topicFiles.filter((t) => !inMaps.has(t)),
      null,
      [],
    );
    const owners = ownersOf(projects, orphan);
    trace.mark(`engine (${projects.size} maps)`);

    const topicRows: TopicData[] = [];
    for (const path of topicFiles) {
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
    const [storedTopics, storedDocs, storedRes] = await Promise.all([
      storedHashes(db, 'topic', libraryId, branch),
      storedHashes(db, 'document', libraryId, branch),
      storedResourcePaths(db, libraryId, branch),
    ]);
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
      stats: statsOf('full', started, source, docRows.length, topicRows.length, images, videos, keys.length, links),
    };
    return { result: resultOf(target, baseCommit, 'full', source, write, started), snap, write };
  }

  async function incremental(target: IndexTarget, prev: Snapshot, started: number): Promise<{ result: ReindexResult; snap: Snapshot; write: IndexWrite }> {
    const { repo, commit, libraryId, branch } = target;
    const trace = tracer('incremental');
    const entries = await changedEntries(repo, prev.commit, commit);
    const changes = new Map([...entries].map(([p, e]) => [p, e.kind]));
    const files = new Map(prev.files);
    for (const [p, { kind, oid }] of entries) {
      if (kind === 'deleted') files.delete(p);
      else files.set(p, { oid, size: prev.files.get(p)?.size ?? 0 });
    }
    // Sizes matter for images and videos only: ask git for those.
    const media = [...entries].filter(([p, e]) => e.kind !== 'deleted' && (IMAGE_FILE.test(p) || VIDEO_FILE.test(p))).map(([p]) => p);
    for (const [p, entry] of await entriesOf(repo, commit, media)) files.set(p, entry);
    const changed = [...changes.keys()];
    const source = new CommitSource(repo, commit, new Set(files.keys()));
    trace.mark('git');

    const projects = new Map<string, DitaProject>();
    const reloaded = new Map<string, DitaProject | undefined>();
    for (const map of [...files.keys()].filter((p) => MAP_FILE.test(p)).sort()) {
      const old = prev.projects.get(map);
      if (!old) {
        projects.set(map, await loadProject({ source, map }));
        reloaded.set(map, undefined);
        continue;
      }
      const targets = targetsOf(old);
      const relevant = changed.filter((p) => old.docs.has(p) || old.map.maps.includes(p) || targets.has(p));
      if (relevant.length === 0) {
        projects.set(map, old);
        continue;
      }
      projects.set(map, await loadProject({ source, map, previous: old, changed: relevant }));
      reloaded.set(map, old);
    }
    const removedMaps = [...prev.projects.keys()].filter((m) => !projects.has(m));
    trace.mark(`maps (${reloaded.size} reloaded)`);

    const inMaps = new Set<string>();
    for (const p of projects.values()) for (const f of p.docs.keys()) inMaps.add(f);
    const topicFiles = [...files.keys()].filter((p) => TOPIC_FILE.test(p)).sort();
    const orphan = await loadOrphans(
      source,
      topicFiles.filter((t) => !inMaps.has(t)),
      prev.orphan,
      changed,
    );
    const orphanReloaded = orphan !== prev.orphan;
    const owners = ownersOf(projects, orphan);
    trace.mark('unmapped');

    // Topics: the changed files, what the engine re-resolved because of them, and topics whose owning map changed.
    const redo = new Set<string>(changed.filter((p) => TOPIC_FILE.test(p)));
    const dirtyOf = (project: DitaProject | undefined) => (project ? (project.dirty ?? new Set(project.docs.keys())) : new Set<string>());
    for (const map of reloaded.keys()) for (const f of dirtyOf(projects.get(map))) redo.add(f);
    if (orphanReloaded) for (const f of dirtyOf(orphan?.project)) redo.add(f);
    for (const [file, owner] of owners) if (prev.owners.get(file) !== owner) redo.add(file);
    const topicHash = new Map(prev.topicHash);
    const topicUpserts: TopicData[] = [];
    const topicRemoves: string[] = [];
    for (const path of redo) {
      if (!TOPIC_FILE.test(path)) continue;
      const row = files.has(path) ? topicRow(path, projectOf(projects, orphan, owners.get(path))) : null;
      if (!row) {
        if (topicHash.delete(path)) topicRemoves.push(path);
        continue;
      }
      if (topicHash.get(path) !== row.hash) {
        topicHash.set(path, row.hash);
        topicUpserts.push(row);
      }
    }

    trace.mark(`topics (${topicUpserts.length})`);
    // Documents: reloaded maps, and every map when the set of maps changed (submap flags).
    const submaps = submapsOf(projects);
    const mapsChanged = removedMaps.length > 0 || [...reloaded.values()].some((old) => old === undefined);
    const docHash = new Map(prev.docHash);
    const docUpserts: DocumentData[] = [];
    const filesComeAndGo = [...changes.values()].some((kind) => kind !== 'modified');
    for (const [path, project] of projects) {
      if (!mapsChanged && !reloaded.has(path)) continue;
      const row = documentRow(path, project, files, submaps, filesComeAndGo ? undefined : (reloaded.get(path) ?? prev.projects.get(path)));
      if (docHash.get(path) !== row.hash) {
        docHash.set(path, row.hash);
        docUpserts.push(row);
      }
    }
    for (const m of removedMaps) docHash.delete(m);

    trace.mark(`documents (${docUpserts.length})`);
    // Links: files whose reference lists the engine rebuilt (it keeps unchanged lists as they were).
    const candidates = new Set<string>(changes.keys());
    const compare = (now: DitaProject | undefined, old: DitaProject | undefined) => {
      for (const [file, refs] of now?.referencesByFile ?? []) if (!sameReferences(old?.referencesByFile.get(file), refs)) candidates.add(file);
      for (const file of old?.referencesByFile.keys() ?? []) if (!now?.referencesByFile.has(file)) candidates.add(file);
    };
    for (const [map, old] of reloaded) compare(projects.get(map), old);
    for (const m of removedMaps) compare(undefined, prev.projects.get(m));
    if (orphanReloaded) compare(orphan?.project, prev.orphan?.project);
    candidates.delete(ORPHAN_MAP);
    const byFile = projectsByFile(projects, orphan);
    const links = new Map(prev.links);
    const linkSources: string[] = [];
    const linkRows: LinkData[] = [];
    for (const file of candidates) {
      const rows = linksOf(file, byFile.get(file) ?? []);
      const sig = hashOf(rows);
      if ((links.get(file)?.sig ?? hashOf([])) === sig) continue;
      linkSources.push(file);
      linkRows.push(...rows);
      if (rows.length === 0) links.delete(file);
      else links.set(file, { sig, total: rows.length, broken: rows.filter((r) => !r.resolved).length });
    }

    trace.mark(`links (${linkSources.length} files)`);
    const keysChanged = mapsChanged || [...reloaded].some(([map, old]) => old !== undefined && projects.get(map)?.map !== old.map);
    const keys = keysChanged ? keysOf(projects) : null;

    const resUpserts: ResourceData[] = [];
    const resRemoves: string[] = [];
    for (const [p, kind] of changes) {
      if (!IMAGE_FILE.test(p) && !VIDEO_FILE.test(p)) continue;
      const entry = files.get(p);
      const row = kind === 'deleted' || !entry ? null : resourceRow(p, entry);
      if (row) resUpserts.push(row);
      else resRemoves.push(p);
    }

    trace.mark('keys, resources');
    trace.done();
    const snap: Snapshot = { commit, files, projects, orphan, owners, topicHash, docHash, links, keyCount: keys ? keys.length : prev.keyCount };
    const { images, videos } = countResources(files);
    const write: IndexWrite = {
      libraryId,
      branch,
      commit,
      baseCommit: prev.commit,
      topics: { upsert: topicUpserts, remove: topicRemoves },
      documents: { upsert: docUpserts, remove: removedMaps },
      resources: { upsert: resUpserts, remove: resRemoves },
      keys,
      links: { sources: linkSources, rows: linkRows },
      stats: statsOf('incremental', started, source, projects.size, topicHash.size, images, videos, snap.keyCount, links),
    };
    return { result: resultOf(target, prev.commit, 'incremental', source, write, started), snap, write };
  }

  function statsOf(
    mode: string,
    started: number,
    source: CommitSource,
    documents: number,
    topics: number,
    images: number,
    videos: number,
    keys: number,
    links: Map<string, { total: number; broken: number }>,
  ): IndexWrite['stats'] {
    let total = 0;
    let broken = 0;
    for (const l of links.values()) {
      total += l.total;
      broken += l.broken;
    }
    return {
      mode,
      durationMs: performance.now() - started,
      filesRead: source.readLog.length,
      documents,
      topics,
      images,
      videos,
      keys,
      links: total,
      brokenLinks: broken,
    };
  }

  function resultOf(
    target: IndexTarget,
    previousCommit: string | null,
    mode: 'full' | 'incremental',
    source: CommitSource,
    w: IndexWrite,
    started: number,
  ): ReindexResult {
    return {
      libraryId: target.libraryId,
      branch: target.branch,
      commit: target.commit,
      previousCommit,
      mode,
      filesRead: source.readLog.slice(0, FILES_READ_LISTED),
      filesReadCount: source.readLog.length,
      documentsUpdated: w.documents.upsert.length,
      topicsUpdated: w.topics.upsert.length,
      removed: w.documents.remove.length + w.topics.remove.length + w.resources.remove.length,
      durationMs: Math.round(performance.now() - started),
    };
  }

  return {
    /**
     * Brings the index of a branch to `target.commit`. Incremental when the last run's
     * snapshot is at the stored commit and that commit is still in the clone; full otherwise
     * (or when `full` is asked for).
     */
    async index(target: IndexTarget, stored: string | null, opts: { full?: boolean } = {}): Promise<ReindexResult> {
      const started = performance.now();
      const key = keyOf(target.libraryId, target.branch);
      if (stored === target.commit && !opts.full) {
        return {
          libraryId: target.libraryId,
          branch: target.branch,
          commit: target.commit,
          previousCommit: stored,
          mode: 'unchanged',
          filesRead: [],
          filesReadCount: 0,
          documentsUpdated: 0,
          topicsUpdated: 0,
          removed: 0,
          durationMs: 0,
        };
      }
      const prev = snapshots.get(key);
      const canIncrement = !opts.full && prev !== undefined && stored !== null && prev.commit === stored;
      // The remembered commit may be gone (a clone made again, a forced push): then everything is read.
      const run = (canIncrement && prev ? await incremental(target, prev, started).catch(() => null) : null) ?? (await full(target, stored, started));
      const writing = tracer('write');
      try {
        await writeIndex(db, { ...run.write, stats: { ...run.write.stats, durationMs: performance.now() - started } }, writing.mark);
        writing.mark(run.result.mode);
        writing.done();
      } catch (err) {
        snapshots.delete(key);
        throw err;
      }
      remember(key, run.snap);
      // Fresh statistics after a big change, so search plans use the trigram indexes.
      if (run.result.mode === 'full') await db.execute(sql`ANALYZE ccms_catalog_topic, ccms_catalog_document, ccms_catalog_link`);
      return { ...run.result, durationMs: Math.round(performance.now() - started) };
    },
    /** Forgets what is remembered of a branch (the next run reads everything). */
    forget(libraryId: number, branch?: string) {
      for (const key of [...snapshots.keys()])
        if (key.startsWith(`${libraryId}\u0000`) && (branch === undefined || key === keyOf(libraryId, branch))) snapshots.delete(key);
    },
    /** The parsed project of a map at the last indexed commit, when remembered. */
    project(libraryId: number, branch: string, map: string): DitaProject | undefined {
      return snapshots.get(keyOf(libraryId, branch))?.projects.get(map);
    },
  };
}

export type CatalogIndexer = ReturnType<typeof catalogIndexer>;
export { IndexRaceError };
