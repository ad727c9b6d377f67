import type { Ata2300Schemas } from '@ccms/ata2300';
import type { ReindexResult } from '@ccms/contracts/content/catalog';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import type { DitaProject } from '@ccms/dita';
import { loadProject, turns } from '@ccms/dita';
import { ditaFiles, isDitaMap, isDitaTopic } from '@ccms/dita/files';
import type { Brex, Csdb, ValidationProblem } from '@ccms/s1000d';
import { profileFiles } from '@ccms/xmlprofile/files';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { processSettings } from '../../../platform/config';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { objectId } from '../../../platform/git/loose-objects';
import { phaseTrace } from '../../../platform/phase-trace';
import { standardOf } from '../standard/registry';
import { ata2300Rows } from './ata2300-rows';
import { type ChangeKind, changedEntries, entriesOf, type FileEntry } from './catalog-git';
import {
  type DocumentData,
  IndexRaceError,
  type IndexWrite,
  type KeyData,
  type LinkData,
  type LinkEdit,
  type ResourceData,
  storedDocumentIdentities,
  storedHashes,
  storedIdentities,
  storedResourcePaths,
  type TopicData,
  writeIndex,
} from './catalog-store';
import { CommitSource } from './commit-source';
import { flightopsRows } from './flightops-rows';
import {
  countResources,
  documentRow,
  hashOf,
  isMedia,
  keysOf,
  linksOf,
  ORPHAN_MAP,
  type OrphanProject,
  orphanMapXml,
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
  unchangedResult,
} from './index-rows';
import { brexOf, checkS1000dObject, describeSet, type S1000dGrammar, type S1000dRows, s1000dRows, withoutDocuments } from './s1000d-rows';
import { xmlProfileRows } from './xmlprofile-rows';

/** What a standard whose references resolve across the whole set gives a full run (S1000D, ATA Spec 2300). */
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

type SetRows = Pick<S1000dRows, 'topics' | 'documents' | 'resources' | 'links' | 'problems' | 'identities' | 'stats'>;

/** Phase timings on stderr when CCMS_CATALOG_TRACE is set (the benchmark uses them). */
function tracer(label: string) {
  const on = processSettings().catalogTrace;
  const phases: string[] = [];
  const trace = phaseTrace({ on, onMark: (phase, start, end) => phases.push(`${phase} ${(end - start).toFixed(0)}`) });
  return {
    mark: trace.mark,
    done() {
      if (on) process.stderr.write(`catalog ${label}: ${phases.join(', ')} ms\n`);
    },
  };
}

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

/** An incremental run worked out before its write (indexer.prepare). */
export interface PreparedRun {
  readonly key: string;
  readonly commit: string;
  readonly base: string;
  readonly prev: unknown;
  readonly run: Promise<{ result: ReindexResult; snap: Snapshot; write: IndexWrite } | null>;
}

/** Up to this many files with changed links, each has its rows edited where they differ (else all its rows replaced, in one statement). */
const LINE_EDIT_FILES = 20;
/** More line ranges than this in one file: its rows are replaced instead. */
const MAX_LINE_RANGES = 64;

/** A row's content without its line: rows equal in this only moved. */
const placeless = (r: LinkData) => JSON.stringify({ ...r, line: 0 });

/**
 * How a file's stored link rows `before` become `after` with few writes: the lines whose rows are
 * all the same, only on another line (a moved chapter, or everything below an inserted line), are
 * renumbered in place, line ranges shifted each by one amount; lines with no such match are deleted,
 * and the rows of new lines inserted. Ranges name before's lines, first and last inclusive, and
 * hold no other line of before. Null when that takes more than MAX_LINE_RANGES ranges.
 */
