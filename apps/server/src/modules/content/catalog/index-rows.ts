import { createHash } from 'node:crypto';
import type { ReindexResult } from '@ccms/contracts/content/catalog';
import type { DitaProject, KeyScope, Reference, XmlNode } from '@ccms/dita';
import { keyVariableContent } from '@ccms/dita';
import { isImageName, isVideoName } from '@ccms/dita/files';
import type { FileEntry } from './catalog-git';
import type { DocumentData, IndexWrite, KeyData, LinkData, ResourceData, TopicData } from './catalog-store';
import { cjkBigrams } from './cjk';
import { isMapElement, mapFacts, textOf, topicFacts } from './extract';
import { buildToc } from './toc';

/**
 * The catalogue's rows, worked out from the DITA engine's projects and the commit's file list:
 * pure functions, no git and no database (indexer.ts reads the commit and writes the rows).
 */

const extOf = (p: string) => p.slice(p.lastIndexOf('.') + 1).toLowerCase();
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  cgm: 'image/cgm',
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
  xml: 'application/xml',
};

/** A resource's media type by its extension (`fallback` when the extension is not known). */
export const contentTypeOf = (path: string, fallback = 'application/octet-stream') => CONTENT_TYPES[extOf(path)] ?? fallback;
/** The map the indexer makes up to read topics no map reaches (never written to git). */
export const ORPHAN_MAP = '__ccms_unmapped_topics__.ditamap';
const FILES_READ_LISTED = 1000;

const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
export const hashOf = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex');
const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const hrefOf = (p: string) => encodeURI(p).replace(/#/g, '%23').replace(/\?/g, '%3F');

/** The unmapped-topics map: one topicref per topic no real map reads. */
export function orphanMapXml(topics: readonly string[]): string {
  const body = topics.map((t) => `<topicref href="${xmlAttr(hrefOf(t))}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><map><title>unmapped</title>${body}</map>`;
}

/** An image or a video, by its name. */
export const isMedia = (path: string) => isImageName(path) || isVideoName(path);

/** The unmapped-topics project and the topics it was made for. */
export interface OrphanProject {
  project: DitaProject;
  topics: string[];
}

const STATUS_RANK: Record<string, number> = { broken: 0, external: 1, resolved: 2 };
/** Which reading of a reference wins when maps disagree: resolved over external over broken; a known target over none. */
export const rankOf = (r: Reference) => (STATUS_RANK[r.status] ?? 0) * 2 + (r.targetFile !== undefined ? 1 : 0);

export function nodesText(nodes: XmlNode[] | undefined): string {
  if (!nodes) return '';
  const parts: string[] = [];
  const visit = (n: XmlNode) => {
    if (n.type === 'text') parts.push(n.text);
    else for (const c of n.children) visit(c);
  };
  for (const n of nodes) visit(n);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export function* scopesOf(root: KeyScope): Generator<KeyScope> {
  yield root;
  for (const c of root.children) yield* scopesOf(c);
}

/** Two reference lists that would give the same link rows (the engine rebuilds lists that point into re-read files). */
export function sameReferences(a: readonly Reference[] | undefined, b: readonly Reference[]): boolean {
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
export function targetsOf(project: DitaProject): Set<string> {
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

/** The project each DITA file's facts come from: the first map (by path) reading it, else the unmapped-topics one. */
export function ownersOf(projects: Map<string, DitaProject>, orphan: OrphanProject | null): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [map, project] of projects) for (const file of project.docs.keys()) if (!owners.has(file)) owners.set(file, map);
  if (orphan) for (const file of orphan.project.docs.keys()) if (!owners.has(file) && file !== ORPHAN_MAP) owners.set(file, ORPHAN_MAP);
  return owners;
}

export const projectOf = (projects: Map<string, DitaProject>, orphan: OrphanProject | null, map: string | undefined) =>
  map === undefined ? undefined : map === ORPHAN_MAP ? orphan?.project : projects.get(map);

/** A topic row, or null when the file is not a topic (a map saved as .dita). */
export function topicRow(path: string, project: DitaProject | undefined): TopicData | null {
  const doc = project?.docs.get(path);
  if (doc?.root && isMapElement(doc.root)) return null;
  const facts = topicFacts(path, doc?.root, project?.scopeOf(path), project?.metadataOf(path));
  const search = `${facts.body} ${facts.meta}`.toLowerCase();
  const row = { path, folder: folderOf(path), ...facts, search, cjk: cjkBigrams(search), problems: project ? problemsIn(project, path) : 0 };
  return { ...row, hash: hashOf(row) };
}

/** What a document row holds that changes only when a map changes or files come and go. */
export interface DocumentShape {
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
/** Each project's document shape, so the next run can reuse it when the map did not change. */
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
export function documentRow(path: string, project: DitaProject, files: Map<string, FileEntry>, submaps: Set<string>, reuse?: DitaProject): DocumentData {
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
export function linksOf(file: string, projects: DitaProject[]): LinkData[] {
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
export function projectsByFile(projects: Map<string, DitaProject>, orphan: OrphanProject | null): Map<string, DitaProject[]> {
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

export function keysOf(projects: Map<string, DitaProject>): KeyData[] {
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

export function resourceRow(path: string, entry: FileEntry): ResourceData | null {
  const type = isImageName(path) ? 'image' : isVideoName(path) ? 'video' : null;
  if (!type) return null;
  return { path, type, size: entry.size, contentType: contentTypeOf(path), oid: entry.oid };
}

export function countResources(files: Map<string, FileEntry>) {
  let images = 0;
  let videos = 0;
  for (const p of files.keys()) {
    if (isImageName(p)) images++;
    else if (isVideoName(p)) videos++;
  }
  return { images, videos };
}

export const submapsOf = (projects: Map<string, DitaProject>) => {
  const out = new Set<string>();
  for (const [map, project] of projects) for (const m of project.map.maps) if (m !== map) out.add(m);
  return out;
};

export function statsOf(
  mode: string,
  started: number,
  readLog: readonly string[],
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
    filesRead: readLog.length,
    documents,
    topics,
    images,
    videos,
    keys,
    links: total,
    brokenLinks: broken,
  };
}

export function resultOf(
  target: { libraryId: number; branch: string; commit: string },
  previousCommit: string | null,
  mode: 'full' | 'incremental',
  readLog: readonly string[],
  w: IndexWrite,
  started: number,
): ReindexResult {
  return {
    libraryId: target.libraryId,
    branch: target.branch,
    commit: target.commit,
    previousCommit,
    mode,
    filesRead: readLog.slice(0, FILES_READ_LISTED),
    filesReadCount: readLog.length,
    documentsUpdated: w.documents.upsert.length,
    topicsUpdated: w.topics.upsert.length,
    removed: w.documents.remove.length + w.topics.remove.length + w.resources.remove.length,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The answer when the branch is already indexed at its head: nothing read, nothing written. */
export function unchangedResult(target: { libraryId: number; branch: string; commit: string }): ReindexResult {
  return {
    libraryId: target.libraryId,
    branch: target.branch,
    commit: target.commit,
    previousCommit: target.commit,
    mode: 'unchanged',
    filesRead: [],
    filesReadCount: 0,
    documentsUpdated: 0,
    topicsUpdated: 0,
    removed: 0,
    durationMs: 0,
  };
}
