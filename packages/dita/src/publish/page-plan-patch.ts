import type { Reference } from '../links/link-graph.js';
import type { MapNode } from '../map/map-model.js';
import { nearestLang } from '../model/dita-document.js';
import { isTopic } from '../model/dita-elements.js';
import type { DitaProject } from '../project/dita-project.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { buildNav, missingTargets, type Page, type PagePlan, type PageTopic, shortdescOf, titleOfTopic } from './page-plan.js';

/** Every topic element of a document, in document order. */
function topicElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (el: XmlElement): void => {
    if (isTopic(el)) out.push(el);
    for (const c of el.children) if (c.type === 'element') visit(c);
  };
  visit(root);
  return out;
}

/** Link targets that can give a topic outside the TOC its page, in reference order. */
function linkTargets(refs: readonly Reference[] | undefined): string[] {
  const out: string[] = [];
  for (const ref of refs ?? []) {
    if ((ref.kind !== 'xref' && ref.kind !== 'link') || ref.status !== 'resolved' || ref.key !== undefined || ref.targetFile === undefined) continue;
    out.push(ref.targetFile);
  }
  return out;
}

export interface PlanPatch {
  plan: PagePlan;
  /** Whether the navigation tree (its titles) changed. */
  navChanged: boolean;
}

/**
 * The plan of an incremental build whose map is unchanged, from the previous plan: pages holding topics of the
 * re-read files get the new topic elements, titles and descriptions; everything else is shared. Undefined when the
 * change could alter which pages exist or what they hold (topics or ids added, removed or renamed, other link-only
 * pages): planPages then starts over. The result is the plan planPages would make.
 */
export function patchPlan(previous: PagePlan, before: DitaProject, project: DitaProject, reread: ReadonlySet<string>): PlanPatch | undefined {
  if (project.map !== before.map) return undefined;
  // Same topics, same ids, same nesting: pages and anchors stay where they are.
  const newTopic = new Map<XmlElement, XmlElement>();
  for (const f of reread) {
    const a = before.docs.get(f)?.root;
    const b = project.docs.get(f)?.root;
    if (a === undefined || b === undefined) {
      if (a !== b) return undefined;
      continue;
    }
    if (a.name !== b.name) return undefined;
    const ta = topicElements(a);
    const tb = topicElements(b);
    if (ta.length !== tb.length) return undefined;
    for (let i = 0; i < ta.length; i++) {
      const x = ta[i];
      const y = tb[i];
      if (x === undefined || y === undefined || x.name !== y.name || x.attrs.id !== y.attrs.id || x.parent?.name !== y.parent?.name) return undefined;
      newTopic.set(x, y);
    }
  }
  // Pages for topics reached only through links: the same while every re-resolved file links to the same files.
  for (const [f, refs] of project.referencesByFile) {
    const old = before.referencesByFile.get(f);
    if (refs === old) continue;
    if (!sameStrings(linkTargets(refs), linkTargets(old))) return undefined;
  }
  const replaced = new Map<Page, Page>();
  let navChanged = false;
  for (const page of previous.pages) {
    if (!page.topics.some((t) => reread.has(t.file))) continue;
    const topics: PageTopic[] = [];
    for (const t of page.topics) {
      if (!reread.has(t.file)) {
        topics.push(t);
        continue;
      }
      const topic = newTopic.get(t.topic);
      if (topic === undefined) return undefined;
      if (titleOfTopic(topic, page.scope) !== titleOfTopic(t.topic, page.scope)) navChanged = true;
      topics.push({ file: t.file, topic, level: t.level, node: t.node });
    }
    const first = topics[0];
    if (first === undefined) return undefined;
    replaced.set(page, {
      ...page,
      topics,
      lang: nearestLang(first.topic) ?? project.map.lang,
      title: titleOfTopic(first.topic, page.scope),
      shortdesc: shortdescOf(first.topic, page.scope),
    });
  }
  if (replaced.size === 0) return { plan: previous, navChanged: false };
  const pageByNode = new Map<MapNode, Page>();
  for (const [k, p] of previous.pageByNode) pageByNode.set(k, replaced.get(p) ?? p);
  // Files and topic ids that lead to a replaced page: its own, its chunk's, its copy-to name.
  const pageByFile = new Map(previous.pageByFile);
  const pageByTopic = new Map(previous.pageByTopic);
  for (const [old, page] of replaced) {
    const files = [page.file, ...page.topics.map((t) => t.file)];
    if (page.node?.copyTo !== undefined) files.push(page.node.copyTo);
    for (const f of files) if (pageByFile.get(f) === old) pageByFile.set(f, page);
    for (const t of page.topics) {
      const visit = (el: XmlElement): void => {
        const key = `${t.file}#${el.attrs.id}`;
        if (el.attrs.id !== undefined && pageByTopic.get(key) === old) pageByTopic.set(key, page);
        for (const c of el.children) if (c.type === 'element' && isTopic(c)) visit(c);
      };
      visit(t.topic);
    }
  }
  const plan: PagePlan = {
    pages: previous.pages.map((p) => replaced.get(p) ?? p),
    pageByFile,
    pageByTopic,
    // Same titles: the same tree (its entries keep the earlier Page objects for the same output paths).
    nav: navChanged ? buildNav(project.map.nodes, pageByNode, previous.mapDir, missingTargets(project)) : previous.nav,
    pageByNode,
    mapDir: previous.mapDir,
  };
  return { plan, navChanged };
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
