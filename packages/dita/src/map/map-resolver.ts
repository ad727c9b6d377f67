/**
 * A root map resolved: its submaps read, maprefs expanded, key scopes built, keyrefs on topicrefs
 * resolved, relationship tables and subject schemes read, copy-to targets settled.
 * Over 400 lines: resolveMap is one walk whose closures share the state of a pass (the key scopes,
 * the keyref nodes, the maps seen) and run again while maprefs by key change what is reached; the
 * parts that stand alone are in map-keyref.ts, subject-scheme.ts and map-metadata.ts.
 */
import type { ConditionFilter } from '../ditaval/ditaval.js';
import type { KeyDefinition, KeyScopeItem, LinkScope } from '../keys/key-space.js';
import { finishKeyScopes, KeyScope, resolveKeyChains } from '../keys/key-space.js';
import { isExternalHref, leavesSource, splitHref, splitHrefKey } from '../links/href.js';
import { GENERATED_LISTS, isMap, isTopic, isTopicref, topicTitle } from '../model/dita-elements.js';
import { plainText } from '../model/plain-text.js';
import { ProblemList } from '../problems/problem.js';
import type { FileSource } from '../source/file-source.js';
import { resolveRelative } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, createElement, descendants, firstChild, textContent } from '../xml/xml-dom.js';
import { resolveNodeKeyref } from './map-keyref.js';
import { cascadingMeta } from './map-metadata.js';
import type { MapNode, Reltable, ResolvedMap, SubjectScheme } from './map-model.js';
import { formatOf, walkNodes } from './map-model.js';
import { readSubjectScheme } from './subject-scheme.js';

export interface MapReadOptions {
  source: FileSource;
  filter?: ConditionFilter;
  problems: ProblemList;
  /** Cache of parsed files shared with the topic reader. */
  readXml: (path: string) => Promise<XmlElement | undefined>;
  /** The publication's language, for a map without xml:lang (else English, DITA-OT's default). */
  lang?: string;
}

const CASCADE_ROLE = 'processing-role';

interface WalkContext {
  mapFile: string;
  mapDepth: number;
  scope: KeyScope;
  items: KeyScopeItem[];
  role: 'normal' | 'resource-only';
  toc: boolean;
  linking: string | undefined;
  stack: string[];
  /** Cascading metadata from enclosing topicrefs, maprefs and maps, nearest first. */
  meta: XmlElement[];
}

