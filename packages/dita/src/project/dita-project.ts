import { createHash } from 'node:crypto';
import { applyPushes, resolveAllConrefs } from '../conref/conref-resolver.js';
import type { Condition } from '../ditaval/ditaval.js';
import { ConditionFilter, parseDitaval } from '../ditaval/ditaval.js';
import type { KeyDefinition, KeyScope } from '../keys/key-space.js';
import { isExternalHref, isRefusedUrlMessage, OUTSIDE_SOURCE_MESSAGE, refusalOf, splitHref, splitHrefKey, URL_REFUSED } from '../links/href.js';
import type { RawReference, Reference, ReferenceStatus } from '../links/link-graph.js';
import { collectReferences } from '../links/link-graph.js';
import { mapMetadataOf } from '../map/map-metadata.js';
import type { MapNode, ResolvedMap } from '../map/map-model.js';
import { walkNodes } from '../map/map-model.js';
import { resolveMap } from '../map/map-resolver.js';
import { resolvedProlog } from '../map/move-meta.js';
import { checkSubjectValues } from '../map/subject-values.js';
import { DitaDocument, enclosingTopic } from '../model/dita-document.js';
import { isMap, normaliseTokenAttributes } from '../model/dita-elements.js';
import type { TopicMetadata } from '../model/topic-metadata.js';
import { topicMetadata } from '../model/topic-metadata.js';
import type { Problem } from '../problems/problem.js';
import { ProblemList } from '../problems/problem.js';
import type { FileSource } from '../source/file-source.js';
import { isOutsideRootMessage, normalizePath, resolveRelative, SOURCE_OUTSIDE_ROOT } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { decodeXml, parseXml } from '../xml/xml-parser.js';
import { turns } from './turns.js';

export interface LoadOptions {
  source: FileSource;
  /** Root map path inside the source. */
  map: string;
  /** Filter conditions (a filter group) applied with or instead of a DITAVAL file. */
  conditions?: Condition[];
  /** A DITAVAL file: its path (for messages, flag images) and content. */
  ditaval?: { path: string; content: string | Buffer };
  /** Reuse unchanged parsed files of a previous load. */
  previous?: DitaProject;
  changed?: readonly string[];
  /** The publication's language: generated text of content without xml:lang (neither its topic nor its map sets one). */
  lang?: string;
}

const XML_EXT = /\.(dita|ditamap|xml|ditaval)$/i;

/** A file's text, with its hash worked out only when asked for. */
class RawFile {
  private digest: string | undefined;
  constructor(readonly text: string) {}
  get hash(): string {
    this.digest ??= hashText(this.text);
    return this.digest;
  }
}

/** Everything the engine knows about a map after reading, filtering and resolving it. */
export class DitaProject {
  readonly source: FileSource;
  readonly map: ResolvedMap;
  readonly docs: Map<string, DitaDocument>;
  readonly problems: Problem[];
  /** References per file, in document order. */
  readonly referencesByFile: Map<string, Reference[]>;
  /** Key scope of each topic file (the scope of the first topicref to it). */
  readonly scopes: Map<string, KeyScope>;
  /** file -> files it pulled content from (conref, conkeyref, pushes). */
  readonly conrefDependencies: Map<string, Set<string>>;
  readonly raw: Map<string, RawFile>;
  readonly filter: ConditionFilter;
  /** References as written, per file (reused by incremental loads). */
  readonly rawRefs: Map<string, RawReference[]>;
  /** Local DITA files each file links to or pulls from (the reading frontier). */
  readonly fileTargets: Map<string, string[]>;
  /** Files that push content (@conaction) or receive pushed content. */
  readonly pushFiles: Set<string>;
  /** Incremental load: files re-read and re-resolved, and key names whose definition changed. */
  readonly dirty: Set<string> | undefined;
  readonly changedKeys: Set<string> | undefined;
  /** Options the project was loaded with (for incremental reloads). */
  readonly options: LoadOptions;

  constructor(init: {
    source: FileSource;
    map: ResolvedMap;
    docs: Map<string, DitaDocument>;
    problems: Problem[];
    referencesByFile: Map<string, Reference[]>;
    scopes: Map<string, KeyScope>;
    conrefDependencies: Map<string, Set<string>>;
    raw: Map<string, RawFile>;
    filter: ConditionFilter;
    rawRefs: Map<string, RawReference[]>;
    fileTargets: Map<string, string[]>;
    pushFiles: Set<string>;
    dirty: Set<string> | undefined;
    changedKeys: Set<string> | undefined;
    options: LoadOptions;
  }) {
    this.source = init.source;
    this.map = init.map;
    this.docs = init.docs;
    this.problems = init.problems;
    this.referencesByFile = init.referencesByFile;
    this.scopes = init.scopes;
    this.conrefDependencies = init.conrefDependencies;
    this.raw = init.raw;
    this.filter = init.filter;
    this.rawRefs = init.rawRefs;
    this.fileTargets = init.fileTargets;
    this.pushFiles = init.pushFiles;
    this.dirty = init.dirty;
    this.changedKeys = init.changedKeys;
    this.options = init.options;
  }

