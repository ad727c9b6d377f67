import path from 'node:path';
import type { KeyScope } from '../keys/key-space.js';
import { isAllowedLinkUrl, isExternalHref, peerUrl, splitHref } from '../links/href.js';
import type { MapNode } from '../map/map-model.js';
import { nearestLang } from '../model/dita-document.js';
import { isTopic, topicTitle } from '../model/dita-elements.js';
import { plainText } from '../model/plain-text.js';
import type { DitaProject } from '../project/dita-project.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { firstChild } from '../xml/xml-dom.js';

export interface PageTopic {
  file: string;
  topic: XmlElement;
  /** Heading level of the topic in the page (1 = page title). */
  level: number;
  node: MapNode | undefined;
}

/** One output page: a topic, or a chunk of topics (@chunk="to-content"). */
export interface Page {
  outPath: string;
  file: string;
  node: MapNode | undefined;
  topics: PageTopic[];
  scope: KeyScope;
  lang: string;
  title: string;
  shortdesc: string;
  /** Reached from the map's TOC (not only through a link). */
  inMap: boolean;
}

export interface NavEntry {
  t: string;
  h?: string;
  c: NavEntry[];
  /** `h` is a URL of its own (an external topicref), not a path under the output root. */
  external?: boolean;
  node?: MapNode;
  /** The page the entry opens (after an incremental rebuild that changed no title, possibly the earlier Page object for that output path). */
  page?: Page;
  /** The source file the entry opens when it is no topic (format="pdf", "html" ...): copied to the output under its own name. */
  resource?: string;
}

export interface PagePlan {
  pages: Page[];
  pageByFile: Map<string, Page>;
  /** "file#topicId" -> page holding that topic (chunks). */
  pageByTopic: Map<string, Page>;
  nav: NavEntry[];
  /** Pages that come from each topicref (for parent/child links). */
  pageByNode: Map<MapNode, Page>;
  mapDir: string;
}

/** Output path (relative to the output folder) of a source file: relative to the map's folder, .dita -> .html, no colon. */
export function outputPathOf(file: string, mapDir: string, html = false): string {
  let rel = mapDir === '' ? file : path.posix.relative(mapDir, file);
  rel = rel.replace(/^(\.\.\/)+/, (m) => '_up/'.repeat(m.length / 3));
  // A colon would make a link from a page in the same folder read as a URL scheme ("javascript:x.html").
  rel = rel.replace(/:/g, '_');
  return html ? `${rel.replace(/\.(dita|xml)$/i, '')}.html` : rel;
}

function topicsOf(project: DitaProject, file: string, fragment: string | undefined): XmlElement[] {
  const doc = project.docs.get(file);
  if (doc?.root === undefined) return [];
  if (fragment !== undefined && fragment !== '') {
    const t = doc.topic(fragment.split('/')[0] ?? '');
    return t !== undefined ? [t] : [];
  }
  if (isTopic(doc.root)) return [doc.root];
  return doc.root.children.filter((c): c is XmlElement => c.type === 'element' && isTopic(c));
}

let titleCache = new WeakMap<XmlElement, { scope: string; title: string }>();

/** Forget cached titles (after key definitions changed). */
export function resetTitleCache(): void {
  titleCache = new WeakMap();
  shortdescCache = new WeakMap();
}

export function titleOfTopic(topic: XmlElement, scope: KeyScope): string {
  const cached = titleCache.get(topic);
  const scopePath = scope.path;
  if (cached !== undefined && cached.scope === scopePath) return cached.title;
  const t = topicTitle(topic);
  const title = t !== undefined ? plainText(t, scope) : (topic.attrs.id ?? '');
  titleCache.set(topic, { scope: scopePath, title });
  return title;
}

let shortdescCache = new WeakMap<XmlElement, { scope: string; text: string }>();

export function shortdescOf(topic: XmlElement, scope: KeyScope): string {
  const cached = shortdescCache.get(topic);
  const scopePath = scope.path;
  if (cached !== undefined && cached.scope === scopePath) return cached.text;
  const sd = firstChild(topic, 'shortdesc') ?? firstChild(firstChild(topic, 'abstract') ?? topic, 'shortdesc');
  const text = sd !== undefined ? plainText(sd, scope) : '';
  shortdescCache.set(topic, { scope: scopePath, text });
  return text;
}