export function linkEdits(before: readonly LinkData[], after: readonly LinkData[]): { edit: LinkEdit; insert: LinkData[] } | null {
  const groups = (rows: readonly LinkData[]) => {
    const byLine = new Map<number, LinkData[]>();
    for (const r of rows) {
      const held = byLine.get(r.line);
      if (held) held.push(r);
      else byLine.set(r.line, [r]);
    }
    return [...byLine].sort((x, y) => x[0] - y[0]).map(([line, list]) => ({ line, list, key: list.map(placeless).sort().join('\n') }));
  };
  const old = groups(before);
  const waiting = new Map<string, number[]>();
  for (const [i, g] of old.entries()) {
    const held = waiting.get(g.key);
    if (held) held.push(i);
    else waiting.set(g.key, [i]);
  }
  // Each new line takes the first unmatched old line with the same rows (in order, so repeated rows pair up in order).
  const moveOf = new Map<number, number>();
  const insert: LinkData[] = [];
  for (const g of groups(after)) {
    const i = waiting.get(g.key)?.shift();
    if (i === undefined) insert.push(...g.list);
    else moveOf.set(i, g.line - (old[i]?.line ?? g.line));
  }
  const edit: LinkEdit = { remove: [], shift: [] };
  let run: { from: number; to: number; by: number | null } | null = null;
  const close = () => {
    if (!run) return;
    if (run.by === null) edit.remove.push([run.from, run.to]);
    else if (run.by !== 0) edit.shift.push({ from: run.from, to: run.to, by: run.by });
    run = null;
  };
  for (const [i, g] of old.entries()) {
    const by = moveOf.get(i) ?? null;
    if (run && run.by === by) run.to = g.line;
    else {
      close();
      run = { from: g.line, to: g.line, by };
    }
  }
  close();
  return edit.remove.length + edit.shift.length > MAX_LINE_RANGES ? null : { edit, insert };
}

/** The key rows as a set: the same rows in any order give the same signature. */
function keySetOf(keys: KeyData[]): string {
  return hashOf(keys.map((k) => JSON.stringify([k.mapPath, k.key, k.targetPath, k.scope, k.processingRole, k.text])).sort());
}

/** Every file of a commit (with its blob id and size), and a source holding the contents of the ones `isSource` names. */
async function readCommit(
  repo: GitRepo,
  commit: string,
  isSource: (path: string) => boolean,
): Promise<{ files: Map<string, FileEntry>; source: CommitSource }> {
  const files = new Map<string, FileEntry>();
  for (const e of await repo.filesUnder(commit, '')) if (e.type === 'blob') files.set(e.path, { oid: e.oid, size: e.size ?? 0 });
  const source = new CommitSource(repo, commit, new Set(files.keys()));
  await source.prefetch([...files.keys()].filter(isSource));
  return { files, source };
}

/** An S1000D branch as the S1000D routes and the editor's checks use it. */
export interface S1000dSet {
  csdb: Csdb;
  brex: ReadonlyMap<string, Brex>;
}

/** What the indexer remembers of a branch between runs, so the next run reads only what changed. */
export interface Snapshot {
  commit: string;
  files: Map<string, FileEntry>;
  projects: Map<string, DitaProject>;
  orphan: OrphanProject | null;
  owners: Map<string, string>;
  topicHash: Map<string, string>;
  docHash: Map<string, string>;
  links: Map<string, { sig: string; total: number; broken: number }>;
  keyCount: number;
  /** The key rows as a set (keySetOf): a map saved with the same definitions leaves them as they are. */
  keySig: string;
  /** The link rows of the few files the last incremental run edited in place (what `links` holds the signature of), for the next edit of them. */
  linkRows?: Map<string, LinkData[]>;
  /** An S1000D branch: its objects resolving by code (without their parsed documents) and its BREX by code. */
  s1000d?: S1000dSet;
}

export interface IndexTarget {
  libraryId: number;
  /** The library's type: which content standard reads the branch (DITA when absent). */
  libraryType?: string;
  branch: string;
  repo: GitRepo;
  commit: string;
  /** What this server committed to make `commit` from `from`: the run takes the changes and contents from it instead of asking git. */
  known?: { from: string; changes: readonly Change[] };
}

/**
 * The changed entries (and sizes) a commit of `changes` on a parent with `files` gives, as `git
 * diff` would list them; null when git must be asked (a move, a put from a file on disk, a deleted
 * path that was not a file, a path named twice).
 */
function knownEntries(changes: readonly Change[], files: ReadonlyMap<string, FileEntry>) {
  const entries = new Map<string, { kind: ChangeKind; oid: string }>();
  const sizes = new Map<string, number>();
  const seen = new Set<string>();
  for (const c of changes) {
    if (c.op === 'move' || (c.op === 'put' && !('content' in c)) || seen.has(c.path)) return null;
    seen.add(c.path);
    const had = files.get(c.path);
    if (c.op === 'delete') {
      if (!had) return null;
      entries.set(c.path, { kind: 'deleted', oid: '0'.repeat(40) });
      continue;
    }
    const oid = objectId('blob', c.content);
    if (had?.oid === oid) continue;
    entries.set(c.path, { kind: had ? 'modified' : 'added', oid });
    sizes.set(c.path, c.content.length);
  }
  return { entries, sizes };
}