/** Reads a root map and all maps it references, expanding maprefs and building the key scopes. */
export async function resolveMap(rootFile: string, opts: MapReadOptions): Promise<ResolvedMap> {
  const { problems: allProblems } = opts;
  // Per pass (a mapref by key is only known once the keys are: the map is walked again then).
  let problems = new ProblemList();
  let maps: string[] = [];
  let reltableSources: Array<{ element: XmlElement; ctx: WalkContext }> = [];
  let subjectSchemes: SubjectScheme[] = [];
  let rootScope = new KeyScope([]);
  let keyrefNodes: MapNode[] = [];
  let elementScopes = new WeakMap<XmlElement, KeyScope>();
  let maprefKeyrefs: Array<{ el: XmlElement; scope: KeyScope; used: string | undefined }> = [];
  /** mapref element -> the map its key names (root-relative), from the previous pass. */
  const keyedMaps = new Map<XmlElement, string>();

  const root = await opts.readXml(rootFile);
  if (root === undefined) {
    if (!(await opts.source.exists(rootFile))) allProblems.error('map-missing', `Map not found: ${rootFile}`, { file: rootFile, line: 0, column: 0 });
    return {
      rootFile,
      root: undefined,
      title: undefined,
      titleText: rootFile,
      lang: opts.lang ?? 'en',
      nodes: [],
      reltables: [],
      keyScope: rootScope,
      subjectSchemes,
      maps: [rootFile],
      meta: undefined,
      isBookmap: false,
      elementScopes,
    };
  }
  if (!isMap(root)) {
    if (isTopic(root) || root.name === 'dita') return topicAsMap(rootFile, root, rootScope);
    allProblems.error('map-not-a-map', `<${root.name}> is neither a DITA map nor a topic`, root);
  }

  // Read every submap first (in parallel), so the walk itself is synchronous.
  const loadedMaps = new Map<string, { root: XmlElement | undefined; exists: boolean }>();
  const loadMap = async (p: string): Promise<void> => {
    if (loadedMaps.has(p)) return;
    loadedMaps.set(p, { root: undefined, exists: false });
    const sub = await opts.readXml(p);
    loadedMaps.set(p, { root: sub, exists: sub !== undefined || (await opts.source.exists(p)) });
    if (sub !== undefined) await preload(sub, p);
  };
  const preload = async (mapEl: XmlElement, mapFile: string): Promise<void> => {
    const subs: string[] = [];
    for (const el of descendants(mapEl)) {
      if (!isTopicref(el) || el.attrs.href === undefined) continue;
      const href = el.attrs.href;
      if (formatOf(el, href) !== 'ditamap' || isExternalHref(href) || (el.attrs.scope !== undefined && el.attrs.scope !== 'local')) continue;
      const p = resolveRelative(mapFile, splitHref(href).path);
      if (p !== undefined && !loadedMaps.has(p)) {
        loadedMaps.set(p, { root: undefined, exists: false });
        subs.push(p);
      }
    }
    await Promise.all(
      subs.map(async (p) => {
        const sub = await opts.readXml(p);
        loadedMaps.set(p, { root: sub, exists: sub !== undefined || (await opts.source.exists(p)) });
        if (sub !== undefined) await preload(sub, p);
      }),
    );
  };
  loadedMaps.set(rootFile, { root, exists: true });
  await preload(root, rootFile);
  // Subject scheme hierarchies take part in filtering (a rule on "linux" covers "redhat"): known before the walk,
  // so the maps read so far are filtered again with them, and the topics read later are filtered with them.
  if (opts.filter !== undefined) {
    const trees = [...loadedMaps.values()].flatMap((m) => (m.root?.name === 'subjectScheme' ? readSubjectScheme(m.root, '').subjects : []));
    if (opts.filter.useSubjectHierarchy(trees)) for (const m of loadedMaps.values()) if (m.root !== undefined) opts.filter.apply(m.root);
  }

  const walkChildren = (parentEl: XmlElement, parent: MapNode | undefined, ctx: WalkContext): MapNode[] => {
    const out: MapNode[] = [];
    for (const el of childElements(parentEl)) {
      if (el.name === 'reltable') {
        reltableSources.push({ element: el, ctx });
        continue;
      }
      if (!isTopicref(el)) continue;
      if (el.name === 'booklists') {
        out.push(...walkChildren(el, parent, ctx));
        continue;
      }
      out.push(...walkTopicref(el, parent, ctx));
    }
    return out;
  };

  const walkTopicref = (el: XmlElement, parent: MapNode | undefined, outer: WalkContext): MapNode[] => {
    const rawHref = el.attrs.href;
    const format = formatOf(el, rawHref);
    const scopeAttr = (el.attrs.scope as LinkScope | undefined) ?? (rawHref !== undefined && isExternalHref(rawHref) ? 'external' : 'local');
    const role = (el.attrs[CASCADE_ROLE] as 'normal' | 'resource-only' | undefined) ?? (el.name === 'keydef' ? 'resource-only' : outer.role);
    const toc = el.attrs.toc !== undefined ? el.attrs.toc !== 'no' : outer.toc && el.name !== 'keydef';
    const linking = el.attrs.linking ?? outer.linking;
    let ctx: WalkContext = { ...outer, role: el.attrs[CASCADE_ROLE] === 'resource-only' ? 'resource-only' : outer.role, toc, linking };

    const scopeNames = (el.attrs.keyscope ?? '').split(/\s+/).filter(Boolean);
    if (scopeNames.length > 0) {
      const child = new KeyScope(scopeNames, ctx.scope);
      ctx.items.push({ kind: 'scope', scope: child });
      ctx = { ...ctx, scope: child, items: child.items };
    }

    elementScopes.set(el, outer.scope);
    const keyref = el.attrs.keyref?.trim() || undefined;
    // A reference to a submap: splice its topicrefs in place. Its key, when it names a map, wins over @href.
    const keyedMap = keyedMaps.get(el);
    if (format === 'ditamap' && keyref !== undefined) maprefKeyrefs.push({ el, scope: outer.scope, used: keyedMap });
    if (format === 'ditamap' && keyref !== undefined && keyedMap === undefined && (rawHref === undefined || scopeAttr !== 'local')) return [];
    if (format === 'ditamap' && (keyedMap !== undefined || (rawHref !== undefined && scopeAttr === 'local'))) {
      const mapPath = keyedMap ?? resolveRelative(outer.mapFile, splitHref(rawHref ?? '').path);
      if (mapPath === undefined) {
        problems.error('map-missing', `Submap outside the source: ${rawHref}`, el);
        return [];
      }
      if (ctx.stack.includes(mapPath)) {
        problems.error('map-loop', `Map reference loop: ${[...ctx.stack, mapPath].join(' -> ')}`, el);
        return [];
      }
      const loaded = loadedMaps.get(mapPath);
      const sub = loaded?.root;
      if (sub === undefined) {
        if (loaded?.exists !== true) problems.error('map-missing', `Submap not found: ${rawHref}`, el);
        return [];
      }
      maps.push(mapPath);
      // Keys on a mapref name the map itself.
      for (const key of (el.attrs.keys ?? '').split(/\s+/).filter(Boolean)) {
        const def: KeyDefinition = {
          key,
          element: el,
          mapFile: outer.mapFile,
          scope: 'local',
          processingRole: role,
          href: mapPath,
          format: 'ditamap',
          owner: outer.scope,
        };
        (scopeNames.length > 0 ? outer.items : ctx.items).push({ kind: 'def', def });
      }
      if (sub.name === 'subjectScheme') subjectSchemes.push(readSubjectScheme(sub, mapPath));
      // The mapref's topicmeta and the submap's own cascade into the submap's topics (DITA 1.3 map-to-map cascading).
      const subMeta = [...cascadingMeta(firstChild(sub, 'topicmeta')), ...cascadingMeta(firstChild(el, 'topicmeta')), ...ctx.meta];
      let subCtx: WalkContext = { ...ctx, mapFile: mapPath, mapDepth: ctx.mapDepth + 1, stack: [...ctx.stack, mapPath], meta: subMeta };
      const subScopes = (sub.attrs.keyscope ?? '').split(/\s+/).filter(Boolean);
      if (subScopes.length > 0) {
        const child = new KeyScope(subScopes, subCtx.scope);
        subCtx.items.push({ kind: 'scope', scope: child });
        subCtx = { ...subCtx, scope: child, items: child.items };
      } else {
        const items: KeyScopeItem[] = [];
        subCtx.items.push({ kind: 'submap', items });
        subCtx = { ...subCtx, items };
      }
      if (sub.attrs[CASCADE_ROLE] === 'resource-only') subCtx = { ...subCtx, role: 'resource-only' };
      // A subject scheme is metadata: its subjectdefs define keys, never pages or TOC entries.
      if (sub.name === 'subjectScheme') subCtx = { ...subCtx, role: 'resource-only', toc: false };
      return walkChildren(sub, parent, subCtx);
    }

    const node: MapNode = {
      element: el,
      name: el.name,
      mapFile: outer.mapFile,
      keys: (el.attrs.keys ?? '').split(/\s+/).filter(Boolean),
      format,
      scope: scopeAttr,
      processingRole: role,
      toc,
      locktitle: el.attrs.locktitle === 'yes',
      children: [],
      parent,
      keyScope: ctx.scope,
      mapDepth: outer.mapDepth,
      inheritedMeta: outer.meta,
    };
    if (linking !== undefined) node.linking = linking;
    if (el.attrs.chunk) node.chunk = el.attrs.chunk;
    if (el.attrs['copy-to']) {
      const ct = resolveRelative(outer.mapFile, el.attrs['copy-to']);
      if (ct !== undefined) node.copyTo = ct;
    }
    if (el.attrs['collection-type']) node.collectionType = el.attrs['collection-type'];
    if (el.attrs.type) node.type = el.attrs.type;
    if (keyref !== undefined) node.keyref = keyref;
    const navEl = firstChild(firstChild(el, 'topicmeta') ?? el, 'navtitle');
    const navtitle = navEl !== undefined && navEl.parent !== el ? textContent(navEl).trim() : el.attrs.navtitle;
    if (navtitle) node.navtitle = navtitle.replace(/\s+/g, ' ');
    if (rawHref !== undefined && !GENERATED_LISTS.has(el.name)) setHref(node, rawHref, outer.mapFile);

    // Key definitions are recorded in the scope the topicref sits in (not the scope it defines).
    const defScopeItems = scopeNames.length > 0 ? outer.items : ctx.items;
    for (const key of node.keys) {
      const def: KeyDefinition = {
        key,
        element: el,
        mapFile: outer.mapFile,
        scope: node.scope,
        processingRole: node.processingRole,
        owner: outer.scope,
        ...(node.href !== undefined ? { href: node.href } : {}),
        ...(node.fragment !== undefined ? { fragment: node.fragment } : {}),
        ...(el.attrs.format || node.href !== undefined ? { format: node.format } : {}),
      };
      defScopeItems.push({ kind: 'def', def });
    }
    // A defined key wins over the topicref's own @href, its fallback (DITA 1.3 2.3.4.1).
    if (node.keyref !== undefined) keyrefNodes.push(node);
    const ownMeta = cascadingMeta(firstChild(el, 'topicmeta'));
    node.children = walkChildren(el, node, { ...ctx, role: node.processingRole, meta: ownMeta.length === 0 ? ctx.meta : [...ownMeta, ...ctx.meta] });
    return [node];
  };

  const walkAll = (): MapNode[] => {
    problems = new ProblemList();
    maps = [rootFile];
    reltableSources = [];
    subjectSchemes = [];
    rootScope = new KeyScope([]);
    keyrefNodes = [];
    elementScopes = new WeakMap();
    maprefKeyrefs = [];
    const rootScopes = (root.attrs.keyscope ?? '').split(/\s+/).filter(Boolean);
    let baseScope = rootScope;
    if (rootScopes.length > 0) {
      baseScope = new KeyScope(rootScopes, rootScope);
      rootScope.items.push({ kind: 'scope', scope: baseScope });
    }
    if (root.name === 'subjectScheme') subjectSchemes.push(readSubjectScheme(root, rootFile));
    const ctx: WalkContext = {
      mapFile: rootFile,
      mapDepth: 0,
      scope: baseScope,
      items: baseScope.items,
      role: root.attrs[CASCADE_ROLE] === 'resource-only' ? 'resource-only' : 'normal',
      toc: true,
      linking: undefined,
      stack: [rootFile],
      meta: cascadingMeta(firstChild(root, 'bookmeta') ?? firstChild(root, 'topicmeta')),
    };
    const out = walkChildren(root, undefined, ctx);
    finishKeyScopes(rootScope);
    for (const p of resolveKeyChains(rootScope)) {
      if (p.code === 'key-loop') problems.error(p.code, p.message, p.def.element);
      else problems.warning(p.code, p.message, p.def.element);
    }
    return out;
  };

  let nodes = walkAll();
  // maprefs by key: walk again with the maps their keys name, until nothing changes (a key may come from a keyed map).
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (const { el, scope, used } of maprefKeyrefs) {
      const def = scope.resolve(splitHrefKey(el.attrs.keyref?.trim() ?? '').path);
      const target = def?.href !== undefined && def.scope === 'local' && def.format === 'ditamap' ? def.href : undefined;
      if (target === used) continue;
      changed = true;
      if (target === undefined) keyedMaps.delete(el);
      else {
        keyedMaps.set(el, target);
        await loadMap(target);
      }
    }
    if (!changed) break;
    nodes = walkAll();
  }
  for (const { el, scope } of maprefKeyrefs) {
    const key = splitHrefKey(el.attrs.keyref?.trim() ?? '').path;
    // With an @href the map falls back to it silently (DITA 1.3 2.3.4.2); without, the reference is lost.
    if (scope.resolve(key) === undefined && el.attrs.href === undefined) problems.warning('key-undefined', `Key "${key}" is not defined`, el);
  }

  // A navtitle that uses keys (<keyword keyref="product"/>) reads the key's text, now that the key scopes are complete.
  for (const node of nodes) {
    const navEl = firstChild(firstChild(node.element, 'topicmeta') ?? node.element, 'navtitle');
    if (navEl === undefined || navEl.parent === node.element || ![...descendants(navEl)].some((d) => d.attrs.keyref !== undefined)) continue;
    const text = plainText(navEl, node.keyScope).replace(/\s+/g, ' ').trim();
    if (text) node.navtitle = text;
  }

  // topicref/@keyref: take href, format, scope and navtitle from the key definition.
  for (const node of keyrefNodes) resolveNodeKeyref(node, problems);

  const reltables: Reltable[] = reltableSources.map(({ element, ctx: rctx }) => readReltable(element, rctx, problems));
  await settleCopyTo(nodes, opts.source, problems);
  allProblems.addAll(problems.items);

  const titleEl = firstChild(root, 'title') ?? firstChild(firstChild(root, 'booktitle') ?? root, 'mainbooktitle');
  // Keys in the title (a product name kept as a keyword) resolve, as in the pages' titles.
  const titleText = titleEl !== undefined ? plainText(titleEl, rootScope).replace(/\s+/g, ' ').trim() : (root.attrs.title ?? rootFile);
  return {
    rootFile,
    root,
    title: titleEl,
    titleText,
    lang: root.attrs['xml:lang'] ?? opts.lang ?? 'en',
    nodes,
    reltables,
    keyScope: rootScope,
    subjectSchemes,
    maps,
    meta: firstChild(root, 'bookmeta') ?? firstChild(root, 'topicmeta'),
    isBookmap: root.name === 'bookmap',
    elementScopes,
  };

  function readReltable(element: XmlElement, rctx: WalkContext, list: ProblemList): Reltable {
    const header = firstChild(element, 'relheader');
    const columns =
      header === undefined
        ? []
        : [...childElements(header)].map((c) => ({
            ...(c.attrs.type ? { type: c.attrs.type } : {}),
            ...(c.attrs.linking ? { linking: c.attrs.linking } : {}),
          }));
    const rows: MapNode[][][] = [];
    for (const row of childElements(element)) {
      if (row.name !== 'relrow') continue;
      const cells: MapNode[][] = [];
      for (const cell of childElements(row)) {
        const refs: MapNode[] = [];
        for (const t of childElements(cell)) {
          if (!isTopicref(t)) continue;
          const rawHref = t.attrs.href;
          const n: MapNode = {
            element: t,
            name: t.name,
            mapFile: rctx.mapFile,
            keys: [],
            format: formatOf(t, rawHref),
            scope: (t.attrs.scope as LinkScope | undefined) ?? (rawHref !== undefined && isExternalHref(rawHref) ? 'external' : 'local'),
            processingRole: 'normal',
            toc: false,
            locktitle: false,
            children: [],
            parent: undefined,
            keyScope: rctx.scope,
            mapDepth: rctx.mapDepth,
            inheritedMeta: [],
          };
          const linking = t.attrs.linking ?? cell.attrs.linking;
          if (linking) n.linking = linking;
          if (t.attrs.type) n.type = t.attrs.type;
          const navEl = firstChild(firstChild(t, 'topicmeta') ?? t, 'navtitle');
          const nav = navEl !== undefined && navEl.parent !== t ? textContent(navEl).trim() : t.attrs.navtitle;
          if (nav) n.navtitle = nav;
          if (rawHref !== undefined) setHref(n, rawHref, rctx.mapFile);
          elementScopes.set(t, rctx.scope);
          const tKeyref = t.attrs.keyref?.trim();
          if (tKeyref) {
            n.keyref = tKeyref;
            // A defined key wins over the topicref's own @href, the fallback for an undefined key (DITA 1.3 2.3.4.1).
            resolveNodeKeyref(n, list);
          }
          refs.push(n);
        }
        cells.push(refs);
      }
      rows.push(cells);
    }
    return { element, columns, rows };
  }
}