/** Decides which pages exist, which topics each holds, and the navigation tree. */
export function planPages(project: DitaProject): PagePlan {
  const mapDir = project.map.rootFile.includes('/') ? project.map.rootFile.slice(0, project.map.rootFile.lastIndexOf('/')) : '';
  const pages: Page[] = [];
  const pageByFile = new Map<string, Page>();
  const pageByTopic = new Map<string, Page>();
  const pageByNode = new Map<MapNode, Page>();
  const mapLang = project.map.lang;

  const addTopics = (page: Page, node: MapNode | undefined, file: string, fragment: string | undefined, level: number, onlyNew = false): void => {
    for (const t of topicsOf(project, file, fragment)) {
      if (onlyNew && t.attrs.id !== undefined && pageByTopic.has(`${file}#${t.attrs.id}`)) continue;
      page.topics.push({ file, topic: t, level, node });
      const register = (el: XmlElement): void => {
        if (el.attrs.id !== undefined && !pageByTopic.has(`${file}#${el.attrs.id}`)) pageByTopic.set(`${file}#${el.attrs.id}`, page);
        for (const c of el.children) if (c.type === 'element' && isTopic(c)) register(c);
      };
      register(t);
    }
  };

  const newPage = (file: string, node: MapNode | undefined, outFile: string, scope: KeyScope, inMap: boolean): Page => {
    const page: Page = { outPath: outputPathOf(outFile, mapDir, true), file, node, topics: [], scope, lang: mapLang, title: '', shortdesc: '', inMap };
    return page;
  };

  const chunkChildren = (page: Page, node: MapNode, level: number): void => {
    for (const c of node.children) {
      if (c.href !== undefined && c.scope === 'local' && c.format === 'dita' && c.processingRole === 'normal') {
        addTopics(page, c, c.href, c.fragment, level);
        pageByNode.set(c, page);
        if (!pageByFile.has(c.href)) pageByFile.set(c.href, page);
      }
      chunkChildren(page, c, c.href !== undefined ? level + 1 : level);
    }
  };

  const visit = (nodes: readonly MapNode[]): void => {
    for (const node of nodes) {
      const usable = node.href !== undefined && node.scope === 'local' && node.format === 'dita' && node.processingRole === 'normal';
      if (usable && node.href !== undefined) {
        // A copy-to path is never a source file (the map resolver dropped those): only the same copy shares it.
        const existing = pageByFile.get(node.copyTo ?? node.href);
        if (existing !== undefined) {
          // Another topicref to the same document that names topics its page lacks (one document
          // split over topicrefs, href="multi.dita#t2"): they join the document's page, where the
          // topicref's entry and its keys lead.
          if (node.copyTo === undefined) addTopics(existing, node, node.href, node.fragment, 1, true);
          pageByNode.set(node, existing);
        } else if (project.docs.get(node.href)?.root !== undefined) {
          const page = newPage(node.href, node, node.copyTo ?? node.href, node.keyScope, true);
          addTopics(page, node, node.href, node.fragment, 1);
          if (page.topics.length > 0) {
            pages.push(page);
            pageByNode.set(node, page);
            if (!pageByFile.has(node.href)) pageByFile.set(node.href, page);
            if (node.copyTo !== undefined) pageByFile.set(node.copyTo, page);
            if (node.chunk?.includes('to-content')) {
              chunkChildren(page, node, 2);
              continue;
            }
          }
        }
      }
      visit(node.children);
    }
  };
  visit(project.map.nodes);

  // Topics reached only through a direct link (not resource-only keys) still get a page, outside the TOC.
  const resourceOnly = new Set<string>();
  for (const n of walkAll(project.map.nodes)) if (n.href !== undefined && n.processingRole === 'resource-only') resourceOnly.add(n.href);
  const linked: string[] = [];
  for (const refs of project.referencesByFile.values()) {
    for (const ref of refs) {
      if ((ref.kind !== 'xref' && ref.kind !== 'link') || ref.status !== 'resolved' || ref.key !== undefined || ref.targetFile === undefined) continue;
      if (!pageByFile.has(ref.targetFile)) linked.push(ref.targetFile);
    }
  }
  for (const f of linked) {
    if (pageByFile.has(f) || resourceOnly.has(f) || !/\.(dita|xml)$/i.test(f)) continue;
    const doc = project.docs.get(f);
    if (doc?.root === undefined || !(isTopic(doc.root) || doc.root.name === 'dita')) continue;
    const page = newPage(f, undefined, f, project.scopeOf(f), false);
    addTopics(page, undefined, f, undefined, 1);
    if (page.topics.length === 0) continue;
    pages.push(page);
    pageByFile.set(f, page);
  }

  for (const page of pages) {
    const first = page.topics[0];
    if (first === undefined) continue;
    page.lang = nearestLang(first.topic) ?? mapLang;
    page.title = titleOfTopic(first.topic, page.scope);
    page.shortdesc = shortdescOf(first.topic, page.scope);
  }

  return { pages, pageByFile, pageByTopic, nav: buildNav(project.map.nodes, pageByNode, mapDir, missingTargets(project)), pageByNode, mapDir };
}

