import { mapMetadataOf } from '../map/map-metadata.js';
import type { TopicMetadata } from '../model/topic-metadata.js';
import { lastRevised, pageMetadataOf, topicMetadata } from '../model/topic-metadata.js';
import type { DitaProject } from '../project/dita-project.js';
import type { NavEntry, Page, PagePlan } from '../publish/page-plan.js';
import { generatedText, isRightToLeft } from './generated-text.js';
import { escapeAttr, escapeText } from './html-escape.js';
import type { IndexNode } from './index-page.js';
import { htmlLocator, indexBodyHtml } from './index-page.js';

function rootPrefix(outPath: string): string {
  const depth = outPath.split('/').length - 1;
  return '../'.repeat(depth);
}

/** The resolved prolog metadata of the page's topics (each its own with the map metadata that applies to it), together. */
function pageMetadata(page: Page): TopicMetadata | undefined {
  return pageMetadataOf(page.topics.map((t) => topicMetadata(t.topic, page.scope, t.node !== undefined ? mapMetadataOf(t.node) : [])));
}

/** <meta> tags for the resolved prolog of the page's topics. */
function metaTags(meta: TopicMetadata | undefined): string {
  if (meta === undefined) return '';
  let out = '';
  const tag = (name: string, content: string): void => {
    out += `<meta name="${escapeAttr(name)}" content="${escapeAttr(content)}">\n`;
  };
  for (const a of meta.authors) tag('author', a);
  if (meta.keywords.length > 0) tag('keywords', meta.keywords.join(', '));
  if (meta.created !== undefined) tag('dcterms.created', meta.created);
  const revised = lastRevised(meta);
  if (revised !== undefined) tag('dcterms.modified', revised);
  if (meta.publisher !== undefined) tag('dcterms.publisher', meta.publisher);
  for (const c of meta.copyrights) tag('dcterms.rights', `© ${c}`);
  for (const a of meta.audiences) tag('dcterms.audience', a);
  for (const c of meta.categories) tag('dcterms.subject', c);
  if (meta.source !== undefined) tag('dcterms.source', meta.source);
  if (meta.permissions !== undefined) tag('dcterms.accessRights', meta.permissions);
  for (const r of meta.resourceIds) tag('resourceid', r);
  for (const p of meta.products) {
    tag('prodname', p.name);
    if (p.version !== undefined) tag('version', p.version);
  }
  for (const m of meta.othermeta) tag(m.name, m.content);
  for (const d of meta.data) tag(d.name, d.value);
  return out;
}

/**
 * Up to this many entries every page carries the whole tree; beyond, the top level and the branch leading to the
 * page (the full tree per page would make output grow with the square of the topic count), and nav.js fills in the rest.
 */
export const FULL_NAV_ENTRIES = 400;

interface NavIndex {
  full: boolean;
  /** outPath -> entries on the way to each entry that opens that page (the entry included). */
  branches: Map<string, NavEntry[]>;
  /** Rendered trees, per link prefix (folder depth). */
  trees: Map<string, string>;
}

const navIndexes = new WeakMap<readonly NavEntry[], NavIndex>();

function navIndex(nav: readonly NavEntry[]): NavIndex {
  let index = navIndexes.get(nav);
  if (index === undefined) {
    const branches = new Map<string, NavEntry[]>();
    let count = 0;
    const walk = (entries: readonly NavEntry[], path: NavEntry[]): void => {
      for (const e of entries) {
        count++;
        const here = [...path, e];
        if (e.h !== undefined) {
          const page = e.h.split('#')[0] ?? e.h;
          branches.set(page, [...(branches.get(page) ?? []), ...here]);
        }
        walk(e.c, here);
      }
    };
    walk(nav, []);
    index = { full: count <= FULL_NAV_ENTRIES, branches, trees: new Map() };
    navIndexes.set(nav, index);
  }
  return index;
}

const TOC_OPEN = '<nav class="toc" id="ccms-toc"';

/** The page's static navigation tree (works without JavaScript), its own entries marked as current. */
export function tocHtml(page: Page, nav: readonly NavEntry[]): string {
  const root = rootPrefix(page.outPath);
  const index = navIndex(nav);
  let tree: string;
  if (index.full) {
    tree = index.trees.get(root) ?? navList(nav, root);
    index.trees.set(root, tree);
  } else tree = navList(nav, root, new Set(index.branches.get(page.outPath)));
  const href = escapeAttr(root + page.outPath);
  return tree.split(`<li><a href="${href}">`).join(`<li class="active"><a href="${href}" aria-current="page">`);
}

/** The page's <nav class="toc"> element; a partial tree is marked for nav.js to complete. */
export function tocNav(page: Page, nav: readonly NavEntry[]): string {
  const label = escapeAttr(generatedText(page.lang).contents);
  return `${TOC_OPEN}${navIndex(nav).full ? '' : ' data-partial'} aria-label="${label}">${tocHtml(page, nav)}</nav>`;
}