/**
 * A topic given as the input: published as DITA-OT does, as if a map held one topicref to it
 * (its conrefs, keys-free links and nested topics resolved as for any topic of a map).
 */
function topicAsMap(rootFile: string, root: XmlElement, keyScope: KeyScope): ResolvedMap {
  const first = root.name === 'dita' ? ([...childElements(root)].find(isTopic) ?? root) : root;
  const titleEl = topicTitle(first);
  const titleText = titleEl !== undefined ? textContent(titleEl).replace(/\s+/g, ' ').trim() : rootFile;
  const element = createElement('topicref', { href: rootFile.slice(rootFile.lastIndexOf('/') + 1) }, root);
  const node: MapNode = {
    element,
    name: 'topicref',
    mapFile: rootFile,
    href: rootFile,
    keys: [],
    format: 'dita',
    scope: 'local',
    processingRole: 'normal',
    toc: true,
    locktitle: false,
    children: [],
    parent: undefined,
    keyScope,
    mapDepth: 0,
    inheritedMeta: [],
  };
  return {
    rootFile,
    root: undefined,
    title: titleEl,
    titleText,
    lang: root.attrs['xml:lang'] ?? first.attrs['xml:lang'] ?? 'en',
    nodes: [node],
    reltables: [],
    keyScope,
    subjectSchemes: [],
    maps: [rootFile],
    meta: undefined,
    isBookmap: false,
    elementScopes: new WeakMap(),
  };
}

