import type { DitaProject } from '@ccms/dita';
import { loadProject } from '@ccms/dita';
import { isDitaMap, isDitaTopic } from '@ccms/dita/files';
import { objectId } from '../../../platform/git/loose-objects';
import { type ChangeKind, changedEntries, entriesOf, type FileEntry } from './catalog-git';
import type { DocumentData, IndexWrite, LinkData, LinkEdit, ResourceData, TopicData } from './catalog-store';
import { CommitSource } from './commit-source';
import { keySetOf, loadOrphans, topicFilesOf } from './dita-full-run';
import {
  countResources,
  documentRow,
  hashOf,
  isMedia,
  keysOf,
  linksOf,
  ORPHAN_MAP,
  ownersOf,
  projectOf,
  projectsByFile,
  resourceRow,
  resultOf,
  sameReferences,
  statsOf,
  submapsOf,
  targetsOf,
  topicRow,
} from './index-rows';
import { type IndexTarget, type KnownChange, type RunOutcome, type Snapshot, tracer } from './index-run';
import { LINE_EDIT_FILES, linkEdits } from './link-edits';

/** Files of a reloaded project with a keyref or conkeyref to a key whose definition changed. */
function usersOfChangedKeys(project: DitaProject | undefined): string[] {
  const changed = project?.changedKeys;
  if (!project || !changed || changed.size === 0) return [];
  const out: string[] = [];
  for (const [file, refs] of project.rawRefs) {
    if (refs.some((r) => (r.attr === 'keyref' || r.attr === 'conkeyref') && changed.has(r.value.split('/')[0] ?? r.value))) out.push(file);
  }
  return out;
}

/**
 * The changed entries (and sizes) a commit of `changes` on a parent with `files` gives, as `git
 * diff` would list them; null when git must be asked (a move, a put from a file on disk, a deleted
 * path that was not a file, a path named twice).
 */
function knownEntries(changes: readonly KnownChange[], files: ReadonlyMap<string, FileEntry>) {
  const entries = new Map<string, { kind: ChangeKind; oid: string }>();
  const sizes = new Map<string, number>();
  const seen = new Set<string>();
  for (const c of changes) {
    if (c.op === 'move' || (c.op === 'put' && 'file' in c) || seen.has(c.path)) return null;
    seen.add(c.path);
    const had = files.get(c.path);
    if (c.op === 'delete') {
      if (!had) return null;
      entries.set(c.path, { kind: 'deleted', oid: '0'.repeat(40) });
      continue;
    }
    const { oid, size } = 'blob' in c ? c.blob : { oid: objectId('blob', c.content), size: c.content.length };
    if (had?.oid === oid) continue;
    entries.set(c.path, { kind: had ? 'modified' : 'added', oid });
    sizes.set(c.path, size);
  }
  return { entries, sizes };
}

