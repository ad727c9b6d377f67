import path from 'node:path';
import type { KeyScope } from '../keys/key-space.js';
import { htmlId, isAllowedLinkUrl } from '../links/href.js';
import { mapMetadataOf } from '../map/map-metadata.js';
import { resolvedProlog } from '../map/move-meta.js';
import { captionNumber } from '../model/caption-number.js';
import { isTopic } from '../model/dita-elements.js';
import type { IndexRef } from '../model/index-terms.js';
import { plainText } from '../model/plain-text.js';
import type { ProblemList } from '../problems/problem.js';
import type { DitaProject } from '../project/dita-project.js';
import type { Page, PagePlan, PageTopic } from '../publish/page-plan.js';
import { outputPathOf, shortdescOf, titleOfTopic } from '../publish/page-plan.js';
import type { RelatedLink } from '../publish/reltable-links.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, descendants, firstChild, readableText, textContent } from '../xml/xml-dom.js';
import type { GeneratedText } from './generated-text.js';
import { generatedText, hasGeneratedText, warnNoGeneratedText } from './generated-text.js';
import { escapeAttr, escapeText } from './html-escape.js';
import { relatedLink } from './link-renderer.js';
import type { LinkTarget, RenderEnv } from './render-state.js';
import { linkTitle } from './render-state.js';
import { renderTopic } from './topic-renderer.js';

export interface RenderedPage {
  /** The <article> elements, related links and footnotes (no page shell). */
  body: string;
  /** Source files the page's output depends on. */
  deps: Set<string>;
  keys: Set<string>;
  resources: Set<string>;
  /** Plain text for the search index. */
  text: string;
  /** Index entries (indexterm) of the page, in document order. */
  index: IndexRef[];
}

export interface PageContext {
  project: DitaProject;
  plan: PagePlan;
  problems: ProblemList;
  related: Map<string, RelatedLink[]>;
  codeText: (file: string) => string | Buffer | undefined;
  draft: boolean;
  /** For one-document output (PDF): every link is an in-document anchor. */
  singleDocument?: boolean;
}

export function pageAnchor(file: string, topicId: string): string {
  return htmlId(`${file.replace(/[/.]/g, '_')}__${topicId}`);
}

function relUrl(fromOut: string, toOut: string): string {
  const dir = path.posix.dirname(fromOut);
  return path.posix.relative(dir === '.' ? '' : dir, toOut) || path.posix.basename(toOut);
}

/** Link from a page to a topic or element, with the target's title. */
export function linkFactory(
  ctx: PageContext,
  page: Page,
  deps: Set<string>,
  scope: KeyScope,
): (file: string, fragment: string | undefined) => LinkTarget | undefined {
  return (file, fragment) => {
    deps.add(file);
    const doc = ctx.project.docs.get(file);
    const target = doc?.find(fragment);
    const topicId = fragment !== undefined && fragment !== '' ? fragment.split('/')[0] : doc?.firstTopic?.attrs.id;
    const elemId = fragment?.includes('/') ? fragment.slice(fragment.indexOf('/') + 1) : undefined;
    const targetPage = (topicId !== undefined ? ctx.plan.pageByTopic.get(`${file}#${topicId}`) : undefined) ?? ctx.plan.pageByFile.get(file);
    let title: string | undefined;
    let shortdesc: string | undefined;
    let type: string | undefined;
    let caption: LinkTarget['caption'];
    if (target !== undefined) {
      if (isTopic(target)) {
        title = escapeText(titleOfTopic(target, scope));
        shortdesc = shortdescOf(target, scope);
        type = target.name;
      } else {
        const t = firstChild(target, 'title');
        // A titled figure or table is named by its number, as DITA-OT's default (FIGURELINK and TABLELINK = NUMBER).
        const n = captionNumber(target);
        if (n > 0) caption = { name: target.name === 'fig' ? 'fig' : 'table', n };
        else title = escapeText(t !== undefined ? plainText(t, scope) : plainText(target, scope).slice(0, 80));
      }
    }
    if (targetPage === undefined)
      return title !== undefined || caption !== undefined
        ? { url: '', ...(title !== undefined ? { title } : {}), ...(type ? { type } : {}), ...(caption ? { caption } : {}) }
        : undefined;
    let anchor = '';
    const isPageRoot = targetPage.topics[0]?.file === file && targetPage.topics[0]?.topic.attrs.id === topicId;
    if (ctx.singleDocument) anchor = `#${pageAnchor(file, topicId ?? '')}`;
    else if (!isPageRoot && topicId !== undefined) anchor = `#${htmlId(topicId)}`;
    if (elemId !== undefined && topicId !== undefined)
      anchor = `#${htmlId(ctx.singleDocument ? `${pageAnchor(file, topicId)}__${elemId}` : `${topicId}__${elemId}`)}`;
    const url = ctx.singleDocument ? anchor : (targetPage === page ? '' : relUrl(page.outPath, targetPage.outPath)) + anchor;
    return {
      url: url === '' ? '#' : url,
      ...(title !== undefined ? { title } : {}),
      ...(shortdesc ? { shortdesc } : {}),
      ...(type ? { type } : {}),
      ...(caption ? { caption } : {}),
    };
  };
}