  /** Every reference (topicref, xref, link, conref, conkeyref, keyref, image, object, coderef). */
  get references(): Reference[] {
    return [...this.referencesByFile.values()].flat();
  }

  scopeOf(file: string): KeyScope {
    return this.scopes.get(file) ?? this.map.keyScope;
  }

  /** The first topicref to each file, built on first use. */
  private firstNodes: Map<string, MapNode> | undefined;

  /** Prolog metadata (authors, dates, keywords, othermeta) of a topic: the file's first topic, or the one with topicId. */
  metadataOf(file: string, topicId?: string): TopicMetadata | undefined {
    const topic = this.topicOf(file, topicId);
    return topic === undefined ? undefined : topicMetadata(topic, this.scopeOf(file), this.mapMetaOf(file));
  }

  /** A topic's resolved prolog: its own with the map metadata of the first topicref to its file merged in (map/move-meta.ts). */
  prologOf(file: string, topicId?: string): XmlElement | undefined {
    const topic = this.topicOf(file, topicId);
    return topic === undefined ? undefined : resolvedProlog(topic, this.mapMetaOf(file));
  }

  private topicOf(file: string, topicId?: string): XmlElement | undefined {
    const doc = this.docs.get(file);
    return topicId !== undefined ? doc?.topic(topicId) : doc?.firstTopic;
  }

  /** The map metadata of the first topicref to the file (as on its page), nearest first. */
  private mapMetaOf(file: string): XmlElement[] {
    this.firstNodes ??= new Map(this.topicNodes.flatMap((n) => (n.href !== undefined ? [[n.href, n] as const] : [])).reverse());
    const node = this.firstNodes.get(file);
    return node !== undefined ? mapMetadataOf(node) : [];
  }

  /** Topicrefs in map order that produce output (normal role, local DITA topics). */
  get topicNodes(): MapNode[] {
    return [...walkNodes(this.map.nodes)].filter((n) => n.href !== undefined && n.scope === 'local' && n.format === 'dita' && n.processingRole === 'normal');
  }
}