/**
 * copy-to as DITA-OT 4.x applies it: a copy onto a file that exists is ignored (DOTX064W), and of two different
 * sources copied onto one path the first in map order wins, the later one is ignored (DOTX065W). An ignored
 * copy-to leaves the topicref pointing at its own file, so chains and cycles keep each file's own content.
 */
async function settleCopyTo(nodes: readonly MapNode[], source: FileSource, problems: ProblemList): Promise<void> {
  const withCopy = [...walkNodes(nodes)].filter((n) => n.copyTo !== undefined);
  if (withCopy.length === 0) return;
  const targets = [...new Set(withCopy.map((n) => n.copyTo ?? ''))];
  const exists = new Map(await Promise.all(targets.map(async (t) => [t, await source.exists(t)] as const)));
  const owner = new Map<string, string | undefined>();
  for (const n of withCopy) {
    const target = n.copyTo;
    if (target === undefined) continue;
    if (exists.get(target) === true || target === n.href) {
      if (target !== n.href) {
        problems.warning(
          'copy-to-exists',
          `copy-to="${n.element.attrs['copy-to']}" names a file that already exists (${target}): the copy is not made`,
          n.element,
        );
      }
      delete n.copyTo;
      continue;
    }
    const first = owner.get(target);
    if (first === undefined) owner.set(target, n.href);
    else if (first !== n.href) {
      problems.warning(
        'copy-to-duplicate',
        `copy-to="${n.element.attrs['copy-to']}" of ${n.href ?? '(no href)'} lands on the same path as the copy of ${first}: the first one is kept, this one is not copied`,
        n.element,
      );
      delete n.copyTo;
    }
  }
}

function setHref(node: MapNode, rawHref: string, mapFile: string): void {
  const { path, fragment } = splitHref(rawHref);
  if (node.scope === 'local' && !isExternalHref(rawHref)) {
    const p = path === '' ? mapFile : resolveRelative(mapFile, path);
    if (p !== undefined) node.href = p;
  } else if (leavesSource(mapFile, rawHref, node.scope === 'peer')) {
    return; // a path out of the source is no target (nor a key's): the link graph reports it where it is written
  } else node.href = rawHref;
  if (fragment !== undefined) node.fragment = fragment;
}