/** Renders the content of a page: its topics, child/parent links, related links, footnotes. */
export function renderPage(ctx: PageContext, page: Page): RenderedPage {
  const deps = new Set<string>([page.file]);
  const keys = new Set<string>();
  const resources = new Set<string>();
  const text = generatedText(page.lang);
  if (!hasGeneratedText(page.lang)) warnNoGeneratedText(page.lang, { file: page.file, line: 0, column: 0 }, ctx.problems);
  const link = linkFactory(ctx, page, deps, page.scope);
  const env: RenderEnv = {
    text,
    scope: page.scope,
    problems: ctx.problems,
    link,
    resource: (file) => {
      resources.add(file);
      if (ctx.singleDocument) return outputPathOf(file, ctx.plan.mapDir);
      return relUrl(page.outPath, outputPathOf(file, ctx.plan.mapDir));
    },
    codeText: (file) => {
      deps.add(file);
      return ctx.codeText(file);
    },
    onKey: (k) => keys.add(k),
    element: (file, fragment) => {
      deps.add(file);
      return ctx.project.docs.get(file)?.find(fragment);
    },
    draft: ctx.draft,
  };
  let body = '';
  const footnotes: string[] = [];
  const index: IndexRef[] = [];
  for (const pt of page.topics) {
    deps.add(pt.file);
    for (const d of ctx.project.conrefDependencies.get(pt.file) ?? []) deps.add(d);
    const r = renderTopic(pt.topic, env, pt.level, resolvedPrologOf(pt));
    let html = r.html;
    if (ctx.singleDocument) html = html.replace(/ id="([^"]*)"/g, (_m, id: string) => ` id="${pageAnchor(pt.file, '')}${id}"`);
    body += html;
    footnotes.push(...r.footnotes);
    for (const { occ, anchor, topic } of r.index)
      index.push({ ...occ, anchor: ctx.singleDocument ? `${pageAnchor(pt.file, '')}${anchor}` : anchor, title: titleOfTopic(topic, page.scope) });
    body += relatedLinks(ctx, page, pt.file, pt.topic, pt.node === page.node ? page : undefined, env, text, deps);
  }
  if (footnotes.length > 0) body += `<ol class="fnlist">${footnotes.join('')}</ol>`;
  return { body, deps, keys, resources, text: searchText(page), index };
}

/** A page topic's prolog with the map metadata of its topicref merged in (DITA-OT's move-meta-entries). */
function resolvedPrologOf(pt: PageTopic): XmlElement | undefined {
  return pt.node !== undefined ? resolvedProlog(pt.topic, mapMetadataOf(pt.node)) : undefined;
}

function searchText(page: Page): string {
  let out = '';
  for (const pt of page.topics) {
    out += ` ${readableText(pt.topic)}`;
    // The map's keywords and other metadata are searched as the topic's own.
    const prolog = resolvedPrologOf(pt);
    if (prolog !== undefined && prolog !== firstChild(pt.topic, 'prolog')) out += ` ${readableText(prolog)}`;
  }
  return out;
}