export function hashText(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Reads the map, its submaps and every topic it reaches; filters, pushes, pulls conrefs and builds the link graph. */
export async function loadProject(options: LoadOptions): Promise<DitaProject> {
  const { source } = options;
  const problems = new ProblemList();
  const rootMap = normalizePath(options.map) ?? options.map;
  const conditions: Condition[] = [...(options.conditions ?? [])];
  if (options.ditaval !== undefined) {
    const parsed = parseDitaval(options.ditaval.content, options.ditaval.path);
    problems.addAll(parsed.problems);
    conditions.push(...parsed.conditions);
  }
  const filter = new ConditionFilter(conditions);
  const changed = new Set((options.changed ?? []).map((c) => normalizePath(c) ?? c));
  if (options.previous !== undefined && options.changed !== undefined) {
    const fast = await loadIncremental(options, options.previous, changed);
    if (fast !== undefined) return fast;
  }
  const prevRaw = options.previous?.raw;
  const raw = new Map<string, RawFile>();
  const docs = new Map<string, DitaDocument>();
  const pending = new Map<string, Promise<DitaDocument | undefined>>();
  const rawRefs = new Map<string, RawReference[]>();

  const previous = options.previous;
  // Incremental: unchanged, unaffected topics keep their resolved document; `dirty` is set once the map is read.
  let dirty: Set<string> | undefined;
  const mapFiles = new Set<string>();
  const carried = new Set<string>();

  const turn = turns();
  const readDoc = (path: string, isMapFile = false): Promise<DitaDocument | undefined> => {
    const existing = pending.get(path);
    if (existing !== undefined) return existing;
    if (isMapFile) mapFiles.add(path);
    // Maps are reused when unchanged (resolving a map never edits it); topics when not dirty.
    const reuseMap = isMapFile && previous !== undefined && options.changed !== undefined && !changed.has(path);
    const reuseTopic = !isMapFile && dirty !== undefined && previous !== undefined && !dirty.has(path) && !previous.map.maps.includes(path);
    const reuse = reuseMap || reuseTopic ? previous?.docs.get(path) : undefined;
    if (reuse !== undefined) {
      const p = Promise.resolve(reuse);
      pending.set(path, p);
      docs.set(path, reuse);
      const r = previous?.raw.get(path);
      if (r !== undefined) raw.set(path, r);
      const refs = previous?.rawRefs.get(path);
      if (refs !== undefined) rawRefs.set(path, refs);
      carried.add(path);
      return p;
    }
    const p = (async (): Promise<DitaDocument | undefined> => {
      let file = prevRaw !== undefined && !changed.has(path) ? prevRaw.get(path) : undefined;
      if (file === undefined) {
        let content: string | Buffer;
        try {
          content = await source.read(path);
        } catch {
          const refused = source.refusal?.(path);
          if (refused !== undefined) problems.error(SOURCE_OUTSIDE_ROOT, refused, { file: path, line: 0, column: 0 });
          return undefined;
        }
        const text = decodeXml(content);
        file = new RawFile(text);
      }
      await turn();
      raw.set(path, file);
      const parsed = parseXml(file.text, path);
      problems.addAll(parsed.problems);
      const root = parsed.root;
      if (root !== undefined) {
        normaliseTokenAttributes(root);
        filter.apply(root);
      }
      const doc = new DitaDocument(path, root, parsed.doctype, file.text);
      docs.set(path, doc);
      if (root !== undefined) rawRefs.set(path, collectReferences(root, isMap(root)));
      return doc;
    })();
    pending.set(path, p);
    return p;
  };

  // Incremental with no map among the changes: the resolved map and its key scopes stay as they are.
  const keepMap = previous !== undefined && options.changed !== undefined && !previous.map.maps.some((m) => changed.has(m));
  let map: ResolvedMap;
  if (keepMap && previous !== undefined) {
    map = previous.map;
    for (const m of map.maps) await readDoc(m, true);
    for (const p of previous.problems)
      if (map.maps.includes(p.file) && !CARRIED_CODES.test(p.code) && MAP_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);
  } else {
    map = await resolveMap(rootMap, {
      source,
      problems,
      readXml: async (p) => (await readDoc(p, true))?.root,
      ...(options.lang !== undefined && options.lang.trim() !== '' ? { lang: options.lang } : {}),
      ...(filter.empty ? {} : { filter }),
    });
  }

  // Topic files: every local DITA topicref, then (transitively) every DITA file they reference.
  const scopes = new Map<string, KeyScope>();
  const normalScoped = new Set<string>();
  const wanted: string[] = [];
  const mapNodes = [...walkNodes(map.nodes), ...map.reltables.flatMap((r) => r.rows.flat(2))];
  for (const n of mapNodes) {
    if (n.href === undefined || n.scope !== 'local' || n.format !== 'dita') continue;
    if (!scopes.has(n.href) || (n.processingRole === 'normal' && n.element.name !== 'keydef' && !normalScoped.has(n.href))) {
      scopes.set(n.href, n.keyScope);
      if (n.processingRole === 'normal') normalScoped.add(n.href);
    }
    wanted.push(n.href);
  }
  for (const s of allScopesOf(map.keyScope)) {
    for (const d of s.table.values()) if (d.href !== undefined && d.scope === 'local' && (d.format ?? 'dita') === 'dita') wanted.push(d.href);
  }
  // Key names whose definition changed, worked out once (re-reading files and re-resolving references both need them).
  let keyChanges: Set<string> | undefined;
  if (previous !== undefined && options.changed !== undefined) {
    keyChanges = previous.map === map ? new Set<string>() : changedKeyNames(previous.map.keyScope, map.keyScope);
    dirty = dirtyFiles(previous, keyChanges, scopes, changed);
  }
  const fileTargets = new Map<string, string[]>();
  let frontier = [...new Set(wanted)];
  while (frontier.length > 0) {
    const loaded = await Promise.all(frontier.map(async (f) => [f, await readDoc(f)] as const));
    const next = new Set<string>();
    for (const [f, doc] of loaded) {
      if (doc === undefined) continue;
      let targets = carried.has(f) ? previous?.fileTargets.get(f) : undefined;
      if (targets === undefined) targets = localTargets(f, rawRefs.get(f) ?? []);
      fileTargets.set(f, targets);
      for (const t of targets) if (!pending.has(t)) next.add(t);
      if (!scopes.has(f)) scopes.set(f, map.keyScope);
    }
    frontier = [...next];
  }
  // conkeyref targets are reached through keys: make sure their files are loaded too.
  const keyTargets = new Set<string>();
  for (const [f, refs] of rawRefs) {
    if (carried.has(f)) continue;
    for (const r of refs) {
      if (r.attr !== 'conkeyref') continue;
      const def = (scopes.get(f) ?? map.keyScope).resolve(splitHrefKey(r.value).path);
      if (def?.href !== undefined && def.scope === 'local' && !pending.has(def.href)) keyTargets.add(def.href);
    }
  }
  await Promise.all([...keyTargets].map((f) => readDoc(f)));

  const pushFiles = new Set<string>();
  for (const [f, refs] of rawRefs) if (!carried.has(f) && refs.some((r) => r.el.attrs.conaction !== undefined)) pushFiles.add(f);
  const carriedPushFiles = [...carried].filter((f) => previous?.pushFiles.has(f) === true);
  // Pushed content changes other files: an incremental load that touches pushes starts over.
  if (dirty !== undefined && previous !== undefined && [...dirty, ...pushFiles].some((f) => previous.pushFiles.has(f) || pushFiles.has(f))) {
    return loadProject({ ...options, previous: undefined, changed: undefined });
  }
  const conrefDependencies = new Map<string, Set<string>>();
  if (previous !== undefined && dirty !== undefined) {
    for (const [f, deps] of previous.conrefDependencies) if (carried.has(f)) conrefDependencies.set(f, deps);
    // Problems found while parsing or pulling content in carried files still stand.
    for (const p of previous.problems) if (carried.has(p.file) && CARRIED_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);
  }
  const ctx = {
    docs,
    scopeOf: (f: string, el?: XmlElement) => (el !== undefined ? map.elementScopes.get(el) : undefined) ?? scopes.get(f) ?? map.keyScope,
    problems,
    dependencies: conrefDependencies,
  };
  applyPushes(ctx, dirty === undefined ? undefined : (f) => !carried.has(f));
  for (const [target, sources] of conrefDependencies) for (const s of sources) if (pushFiles.has(s)) pushFiles.add(target);
  for (const f of carriedPushFiles) pushFiles.add(f);
  resolveAllConrefs(ctx, dirty === undefined ? undefined : (f) => !carried.has(f));
  checkSubjectValues(
    map.subjectSchemes,
    [...docs.values()].filter((d) => !carried.has(d.path)),
    problems,
  );

  const changedKeys = previous !== undefined && dirty !== undefined ? (keyChanges ?? new Set<string>()) : undefined;
  const reuse =
    previous !== undefined && dirty !== undefined
      ? {
          previous: previous.referencesByFile,
          carried,
          touched: new Set([...docs.keys()].filter((f) => !carried.has(f)).concat([...changed])),
          changedKeys: changedKeys ?? new Set<string>(),
        }
      : undefined;
  const referencesByFile = await resolveReferences(rawRefs, docs, source, ctx.scopeOf, problems, reuse);
  // Ready for incremental loads: who links to each file (carried forward from the previous load: only re-resolved lists can point elsewhere).
  const knownReferrers = previous !== undefined && dirty !== undefined ? referrerIndexes.get(previous.referencesByFile) : undefined;
  if (previous !== undefined && knownReferrers !== undefined) {
    const redone = [...referencesByFile].filter(([f, refs]) => previous.referencesByFile.get(f) !== refs).map(([f]) => f);
    for (const f of previous.referencesByFile.keys()) if (!referencesByFile.has(f)) redone.push(f);
    referrerIndexes.set(referencesByFile, updatedReferrers(knownReferrers, redone, previous.referencesByFile, referencesByFile));
  } else referrersOf(referencesByFile);
  // Documents in the order they were asked for (reused ones are ready at once, read ones later): an incremental load lists them as a full one does.
  const ordered = new Map<string, DitaDocument>();
  for (const p of pending.keys()) {
    const doc = docs.get(p);
    if (doc !== undefined) ordered.set(p, doc);
  }
  for (const [p, doc] of docs) if (!ordered.has(p)) ordered.set(p, doc);
  return new DitaProject({
    source,
    map,
    docs: ordered,
    problems: problems.sorted(),
    referencesByFile,
    scopes,
    conrefDependencies,
    raw,
    filter,
    rawRefs,
    fileTargets,
    pushFiles,
    dirty: dirty === undefined ? undefined : new Set([...docs.keys()].filter((f) => !carried.has(f))),
    changedKeys,
    options: { ...options, previous: undefined, changed: undefined },
  });
}

/** Local DITA files a file links to or pulls from (not through keys): the files reading it leads to. */
function localTargets(f: string, refs: readonly RawReference[]): string[] {
  const targets: string[] = [];
  for (const r of refs) {
    if (r.attr === 'keyref' || r.attr === 'conkeyref' || r.attr === 'datakeyref' || r.kind === 'coderef' || r.kind === 'image' || r.kind === 'object') continue;
    if (isExternalHref(r.value) || r.el.attrs.scope === 'external' || r.el.attrs.scope === 'peer') continue;
    const { path } = splitHref(r.value);
    if (path === '' || !/\.(dita|xml)$/i.test(path)) continue;
    if (r.el.attrs.format !== undefined && r.el.attrs.format !== 'dita') continue;
    const target = resolveRelative(f, path);
    if (target !== undefined) targets.push(target);
  }
  return targets;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Files that pulled content from `changed`, transitively, with the changed files themselves. */
function withDependents(conrefDependencies: Map<string, Set<string>>, changed: Iterable<string>): Set<string> {
  const dirty = new Set(changed);
  const reverse = new Map<string, string[]>();
  for (const [from, tos] of conrefDependencies) {
    for (const to of tos) {
      const list = reverse.get(to);
      if (list === undefined) reverse.set(to, [from]);
      else list.push(from);
    }
  }
  const queue = [...dirty];
  while (queue.length > 0) {
    const f = queue.pop();
    if (f === undefined) break;
    for (const g of reverse.get(f) ?? []) {
      if (!dirty.has(g)) {
        dirty.add(g);
        queue.push(g);
      }
    }
  }
  return dirty;
}

/**
 * The common incremental case, in time proportional to the change: topic files edited in place, the maps untouched,
 * no file added to or dropped from what the build reads, no pushed content involved. Gives the same project as the
 * general incremental load (which runs instead whenever this returns undefined): the same documents in the same
 * order, the same problems, references and dependencies.
 */
async function loadIncremental(options: LoadOptions, previous: DitaProject, changed: Set<string>): Promise<DitaProject | undefined> {
  const { source } = options;
  const map = previous.map;
  for (const f of changed) {
    if (map.maps.includes(f) || previous.pushFiles.has(f) || previous.docs.get(f)?.root === undefined || !XML_EXT.test(f)) return undefined;
  }
  const dirty = withDependents(previous.conrefDependencies, changed);
  for (const f of dirty) if (previous.pushFiles.has(f) || previous.docs.get(f)?.root === undefined) return undefined;

  const problems = new ProblemList();
  if (options.ditaval !== undefined) problems.addAll(parseDitaval(options.ditaval.content, options.ditaval.path).problems);
  const filter = previous.filter;
  for (const p of previous.problems)
    if (map.maps.includes(p.file) && !CARRIED_CODES.test(p.code) && MAP_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);

  const docs = new Map(previous.docs);
  const raw = new Map(previous.raw);
  const rawRefs = new Map(previous.rawRefs);
  const fileTargets = new Map(previous.fileTargets);
  const scopeOf = (f: string, el?: XmlElement): KeyScope =>
    (el !== undefined ? map.elementScopes.get(el) : undefined) ?? previous.scopes.get(f) ?? map.keyScope;
  for (const f of dirty) {
    let file = changed.has(f) ? undefined : previous.raw.get(f);
    if (file === undefined) {
      let content: string | Buffer;
      try {
        content = await source.read(f);
      } catch {
        return undefined;
      }
      file = new RawFile(decodeXml(content));
    }
    // Pushes change other files: the general path handles them.
    if (file.text.includes('conaction')) return undefined;
    const parsed = parseXml(file.text, f);
    const root = parsed.root;
    if (root === undefined || isMap(root)) return undefined;
    problems.addAll(parsed.problems);
    normaliseTokenAttributes(root);
    filter.apply(root);
    const refs = collectReferences(root, false);
    const targets = localTargets(f, refs);
    // Other links would change which files are read, and in which order.
    if (!sameList(targets, previous.fileTargets.get(f))) return undefined;
    for (const r of refs) {
      if (r.attr !== 'conkeyref') continue;
      const def = scopeOf(f).resolve(splitHrefKey(r.value).path);
      if (def?.href !== undefined && def.scope === 'local' && !docs.has(def.href)) return undefined;
    }
    docs.set(f, new DitaDocument(f, root, parsed.doctype, file.text));
    raw.set(f, file);
    rawRefs.set(f, refs);
    fileTargets.set(f, targets);
  }
  const carried = { has: (f: string): boolean => docs.has(f) && !dirty.has(f) };
  const conrefDependencies = new Map<string, Set<string>>();
  for (const [f, deps] of previous.conrefDependencies) if (!dirty.has(f)) conrefDependencies.set(f, deps);
  for (const p of previous.problems) if (carried.has(p.file) && CARRIED_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);
  const ctx = { docs, scopeOf, problems, dependencies: conrefDependencies };
  resolveAllConrefs(ctx, (f) => dirty.has(f));
  checkSubjectValues(
    map.subjectSchemes,
    [...docs.values()].filter((d) => dirty.has(d.path)),
    problems,
  );
  const changedKeys = new Set<string>();
  // References: the re-read files' and those pointing into them, found through the index of who links where.
  const referrers = referrersOf(previous.referencesByFile);
  const redo = new Set<string>();
  for (const f of dirty) {
    if (rawRefs.has(f)) redo.add(f);
    for (const g of referrers.get(f) ?? []) redo.add(g);
  }
  const referencesByFile = new Map(previous.referencesByFile);
  const lists = new Map<string, Array<Reference | PendingCheck>>();
  const unknown = new Set<string>();
  for (const f of redo) {
    // A file that only points into the re-read ones: just those references can resolve differently.
    const keep = dirty.has(f) ? undefined : previous.referencesByFile.get(f);
    const refs = rawRefs.get(f) ?? [];
    const list: Array<Reference | PendingCheck> =
      keep !== undefined && keep.length === refs.length
        ? refs.map((r, i) => {
            const old = keep[i];
            return old !== undefined && (old.targetFile === undefined || !dirty.has(old.targetFile)) ? old : resolveOneReference(f, r, docs, scopeOf);
          })
        : refs.map((r) => resolveOneReference(f, r, docs, scopeOf));
    for (const x of list) if ('target' in x && !docs.has(x.target)) unknown.add(x.target);
    lists.set(f, list);
  }
  const existing = new Map<string, boolean>();
  await Promise.all([...unknown].map(async (p) => existing.set(p, await source.exists(p))));
  const refusals = refusalsOf(source, existing);
  for (const [f, list] of lists) {
    referencesByFile.set(
      f,
      list.map((x) => ('target' in x ? finishReference(x, docs.has(x.target) || existing.get(x.target) === true, docs, refusals.get(x.target)) : x)),
    );
  }
  reportBroken(referencesByFile, problems);
  // Only the re-read files can point somewhere new (the others' targets do not depend on what they point at).
  referrerIndexes.set(
    referencesByFile,
    updatedReferrers(
      referrers,
      [...dirty].filter((f) => redo.has(f)),
      previous.referencesByFile,
      referencesByFile,
    ),
  );
  return new DitaProject({
    source,
    map,
    docs,
    problems: problems.sorted(),
    referencesByFile,
    scopes: previous.scopes,
    conrefDependencies,
    raw,
    filter,
    rawRefs,
    fileTargets,
    pushFiles: new Set(previous.pushFiles),
    dirty: new Set(dirty),
    changedKeys,
    options: { ...options, previous: undefined, changed: undefined },
  });
}

const CARRIED_CODES = /^(xml-|conref|conkeyref|conaction|subject-)/;
/** Problems found while resolving the map itself (kept when the map is reused). */
const MAP_CODES = /^(map-|key-undefined$)/;

function keyFingerprint(d: KeyDefinition): string {
  const meta = d.element.children.filter((c) => c.type === 'element' && c.name === 'topicmeta');
  const own = `${d.href ?? ''}#${d.fragment ?? ''}|${d.scope}|${d.format ?? ''}|${d.element.attrs.navtitle ?? ''}|${meta.map((m) => (m.type === 'element' ? serialize(m) : '')).join('')}`;
  return d.via !== undefined ? `${own}|via ${keyFingerprint(d.via)}` : own;
}

function serialize(el: XmlElement): string {
  let out = `<${el.name}`;
  for (const [k, v] of Object.entries(el.attrs)) out += ` ${k}="${v}"`;
  out += '>';
  for (const c of el.children) out += c.type === 'text' ? c.text : serialize(c);
  return `${out}</${el.name}>`;
}

function scopeTables(root: KeyScope): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const s of allScopesOf(root)) {
    const t = new Map<string, string>();
    for (const [k, d] of s.table) t.set(k, keyFingerprint(d));
    out.set(s.path, t);
  }
  return out;
}