/** Files of the source that references name but that are not there (each reported where it is named). */
export function missingTargets(project: DitaProject): Set<string> {
  const out = new Set<string>();
  for (const refs of project.referencesByFile.values())
    for (const r of refs) if (r.status === 'broken' && r.targetFile !== undefined && !isExternalHref(r.targetFile)) out.add(r.targetFile);
  return out;
}

/** The navigation tree: the map's TOC entries with the titles of the pages they open. */
export function buildNav(nodes: readonly MapNode[], pageByNode: Map<MapNode, Page>, mapDir = '', missing: ReadonlySet<string> = new Set()): NavEntry[] {
  const out: NavEntry[] = [];
  for (const node of nodes) {
    if (!node.toc || node.processingRole !== 'normal' || node.element.name === 'keydef') continue;
    const page = pageByNode.get(node);
    const children = page !== undefined && page.node === node && node.chunk?.includes('to-content') ? [] : buildNav(node.children, pageByNode, mapDir, missing);
    // A file of the source that is no topic (directly or through a key): opened under its own name,
    // which titles it when the topicref has no navtitle (as DITA-OT's TOC falls back to @href).
    const resource =
      page === undefined &&
      node.href !== undefined &&
      node.scope === 'local' &&
      node.format !== 'dita' &&
      node.format !== 'ditamap' &&
      !isExternalHref(node.href) &&
      !missing.has(node.href)
        ? node.href
        : undefined;
    if (page === undefined && node.navtitle === undefined && resource === undefined) {
      out.push(...children);
      continue;
    }
    let title = node.navtitle ?? '';
    let href: string | undefined;
    if (page !== undefined) {
      const pt = page.topics.find((t) => t.node === node) ?? page.topics[0];
      if (!node.locktitle || title === '') title = pt !== undefined ? titleOfTopic(pt.topic, page.scope) : title;
      href = page.outPath + (pt !== undefined && pt !== page.topics[0] && pt.topic.attrs.id ? `#${pt.topic.attrs.id}` : '');
    } else if (resource !== undefined) {
      const file = outputPathOf(resource, mapDir);
      href = file + (node.fragment !== undefined ? `#${node.fragment}` : '');
      if (title === '') title = file;
    } else if (node.href !== undefined && node.scope !== 'local') {
      // A refused scheme (javascript:, data:, ...) is listed as text; the link graph reports it.
      href = outsideHref(node, mapDir);
      if (href !== undefined && !isAllowedLinkUrl(href)) href = undefined;
    }
    if (title === '') title = node.href ?? '';
    const entry: NavEntry = { t: title, c: children, node };
    if (href !== undefined) entry.h = href;
    if (href !== undefined && isExternalHref(href)) entry.external = true;
    if (page !== undefined) entry.page = page;
    if (resource !== undefined) entry.resource = resource;
    out.push(entry);
  }
  return out;
}

/**
 * Where a topicref outside this publication opens, relative to the output root: an external one
 * at its URL as written; a peer one (another publication, published alongside) at its page there,
 * its path taken from the map that holds it (as links in topics are, see peerUrl).
 */
function outsideHref(node: MapNode, mapDir: string): string | undefined {
  const raw = node.href;
  if (raw === undefined || raw === '') return undefined;
  if (node.scope === 'external' || isExternalHref(raw)) return raw;
  const { path: file, fragment } = splitHref(raw);
  const fromRoot = file.startsWith('/') ? file : path.posix.join(path.posix.dirname(node.mapFile), file);
  const out = path.posix.relative(mapDir || '.', fromRoot) || path.posix.basename(fromRoot);
  return peerUrl(fragment === undefined ? out : `${out}#${fragment}`, node.format);
}

function* walkAll(nodes: readonly MapNode[]): Generator<MapNode> {
  for (const n of nodes) {
    yield n;
    yield* walkAll(n.children);
  }
}