function relatedLinks(
  ctx: PageContext,
  page: Page,
  file: string,
  topic: XmlElement,
  withMap: Page | undefined,
  env: RenderEnv,
  text: GeneratedText,
  deps: Set<string>,
): string {
  let out = '';
  // Child topics and parent topic, from the map hierarchy.
  const node = withMap?.node;
  if (node !== undefined && !node.chunk?.includes('to-content')) {
    const items: string[] = [];
    const addChildren = (children: typeof node.children): void => {
      for (const c of children) {
        if (c.processingRole !== 'normal' || c.element.name === 'keydef' || !c.toc) continue;
        const cp = ctx.plan.pageByNode.get(c);
        if (cp === undefined || c.href === undefined) {
          if (c.href === undefined) addChildren(c.children);
          continue;
        }
        const t = env.link(c.href, c.fragment);
        if (t === undefined) continue;
        const title = c.locktitle && c.navtitle ? escapeText(c.navtitle) : (linkTitle(t, text) ?? escapeText(c.navtitle ?? c.href));
        items.push(
          `<li class="link ulchildlink"><strong><a href="${escapeAttr(t.url)}">${title}</a></strong>${t.shortdesc ? `<br><span class="linkdesc">${escapeText(t.shortdesc)}</span>` : ''}</li>`,
        );
      }
    };
    addChildren(node.children);
    if (items.length > 0) out += `<nav class="related-links childlinks"><ul class="ullinks">${items.join('')}</ul></nav>`;
  }
  const groups = new Map<string, string[]>();
  const add = (type: string, html: string): void => {
    const g = type === 'concept' || type === 'task' || type === 'reference' ? type : 'other';
    const list = groups.get(g) ?? [];
    if (!list.includes(html)) list.push(html);
    groups.set(g, list);
  };
  // <related-links> written in the topic.
  const rl = firstChild(topic, 'related-links');
  if (rl !== undefined) {
    for (const l of descendants(rl)) {
      if (l.name !== 'link') continue;
      const r = relatedLink(l, env, page.scope);
      if (r !== undefined) add(r.type, r.html);
    }
  }
  // Relationship tables: the topicref's linktext and shortdesc, else the target's title and shortdesc (DITA-OT's maplink).
  for (const rel of ctx.related.get(file) ?? []) {
    const desc = (d: string | undefined): string => (d ? `<p class="linkdesc">${escapeText(d)}</p>` : '');
    if (rel.external) {
      const label = escapeText(rel.linktext ?? rel.navtitle ?? rel.file);
      // A refused scheme is listed as text (the link graph reports it).
      if (!isAllowedLinkUrl(rel.file)) {
        add('other', `<li class="link">${label}</li>`);
        continue;
      }
      add('other', `<li class="link"><a href="${escapeAttr(rel.file)}" target="_blank" rel="external noopener">${label}</a>${desc(rel.shortdesc)}</li>`);
      continue;
    }
    deps.add(rel.file);
    const t = env.link(rel.file, rel.fragment);
    if (t === undefined || t.url === '') continue;
    const label = rel.linktext !== undefined ? escapeText(rel.linktext) : (linkTitle(t, text) ?? escapeText(rel.navtitle ?? rel.file));
    add(rel.type, `<li class="link"><a href="${escapeAttr(t.url)}">${label}</a>${desc(rel.shortdesc ?? t.shortdesc)}</li>`);
  }
  const parent = node?.parent;
  let parentHtml = '';
  // A parent link is the web's way back up the map; a printed book has its TOC and running heads instead.
  if (parent !== undefined && withMap !== undefined && !ctx.singleDocument) {
    let p: typeof parent | undefined = parent;
    while (p !== undefined && (p.href === undefined || ctx.plan.pageByNode.get(p) === undefined)) p = p.parent;
    if (p?.href !== undefined) {
      const t = env.link(p.href, p.fragment);
      if (t !== undefined && t.url !== '')
        parentHtml = `<div class="parentlink"><strong>${escapeText(text.parentTopic)}${escapeText(text.colon)}</strong><a href="${escapeAttr(t.url)}">${t.title ?? ''}</a></div>`;
    }
  }
  if (groups.size === 0 && parentHtml === '') return out;
  out += `<nav class="related-links">`;
  const headings: Array<[string, string]> = [
    ['concept', text.relatedConcepts],
    ['task', text.relatedTasks],
    ['reference', text.relatedReferences],
    ['other', text.relatedInformation],
  ];
  for (const [g, label] of headings) {
    const list = groups.get(g);
    if (list === undefined) continue;
    out += `<div class="linklist ${g}"><strong>${escapeText(label)}</strong><ul>${list.join('')}</ul></div>`;
  }
  return `${out}${parentHtml}</nav>`;
}

export function collectLinkText(el: XmlElement): string {
  return [...childElements(el)].map((c) => textContent(c)).join(' ');
}