/** Key names whose effective definition differs between two key-scope trees. */
export function changedKeyNames(before: KeyScope, after: KeyScope): Set<string> {
  const a = scopeTables(before);
  const b = scopeTables(after);
  const out = new Set<string>();
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const ta = a.get(path) ?? new Map<string, string>();
    const tb = b.get(path) ?? new Map<string, string>();
    for (const k of new Set([...ta.keys(), ...tb.keys()])) if (ta.get(k) !== tb.get(k)) out.add(k);
  }
  return out;
}

/** Files to re-read: changed ones, files whose keys or key scope changed, and everything that pulled content from them. */
function dirtyFiles(previous: DitaProject, keys: Set<string>, scopes: Map<string, KeyScope>, changed: Set<string>): Set<string> {
  const dirty = new Set(changed);
  if (keys.size > 0) {
    for (const [f, refs] of previous.rawRefs) {
      if (refs.some((r) => r.attr === 'conkeyref' && keys.has(splitHrefKey(r.value).path))) dirty.add(f);
    }
  }
  for (const [f, scope] of scopes) if (previous.scopes.get(f)?.path !== scope.path) dirty.add(f);
  const reverse = new Map<string, string[]>();
  for (const [from, tos] of previous.conrefDependencies) {
    for (const to of tos) {
      const list = reverse.get(to) ?? [];
      list.push(from);
      reverse.set(to, list);
    }
  }
  const queue = [...dirty];
  while (queue.length > 0) {
    const f = queue.pop();
    if (f === undefined) break;
    for (const g of reverse.get(f) ?? []) {
      if (!dirty.has(g)) {
        dirty.add(g);
        queue.push(g);
      }
    }
  }
  return dirty;
}