/** A written page with its navigation tree replaced; undefined when the page has no tree to replace. */
export function replaceToc(html: string, page: Page, nav: readonly NavEntry[]): string | undefined {
  const start = html.indexOf(TOC_OPEN);
  const end = start < 0 ? -1 : html.indexOf('</nav>', start);
  if (end < 0) return undefined;
  return html.slice(0, start) + tocNav(page, nav) + html.slice(end + '</nav>'.length);
}

export function pageShell(page: Page, body: string, mapTitle: string, nav: readonly NavEntry[]): string {
  const root = rootPrefix(page.outPath);
  const t = generatedText(page.lang);
  const meta = pageMetadata(page);
  // The search title, when the topic or its topicref has one, titles the window (DITA-OT's gen-user-head).
  const title = meta?.searchtitle || page.title;
  return `<!DOCTYPE html>
<html lang="${escapeAttr(page.lang)}"${isRightToLeft(page.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}${mapTitle ? ` - ${escapeText(mapTitle)}` : ''}</title>
${page.shortdesc ? `<meta name="description" content="${escapeAttr(page.shortdesc)}">\n` : ''}${metaTags(meta)}<link rel="stylesheet" href="${root}ccms-dita.css">
<script>window.CCMS={root:${JSON.stringify(root)},page:${JSON.stringify(page.outPath)}}</script>
<script src="${root}nav.js" defer></script><script src="${root}ccms-dita.js" defer></script>
</head><body>
<header class="site-header"><a class="site-title" href="${root}index.html">${escapeText(mapTitle)}</a><form class="search" role="search" data-none="${escapeAttr(t.noResults)}"><input type="search" aria-label="${escapeAttr(t.search)}" placeholder="${escapeAttr(t.searchPlaceholder)}"></form></header>
<div class="site-body">${tocNav(page, nav)}
<main id="content"><nav class="breadcrumbs"></nav>
${body}
</main></div></body></html>
`;
}

export function navJson(entries: readonly NavEntry[]): unknown[] {
  return entries.map((e) => ({
    t: e.t,
    ...(e.h !== undefined ? { h: e.h } : {}),
    ...(e.external ? { x: 1 } : {}),
    ...(e.c.length > 0 ? { c: navJson(e.c) } : {}),
  }));
}

/** The tree as nested lists with links from under `root`; with `open`, only those entries' children are listed. */
function navList(entries: readonly NavEntry[], root = '', open?: ReadonlySet<NavEntry>): string {
  if (entries.length === 0) return '';
  let out = '<ul>';
  for (const e of entries) {
    const href = e.h === undefined ? undefined : e.external ? e.h : root + e.h;
    out += `<li>${href !== undefined ? `<a href="${escapeAttr(href)}">${escapeText(e.t)}</a>` : `<span class="head">${escapeText(e.t)}</span>`}`;
    if (open === undefined || open.has(e)) out += navList(e.c, root, open);
    out += '</li>';
  }
  return `${out}</ul>`;
}

/** A page of the site that is not a topic (landing page, index), at the output root. */
function sitePageHtml(project: DitaProject, outPath: string, title: string, main: string): string {
  const t = generatedText(project.map.lang);
  return `<!DOCTYPE html>
<html lang="${escapeAttr(project.map.lang)}"${isRightToLeft(project.map.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title><link rel="stylesheet" href="ccms-dita.css">
<script>window.CCMS={root:"",page:${JSON.stringify(outPath)}}</script><script src="nav.js" defer></script><script src="ccms-dita.js" defer></script>
</head><body>
<header class="site-header"><a class="site-title" href="index.html">${escapeText(project.map.titleText)}</a><form class="search" role="search" data-none="${escapeAttr(t.noResults)}"><input type="search" aria-label="${escapeAttr(t.search)}" placeholder="${escapeAttr(t.searchPlaceholder)}"></form></header>
<div class="site-body"><main id="content">${main}
</main></div></body></html>
`;
}

/** The landing page: the map's title and its table of contents (and a link to the index when there is one). */
export function indexHtml(project: DitaProject, plan: PagePlan, hasIndex = false): string {
  const t = generatedText(project.map.lang);
  const indexLink = hasIndex ? `\n<p class="index-link"><a href="${GENINDEX}">${escapeText(t.index)}</a></p>` : '';
  return sitePageHtml(
    project,
    'index.html',
    project.map.titleText,
    `<h1>${escapeText(project.map.titleText)}</h1>\n<nav class="map-toc" aria-label="${escapeAttr(t.contents)}">${navList(plan.nav)}</nav>${indexLink}`,
  );
}

/** Output path of the HTML index page. */
export const GENINDEX = 'genindex.html';

/** The index page: every indexterm of the publication, grouped by letter, each linking to its topics. */
export function genindexHtml(project: DitaProject, entries: readonly IndexNode[]): string {
  const t = generatedText(project.map.lang);
  const title = `${t.index} - ${project.map.titleText}`;
  return sitePageHtml(project, GENINDEX, title, `<h1>${escapeText(t.index)}</h1>\n<div class="index">${indexBodyHtml(entries, t, htmlLocator)}</div>`);
}