/**
 * Builds and keeps the catalogue of library branches: the first run (or one without a
 * remembered snapshot) reads every DITA file at the commit; later runs read only the files
 * `git diff` names and let the DITA engine re-resolve what depends on them (keys, conrefs, links).
 * Every run writes its result in one transaction.
 */
export function catalogIndexer(
  db: Db,
  opts: {
    maxSnapshots?: number;
    oneConnection?: boolean;
    /** The installed S1000D schema packages and default BREX (grammar module); none: XSD and the default BREX layer are reported missing. */
    s1000dGrammar?: () => Promise<S1000dGrammar>;
    /** The ATA Spec 2300 schema package installed (none: structure rules only). */
    ata2300Schemas?: () => Promise<Ata2300Schemas | undefined>;
    /** The XML profile of a library type (FTID, or a type an administrator defined); none: the library's files are not catalogued. */
    xmlProfile?: (libraryType: string) => Promise<XmlProfileSpec | undefined>;
  } = {},
) {
  const snapshots = new Map<string, Snapshot>();
  /** S1000D sets read from git at a commit no run of this process remembers (another node indexed it): a few, newest kept. */
  const sets = new Map<string, Promise<S1000dSet>>();
  const maxSnapshots = opts.maxSnapshots ?? 8;
  /** PGlite: a first index writes its topic rows ahead in short transactions (see writeIndex). */
  const oneConnection = opts.oneConnection === true;
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
    source.setOverlay(ORPHAN_MAP, orphanMapXml(topics));
    const sameList = previous !== null && previous.topics.length === topics.length && previous.topics.every((t, i) => t === topics[i]);
    if (!previous) return { project: await loadProject({ source, map: ORPHAN_MAP }), topics };
    const relevant = changed.filter((p) => previous.project.docs.has(p) || targetsOf(previous.project).has(p));
    if (sameList && relevant.length === 0) return previous;
    // A new list is a changed map: files read before are reused, only new ones are read.
    const dirty = sameList ? relevant : [ORPHAN_MAP, ...relevant];
    return { project: await loadProject({ source, map: ORPHAN_MAP, previous: previous.project, changed: dirty }), topics };
  }

  async function full(target: IndexTarget, baseCommit: string | null, started: number): Promise<{ result: ReindexResult; snap: Snapshot; write: IndexWrite }> {
    const { repo, commit, libraryId, branch } = target;
    const trace = tracer('full');
    const { files, source } = await readCommit(repo, commit, ditaFiles.isSource);
    trace.mark('git');

    const projects = new Map<string, DitaProject>();
    for (const map of [...files.keys()].filter((p) => isDitaMap(p)).sort()) projects.set(map, await loadProject({ source, map }));
    const inMaps = new Set<string>();
    for (const p of projects.values()) for (const f of p.docs.keys()) inMaps.add(f);
    const topicFiles = [...files.keys()].filter((p) => isDitaTopic(p)).sort();
    const orphan = await loadOrphans(
      source,
      topicFiles.filter((t) => !inMaps.has(t)),
      null,
      [],
    );
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

  /**
   * An S1000D or ATA Spec 2300 branch: every run reads every source file of the commit (references
   * resolve by code across the whole set, so a change anywhere can change any row) and writes what
   * differs. A data module whose file is gone while a new file holds the same identity (code and
   * language; a new issue) keeps its catalogue identity: topic id, status, history and compliance
   * links move with it.
   */
  async function setFull(
    target: IndexTarget,
    baseCommit: string | null,
    started: number,
  ): Promise<{ result: ReindexResult; snap: Snapshot; write: IndexWrite }> {
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

  async function incremental(target: IndexTarget, prev: Snapshot, started: number): Promise<{ result: ReindexResult; snap: Snapshot; write: IndexWrite }> {
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
    if (known && target.known)
      for (const c of target.known.changes) if (c.op === 'put' && 'content' in c && entries.has(c.path)) source.seed(c.path, c.content);
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

    const inMaps = new Set<string>();
    for (const p of projects.values()) for (const f of p.docs.keys()) inMaps.add(f);
    const topicFiles = [...files.keys()].filter((p) => isDitaTopic(p)).sort();
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

  return {
    /**
     * Brings the index of a branch to `target.commit`. Incremental when the last run's
     * snapshot is at the stored commit and that commit is still in the clone; full otherwise
     * (or when `full` is asked for).
     */
    async index(target: IndexTarget, stored: string | null, opts: { full?: boolean } = {}, prepared?: PreparedRun | null): Promise<ReindexResult> {
      const started = performance.now();
      const key = keyOf(target.libraryId, target.branch);
      if (stored === target.commit && !opts.full) return unchangedResult(target);
      const prev = snapshots.get(key);
      // Worked out ahead (while the commit was pushed) from the snapshot still remembered, at the stored commit: only written now.
      const ahead =
        prepared && !opts.full && prepared.key === key && prepared.commit === target.commit && prepared.base === stored && prepared.prev === prev
          ? await prepared.run
          : null;
      const canIncrement = !opts.full && prev !== undefined && stored !== null && prev.commit === stored;
      const run =
        standardOf(target.libraryType).id !== 'dita'
          ? await setFull(target, stored, started)
          : // The remembered commit may be gone (a clone made again, a forced push): then everything is read.
            (ahead ?? (canIncrement && prev ? await incremental(target, prev, started).catch(() => null) : null) ?? (await full(target, stored, started)));
      const writing = tracer('write');
      try {
        await writeIndex(db, { ...run.write, stats: { ...run.write.stats, durationMs: performance.now() - started } }, writing.mark, {
          oneConnection,
        });
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
    /**
     * Starts working out the incremental run from the stored commit to `target.commit` (a commit
     * this server built, being pushed) without writing it; `index` writes it when it is asked for
     * that commit with the branch still where the run started. Null when there is nothing to start from.
     */
    prepare(target: IndexTarget, stored: string | null): PreparedRun | null {
      const key = keyOf(target.libraryId, target.branch);
      const prev = snapshots.get(key);
      if (standardOf(target.libraryType).id !== 'dita') return null;
      if (!prev || stored === null || prev.commit !== stored || stored === target.commit) return null;
      const run = incremental(target, prev, performance.now()).catch(() => null);
      return { key, commit: target.commit, base: stored, prev, run };
    },
    /** Forgets what is remembered of a branch (the next run reads everything). */
    forget(libraryId: number, branch?: string) {
      for (const key of [...snapshots.keys()])
        if (key.startsWith(`${libraryId}\u0000`) && (branch === undefined || key === keyOf(libraryId, branch))) snapshots.delete(key);
    },
    /**
     * The S1000D set of a branch at a commit (the indexed one): the last run's when this process
     * made it, else described from git once and kept among a few.
     */
    s1000dSet(target: IndexTarget): Promise<S1000dSet> {
      const key = keyOf(target.libraryId, target.branch);
      const snap = snapshots.get(key);
      if (snap?.commit === target.commit && snap.s1000d) return Promise.resolve(snap.s1000d);
      const at = `${key}@${target.commit}`;
      let set = sets.get(at);
      if (!set) {
        set = (async () => {
          const { files, source } = await readCommit(target.repo, target.commit, standardOf(target.libraryType).files.isSource);
          const read = (p: string) => source.cached(p);
          const { csdb } = describeSet(files.keys(), read);
          return { csdb: withoutDocuments(csdb), brex: brexOf(csdb, read).brex };
        })();
        sets.set(at, set);
        set.catch(() => sets.delete(at));
        while (sets.size > 4) {
          const oldest = sets.keys().next().value;
          if (oldest === undefined) break;
          sets.delete(oldest);
        }
      }
      return set;
    },
    /** An S1000D object of a branch checked as a save would check it (the branch's BREX at the commit, the installed schemas and default BREX). */
    async s1000dCheck(target: IndexTarget, path: string, content: string): Promise<ValidationProblem[]> {
      const { brex } = await this.s1000dSet(target);
      const grammar = (await opts.s1000dGrammar?.()) ?? { packages: [] };
      return checkS1000dObject(content, path, brex, grammar);
    },
    /** The ATA Spec 2300 schema package installed, if any: saves are checked against it as the index is. */
    ata2300Schemas: async (): Promise<Ata2300Schemas | undefined> => opts.ata2300Schemas?.(),
    /** The parsed project of a map at the last indexed commit, when remembered. */
    project(libraryId: number, branch: string, map: string): DitaProject | undefined {
      return snapshots.get(keyOf(libraryId, branch))?.projects.get(map);
    },
  };
}

export type CatalogIndexer = ReturnType<typeof catalogIndexer>;
export { IndexRaceError };