function* allScopesOf(root: KeyScope): Generator<KeyScope> {
  yield root;
  for (const c of root.children) yield* allScopesOf(c);
}

interface ReferenceReuse {
  previous: Map<string, Reference[]>;
  carried: { has(file: string): boolean };
  touched: Set<string>;
  changedKeys: Set<string>;
}

/** A reference waiting for one file-existence answer before it can be finished. */
interface PendingCheck {
  r: RawReference;
  file: string;
  key: string | undefined;
  target: string;
  fragment: string | undefined;
}

async function resolveReferences(
  rawRefs: Map<string, RawReference[]>,
  docs: Map<string, DitaDocument>,
  source: FileSource,
  scopeOf: (f: string, el?: XmlElement) => KeyScope,
  problems: ProblemList,
  reuse?: ReferenceReuse,
): Promise<Map<string, Reference[]>> {
  // References are worked out synchronously; only existence checks of files that were not read wait on the source,
  // all at once, each path once.
  const byFile = new Map<string, Array<Reference | PendingCheck>>();
  // Lists carried as they were: the same arrays, so later runs see at once that nothing changed.
  const kept = new Map<string, Reference[]>();
  const unknown = new Set<string>();
  for (const [file, refs] of rawRefs) {
    // Incremental: a carried file keeps its resolved references unless one points at something that changed.
    const prev = reuse?.carried.has(file) ? reuse.previous.get(file) : undefined;
    if (
      prev !== undefined &&
      reuse !== undefined &&
      !prev.some((r) => (r.targetFile !== undefined && reuse.touched.has(r.targetFile)) || (r.key !== undefined && reuse.changedKeys.has(r.key)))
    ) {
      byFile.set(file, prev);
      kept.set(file, prev);
      continue;
    }
    const list: Array<Reference | PendingCheck> = new Array(refs.length);
    for (let i = 0; i < refs.length; i++) {
      const r = refs[i];
      if (r === undefined) continue;
      const res = resolveReference(file, r);
      if ('target' in res && !docs.has(res.target)) unknown.add(res.target);
      list[i] = res;
    }
    byFile.set(file, list);
  }
  const existing = new Map<string, boolean>();
  await Promise.all([...unknown].map(async (p) => existing.set(p, await source.exists(p))));
  const refusals = refusalsOf(source, existing);
  const out = new Map<string, Reference[]>();
  for (const [file, list] of byFile) {
    out.set(
      file,
      kept.get(file) ?? list.map((x) => ('target' in x ? finishCheck(x, docs.has(x.target) || existing.get(x.target) === true, refusals.get(x.target)) : x)),
    );
  }
  reportBroken(out, problems);
  return out;

  function resolveReference(file: string, r: RawReference): Reference | PendingCheck {
    return resolveOneReference(file, r, docs, scopeOf);
  }

  function finishCheck(c: PendingCheck, exists: boolean, refusal: string | undefined): Reference {
    return finishReference(c, exists, docs, refusal);
  }
}