/** A DITA branch from the remembered snapshot: only the files the change names, and what the engine re-resolves because of them. */
export async function ditaIncrementalRun(target: IndexTarget, prev: Snapshot, started: number): Promise<RunOutcome> {
  const { repo, commit, libraryId, branch } = target;
  const trace = tracer('incremental');
  // A commit this server just made from the indexed one: its changes are known (no git diff, no read of what it wrote).
  const known = target.known && target.known.from === prev.commit ? knownEntries(target.known.changes, prev.files) : null;
  const entries = known?.entries ?? (await changedEntries(repo, prev.commit, commit));
  const changes = new Map([...entries].map(([p, e]) => [p, e.kind]));
  const files = new Map(prev.files);
  for (const [p, { kind, oid }] of entries) {
    if (kind === 'deleted') files.delete(p);
    else files.set(p, { oid, size: known?.sizes.get(p) ?? prev.files.get(p)?.size ?? 0 });
  }
  // Sizes matter for images and videos only: ask git for those.
  const media = [...entries].filter(([p, e]) => e.kind !== 'deleted' && isMedia(p) && !known?.sizes.has(p)).map(([p]) => p);
  if (media.length > 0) for (const [p, entry] of await entriesOf(repo, commit, media)) files.set(p, entry);
  const changed = [...changes.keys()];
  const source = new CommitSource(repo, commit, new Set(files.keys()));
  if (known && target.known) for (const c of target.known.changes) if (c.op === 'put' && 'content' in c && entries.has(c.path)) source.seed(c.path, c.content);
  trace.mark('git');

  const projects = new Map<string, DitaProject>();
  const reloaded = new Map<string, DitaProject | undefined>();
  for (const map of [...files.keys()].filter((p) => isDitaMap(p)).sort()) {
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

  const { unmapped } = topicFilesOf(files.keys(), projects);
  const orphan = await loadOrphans(source, unmapped, prev.orphan, changed);
  const orphanReloaded = orphan !== prev.orphan;
  const owners = ownersOf(projects, orphan);
  trace.mark('unmapped');

  // Topics: the changed files, what the engine re-resolved because of them, and topics whose owning map changed.
  const redo = new Set<string>(changed.filter((p) => isDitaTopic(p)));
  const dirtyOf = (project: DitaProject | undefined) => (project ? (project.dirty ?? new Set(project.docs.keys())) : new Set<string>());
  for (const map of reloaded.keys()) for (const f of dirtyOf(projects.get(map))) redo.add(f);
  // A key whose definition changed (a keydef's text) changes the text of topics that use it, though the engine did not re-read them.
  for (const map of reloaded.keys()) for (const f of usersOfChangedKeys(projects.get(map))) redo.add(f);
  if (orphanReloaded) for (const f of dirtyOf(orphan?.project)) redo.add(f);
  for (const [file, owner] of owners) if (prev.owners.get(file) !== owner) redo.add(file);
  const topicHash = new Map(prev.topicHash);
  const topicUpserts: TopicData[] = [];
  const topicRemoves: string[] = [];
  for (const path of redo) {
    if (!isDitaTopic(path)) continue;
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
  const linkLineEdits = new Map<string, LinkEdit>();
  // A few files (a saved map): rows only on other lines are renumbered, only the rest replaced (a moved chapter rewrites no row of a big map).
  let byFileBefore: Map<string, DitaProject[]> | undefined;
  const rowsBefore = (file: string) => {
    // Kept by the last run with the signature stored: no second working out of a big map's rows.
    const kept = prev.linkRows?.get(file);
    if (kept) return kept;
    byFileBefore ??= projectsByFile(prev.projects, prev.orphan);
    const rows = linksOf(file, byFileBefore.get(file) ?? []);
    return hashOf(rows) === links.get(file)?.sig ? rows : null;
  };
  const editable = candidates.size <= LINE_EDIT_FILES;
  const rowsNow = new Map<string, LinkData[]>();
  for (const file of candidates) {
    const rows = linksOf(file, byFile.get(file) ?? []);
    if (editable && rows.length > 0) rowsNow.set(file, rows);
    const sig = hashOf(rows);
    const storedSig = links.get(file)?.sig ?? hashOf([]);
    if (storedSig === sig) continue;
    linkSources.push(file);
    const before = editable && links.has(file) ? rowsBefore(file) : null;
    const edits = before ? linkEdits(before, rows) : null;
    if (edits) {
      linkLineEdits.set(file, edits.edit);
      linkRows.push(...edits.insert);
    } else linkRows.push(...rows);
    if (rows.length === 0) links.delete(file);
    else links.set(file, { sig, total: rows.length, broken: rows.filter((r) => !r.resolved).length });
  }

  trace.mark(`links (${linkSources.length} files)`);
  const keysChanged = mapsChanged || [...reloaded].some(([map, old]) => old !== undefined && projects.get(map)?.map !== old.map);
  // A reloaded map gives new key scopes even when its definitions are the same (a moved chapter):
  // the rows are written again only when they differ as a set (readers order them by key and map).
  let keys = keysChanged ? keysOf(projects) : null;
  const keySig = keys ? keySetOf(keys) : prev.keySig;
  if (keys && keySig === prev.keySig) keys = null;

  const resUpserts: ResourceData[] = [];
  const resRemoves: string[] = [];
  for (const [p, kind] of changes) {
    if (!isMedia(p)) continue;
    const entry = files.get(p);
    const row = kind === 'deleted' || !entry ? null : resourceRow(p, entry);
    if (row) resUpserts.push(row);
    else resRemoves.push(p);
  }

  trace.mark('keys, resources');
  trace.done();
  const snap: Snapshot = {
    commit,
    files,
    projects,
    orphan,
    owners,
    topicHash,
    docHash,
    links,
    keyCount: keys ? keys.length : prev.keyCount,
    keySig,
    linkRows: rowsNow,
  };
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
    links: { sources: linkSources, rows: linkRows, edits: linkLineEdits },
    stats: statsOf('incremental', started, source.readLog, projects.size, topicHash.size, images, videos, snap.keyCount, links),
  };
  return { result: resultOf(target, prev.commit, 'incremental', source.readLog, write, started), snap, write };
}
