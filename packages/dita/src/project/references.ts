import type { KeyScope } from '../keys/key-space.js';
import { isExternalHref, isRefusedUrlMessage, OUTSIDE_SOURCE_MESSAGE, refusalOf, splitHref, splitHrefKey, URL_REFUSED } from '../links/href.js';
import type { RawReference, Reference, ReferenceStatus } from '../links/link-graph.js';
import type { DitaDocument } from '../model/dita-document.js';
import { enclosingTopic } from '../model/dita-document.js';
import { isMap } from '../model/dita-elements.js';
import type { ProblemList } from '../problems/problem.js';
import type { FileSource } from '../source/file-source.js';
import { isOutsideRootMessage, resolveRelative, SOURCE_OUTSIDE_ROOT } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { XML_EXT } from './project-model.js';

/** Resolving the references of a load (and keeping, per reference table, who links to each file, for the next incremental load). */

export interface ReferenceReuse {
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

/** Every file's references resolved against the loaded documents and key scopes; broken ones reported. */
export async function resolveReferences(
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

/**
 * The references of an incremental load that read the `dirty` files again: theirs resolved again, and of the files
 * pointing into them the references that point there; every other file keeps the previous load's list.
 */
export async function redoReferences(
  previous: Map<string, Reference[]>,
  dirty: ReadonlySet<string>,
  rawRefs: Map<string, RawReference[]>,
  docs: Map<string, DitaDocument>,
  source: FileSource,
  scopeOf: (f: string, el?: XmlElement) => KeyScope,
  problems: ProblemList,
): Promise<Map<string, Reference[]>> {
  // References: the re-read files' and those pointing into them, found through the index of who links where.
  const referrers = referrersOf(previous);
  const redo = new Set<string>();
  for (const f of dirty) {
    if (rawRefs.has(f)) redo.add(f);
    for (const g of referrers.get(f) ?? []) redo.add(g);
  }
  const referencesByFile = new Map(previous);
  const lists = new Map<string, Array<Reference | PendingCheck>>();
  const unknown = new Set<string>();
  for (const f of redo) {
    // A file that only points into the re-read ones: just those references can resolve differently.
    const keep = dirty.has(f) ? undefined : previous.get(f);
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
      previous,
      referencesByFile,
    ),
  );
  return referencesByFile;
}

/** Ready for incremental loads: who links to each file, carried forward from the previous load's index when known (only re-resolved lists can point elsewhere). */
export function indexReferrers(referencesByFile: Map<string, Reference[]>, previous: Map<string, Reference[]> | undefined): void {
  const knownReferrers = previous !== undefined ? referrerIndexes.get(previous) : undefined;
  if (previous !== undefined && knownReferrers !== undefined) {
    const redone = [...referencesByFile].filter(([f, refs]) => previous.get(f) !== refs).map(([f]) => f);
    for (const f of previous.keys()) if (!referencesByFile.has(f)) redone.push(f);
    referrerIndexes.set(referencesByFile, updatedReferrers(knownReferrers, redone, previous, referencesByFile));
  } else referrersOf(referencesByFile);
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
function splitKeyref(keyref: string): { path: string; fragment?: string } {
  return splitHrefKey(keyref);
}