const brokenCache = new WeakMap<Reference[], Reference[]>();
const referrerIndexes = new WeakMap<Map<string, Reference[]>, Map<string, Set<string>>>();

function targetsOf(refs: readonly Reference[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const r of refs ?? []) if (r.targetFile !== undefined) out.add(r.targetFile);
  return out;
}

/** target file -> files with a reference to it (built once per reference table, then carried forward). */
function referrersOf(byFile: Map<string, Reference[]>): Map<string, Set<string>> {
  let index = referrerIndexes.get(byFile);
  if (index === undefined) {
    index = new Map();
    for (const [f, refs] of byFile) {
      for (const r of refs) {
        if (r.targetFile === undefined) continue;
        const set = index.get(r.targetFile);
        if (set === undefined) index.set(r.targetFile, new Set([f]));
        else set.add(f);
      }
    }
    referrerIndexes.set(byFile, index);
  }
  return index;
}

/** The referrer index after the files in `redo` were resolved again (sets are copied before they change). */
function updatedReferrers(
  index: Map<string, Set<string>>,
  redo: Iterable<string>,
  before: Map<string, Reference[]>,
  after: Map<string, Reference[]>,
): Map<string, Set<string>> {
  const changes: Array<[string, Set<string>, Set<string>]> = [];
  for (const f of redo) {
    const a = targetsOf(before.get(f));
    const b = targetsOf(after.get(f));
    if (a.size !== b.size || [...a].some((t) => !b.has(t))) changes.push([f, a, b]);
  }
  if (changes.length === 0) return index;
  const next = new Map(index);
  for (const [f, a, b] of changes) {
    for (const t of a) {
      if (b.has(t)) continue;
      const set = new Set(next.get(t));
      set.delete(f);
      if (set.size === 0) next.delete(t);
      else next.set(t, set);
    }
    for (const t of b) {
      if (a.has(t)) continue;
      next.set(t, new Set(next.get(t)).add(f));
    }
  }
  return next;
}

/** Warnings for broken references, in file and document order (each file's broken ones are remembered). */
function reportBroken(byFile: Map<string, Reference[]>, problems: ProblemList): void {
  for (const list of byFile.values()) {
    let broken = brokenCache.get(list);
    if (broken === undefined) {
      broken = list.filter((r) => r.status === 'broken');
      brokenCache.set(list, broken);
    }
    for (const ref of broken) {
      // conref/conkeyref and submaps are reported where they are resolved.
      if (ref.status !== 'broken' || ref.kind === 'conref' || ref.kind === 'conkeyref' || ref.kind === 'mapref') continue;
      if (ref.reason !== undefined && isRefusedUrlMessage(ref.reason)) {
        problems.error(URL_REFUSED, ref.reason, ref);
        continue;
      }
      if (ref.reason !== undefined && isOutsideRootMessage(ref.reason)) {
        problems.error(SOURCE_OUTSIDE_ROOT, ref.reason, ref);
        continue;
      }
      const code = ref.reason?.startsWith('Key ')
        ? 'key-undefined'
        : ref.kind === 'image' || ref.kind === 'object'
          ? 'image-missing'
          : ref.kind === 'topicref'
            ? 'topic-missing'
            : 'link-broken';
      problems.warning(code, ref.reason ?? 'broken reference', ref);
    }
  }
}

function resolveOneReference(
  file: string,
  r: RawReference,
  docs: Map<string, DitaDocument>,
  scopeOf: (f: string, el?: XmlElement) => KeyScope,
): Reference | PendingCheck {
  const scopeAttr = r.el.attrs.scope;
  if (r.attr === 'keyref' || r.attr === 'conkeyref' || r.attr === 'datakeyref') {
    const { path: key, fragment } = r.attr === 'conkeyref' ? splitHrefKey(r.value) : splitKeyref(r.value);
    const def = scopeOf(file, r.el).resolve(key);
    if (def === undefined) {
      // The attribute the key stands in for is the fallback of an undefined key.
      const fallback = r.attr === 'conkeyref' ? r.el.attrs.conref : r.attr === 'datakeyref' ? r.el.attrs.data : r.el.attrs.href;
      const hasFallback = fallback !== undefined;
      return makeReference(r, file, key, undefined, undefined, hasFallback ? 'resolved' : 'broken', `Key "${key}" is not defined`);
    }
    if (def.href === undefined) return makeReference(r, file, key, undefined, undefined, 'resolved', undefined);
    // The key's path is relative to the map that defines it (and was checked there, a peer's as a link).
    if (def.scope !== 'local' || isExternalHref(def.href))
      return externalReference(r, file, key, def.href, def.mapFile, def.scope === 'peer' && isLinkKind(r.kind));
    const frag = fragment !== undefined ? `${def.fragment ?? docs.get(def.href)?.firstTopic?.attrs.id ?? ''}/${fragment}` : def.fragment;
    return { r, file, key, target: def.href, fragment: frag };
  }
  if (isExternalHref(r.value) || scopeAttr === 'external' || (scopeAttr === 'peer' && r.kind !== 'conref')) {
    return externalReference(r, file, undefined, r.value, file, scopeAttr === 'peer' && isLinkKind(r.kind));
  }
  const { path, fragment } = splitHref(r.value);
  const target = path === '' ? file : resolveRelative(file, path);
  if (target === undefined) return makeReference(r, file, undefined, undefined, undefined, 'broken', OUTSIDE_SOURCE_MESSAGE);
  return { r, file, key: undefined, target, fragment };
}

/** Links a reader follows (a peer's may lead to the publication beside this one); images, objects and code are loaded. */
function isLinkKind(kind: RawReference['kind']): boolean {
  return kind === 'xref' || kind === 'link' || kind === 'topicref' || kind === 'mapref' || kind === 'keyref';
}

/**
 * A reference out of the publication; refused when its scheme is one a page may not carry (javascript:, data:, ...)
 * or its path leaves the source (relative to `base`, the file or map that writes it).
 */
function externalReference(r: RawReference, file: string, key: string | undefined, url: string, base: string, peer: boolean): Reference {
  const refused = refusalOf(base, url, peer, isLinkKind(r.kind));
  if (refused === undefined) return makeReference(r, file, key, url, undefined, 'external', undefined);
  return makeReference(r, file, key, undefined, undefined, 'broken', refused);
}

/** Why each missing target is missing when the source refuses it (a symbolic link out of its root). */
function refusalsOf(source: FileSource, existing: ReadonlyMap<string, boolean>): Map<string, string> {
  const out = new Map<string, string>();
  if (source.refusal === undefined) return out;
  for (const [p, exists] of existing) {
    const why = exists ? undefined : source.refusal(p);
    if (why !== undefined) out.set(p, why);
  }
  return out;
}

function finishReference(c: PendingCheck, exists: boolean, docs: Map<string, DitaDocument>, refusal?: string): Reference {
  const { r, file, key, target, fragment } = c;
  if (!exists) return makeReference(r, file, key, target, fragment, 'broken', refusal ?? `${describeValue(r.value)}: file ${target} not found`);
  const doc = docs.get(target);
  if (doc !== undefined && fragment !== undefined && fragment !== '' && XML_EXT.test(target) && r.kind !== 'coderef') {
    const ctxTopic = target === file ? enclosingTopic(r.el)?.attrs.id : undefined;
    if (doc.root !== undefined && doc.find(fragment, ctxTopic) === undefined && !(isMap(doc.root) && fragment !== '')) {
      return makeReference(r, file, key, target, fragment, 'broken', `${describeValue(r.value)}: no element "${fragment}" in ${target}`);
    }
  }
  return makeReference(r, file, key, target, fragment, 'resolved', undefined);
}

/** A resolved reference, its properties always in the same order (kind, element, file, line, column, value, key, target, status, reason). */
function makeReference(
  r: RawReference,
  file: string,
  key: string | undefined,
  targetFile: string | undefined,
  targetFragment: string | undefined,
  status: ReferenceStatus,
  reason: string | undefined,
): Reference {
  const head: Omit<Reference, 'status'> = { kind: r.kind, element: r.el.name, file, line: r.el.line, column: r.el.column, value: r.value };
  if (key !== undefined) head.key = key;
  if (targetFile !== undefined) head.targetFile = targetFile;
  if (targetFragment !== undefined) head.targetFragment = targetFragment;
  const ref: Reference = Object.assign(head, { status });
  if (reason !== undefined) ref.reason = reason;
  return ref;
}

function describeValue(v: string): string {
  return `"${v}"`;
}

/** keyref="key" or "key/elementid". */
export function splitKeyref(keyref: string): { path: string; fragment?: string } {
  return splitHrefKey(keyref);
}
