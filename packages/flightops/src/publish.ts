/**
 * A manual (its PSL) published for an aircraft: the PSL's DUs in order, each DU with only the
 * solutions effective for the aircraft (a DU with none is left out and listed greyed in the
 * navigation), as an HTML5 site (a page per DU, the PSL as navigation) or one PDF printed in the
 * confined Chromium page the other standards print in. The cover names the aircraft; a highlights
 * page lists the revision's changes when the branch holds highlights.xml beside the PSL (or in a
 * folder above it); the list of effective DUs (LEDU) follows.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CHROMIUM, DEFAULT_CSS, withConfinedPage } from '@ccms/dita/shared-output';
import { aircraftOf, describeFlightops, type Highlights } from './describe.js';
import { type Aircraft, type Du, effectiveFor, type Psl, type PslNode } from './profile.js';
import { escapeAttr, escapeText, FLIGHTOPS_CSS, FLIGHTOPS_TEXTS, type Lang, renderDu } from './render.js';

export interface FlightopsPublishOptions {
  /** The folder holding the library's files (read recursively). */
  dir: string;
  /** The PSL's path in `dir`. */
  psl: string;
  out: string;
  format: 'html5' | 'pdf';
  lang?: Lang;
  /** An MSN or a registration of the fleet; absent: every solution, with its effectivity. */
  aircraft?: string;
  chromium?: string;
}

export interface FlightopsPublishResult {
  /** DUs written, in the PSL's order (the LEDU). */
  dus: string[];
  /** DUs of the PSL with no solution effective for the aircraft. */
  excluded: string[];
  /** DU ids the PSL names that the library does not hold. */
  missing: string[];
  /** The aircraft published for ('' for all). */
  label: string;
  /** The revision's changes shown on the highlights page (0 when there is none). */
  highlights: number;
  pdfFile?: string;
}

export class FlightopsPublishError extends Error {
  constructor(
    readonly code: 'pslMissing' | 'aircraftUnknown' | 'noFleet',
    readonly value: string,
  ) {
    super(`${code}: ${value}`);
  }
}

async function xmlFiles(dir: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, under), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await xmlFiles(dir, rel)));
    else if (/\.xml$/i.test(e.name)) out.push(rel);
  }
  return out.sort();
}

interface Planned {
  psl: Psl;
  dus: Map<string, { du: Du; file: string; content: Buffer }>;
  effective: string[];
  /** `effective` as a set, for lookups. */
  isEffective: Set<string>;
  excluded: Set<string>;
  missing: string[];
  aircraft: Aircraft | undefined;
  highlights: Highlights | undefined;
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

async function plan(options: FlightopsPublishOptions): Promise<Planned> {
  let psl: Psl | undefined;
  const dus = new Map<string, { du: Du; file: string; content: Buffer }>();
  let fleet: Aircraft[] | undefined;
  const highlightsAt = new Map<string, Highlights>();
  for (const f of await xmlFiles(options.dir)) {
    const content = await readFile(path.join(options.dir, f));
    const o = describeFlightops(f, content);
    if (o.kind === 'psl' && f === options.psl) psl = o.psl;
    else if (o.kind === 'du' && o.du.id && !dus.has(o.du.id)) dus.set(o.du.id, { du: o.du, file: f, content });
    else if (o.kind === 'fleet') fleet ??= o.fleet;
    else if (o.kind === 'highlights') highlightsAt.set(dirOf(f), o.highlights);
  }
  if (!psl) throw new FlightopsPublishError('pslMissing', options.psl);
  let aircraft: Aircraft | undefined;
  const wanted = options.aircraft?.trim() ?? '';
  if (wanted) {
    if (!fleet) throw new FlightopsPublishError('noFleet', wanted);
    aircraft = aircraftOf(fleet, wanted);
    if (!aircraft) throw new FlightopsPublishError('aircraftUnknown', wanted);
  }
  // The highlights nearest the PSL: its folder, then each folder above.
  let highlights: Highlights | undefined;
  for (let folder = dirOf(options.psl); ; folder = dirOf(folder)) {
    highlights = highlightsAt.get(folder);
    if (highlights || folder === '') break;
  }
  const effective: string[] = [];
  const excluded = new Set<string>();
  const missing: string[] = [];
  const seen = new Set<string>();
  const walk = (nodes: readonly PslNode[]) => {
    for (const n of nodes) {
      if (n.kind !== 'duRef') walk(n.children);
      else if (n.ref) {
        const held = dus.get(n.ref);
        if (!held) missing.push(n.ref);
        else if (aircraft && !held.du.solutions.some((s) => aircraft && effectiveFor(s.effectivity, aircraft))) excluded.add(n.ref);
        else if (!seen.has(n.ref)) {
          seen.add(n.ref);
          effective.push(n.ref);
        }
      }
    }
  };
  walk(psl.nodes);
  return { psl, dus, effective, isEffective: new Set(effective), excluded, missing, aircraft, highlights };
}

const pageName = (id: string) => `${id.replace(/[^A-Za-z0-9-]/g, '_')}.html`;

/** The PSL as navigation (the index page's): DUs of the aircraft linked, the others greyed. */
function navOf(p: Planned, current: string | undefined, hrefOf: (id: string) => string): string {
  const item = (n: PslNode): string => {
    if (n.kind !== 'duRef') return `<li class="fo-nav-${n.kind}"><span>${escapeText(n.title)}</span><ul>${n.children.map(item).join('')}</ul></li>`;
    const ref = n.ref ?? '';
    const held = p.dus.get(ref);
    const title = escapeText(held?.du.title || ref);
    if (!held || !p.isEffective.has(ref)) return `<li class="fo-nav-na">${title}</li>`;
    const here = ref === current ? ' aria-current="page"' : '';
    return `<li><a href="${escapeAttr(hrefOf(ref))}"${here}>${title}</a></li>`;
  };
  return `<nav class="fo-nav"><ul>${p.psl.nodes.map(item).join('')}</ul></nav>`;
}

function page(title: string, lang: Lang, body: string): string {
  return `<!DOCTYPE html>\n<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${escapeText(title)}</title><link rel="stylesheet" href="flightops.css"></head><body>${body}</body></html>\n`;
}

function highlightsPage(p: Planned, lang: Lang, hrefOf: (id: string) => string): string {
  if (!p.highlights || p.highlights.changes.length === 0) return '';
  const t = FLIGHTOPS_TEXTS[lang];
  const rows = p.highlights.changes.map((c) => {
    const title = p.dus.get(c.du)?.du.title ?? '';
    const id = p.isEffective.has(c.du) ? `<a href="${escapeAttr(hrefOf(c.du))}">${escapeText(c.du)}</a>` : escapeText(c.du);
    return `<tr><td>${id}</td><td>${escapeText(title)}</td><td>${t.change[c.kind]}</td></tr>`;
  });
  return `<section class="fo-highlights"><h2>${t.highlights} · ${t.revision} ${escapeText(p.highlights.revision)}</h2><table>${rows.join('')}</table></section>`;
}

function ledu(p: Planned, lang: Lang, hrefOf: (id: string) => string): string {
  const rows = p.effective.map((id) => {
    const held = p.dus.get(id);
    return `<tr><td><a href="${escapeAttr(hrefOf(id))}">${escapeText(id)}</a></td><td>${escapeText(held?.du.title ?? '')}</td><td>${escapeText(held?.du.type ?? '')}</td></tr>`;
  });
  return `<section class="fo-ledu"><h2>${FLIGHTOPS_TEXTS[lang].ledu}</h2><table>${rows.join('')}</table></section>`;
}

/** Publishes the PSL for the aircraft. Throws FlightopsPublishError for a PSL or an aircraft that is not there. */
export async function publishFlightops(options: FlightopsPublishOptions): Promise<FlightopsPublishResult> {
  const p = await plan(options);
  const lang = options.lang ?? (p.psl.lang?.toLowerCase().startsWith('zh') ? 'zh' : 'en');
  const t = FLIGHTOPS_TEXTS[lang];
  await mkdir(options.out, { recursive: true });
  await writeFile(path.join(options.out, 'flightops.css'), `${DEFAULT_CSS}\n${FLIGHTOPS_CSS}\n${LAYOUT_CSS}`);
  const title = p.psl.title || p.psl.manual || options.psl;
  const label = p.aircraft ? [p.aircraft.msn, p.aircraft.registration].filter(Boolean).join(' / ') : '';
  const cover = `<header class="fo-cover"><h1>${escapeText(title)}</h1><p>${escapeText(p.psl.manual)} · ${t.revision} ${escapeText(p.psl.revision)}</p>${
    label ? `<p>${t.publishedFor}: MSN ${escapeText(label)}</p>` : ''
  }</header>`;
  const result: FlightopsPublishResult = {
    dus: p.effective,
    excluded: [...p.excluded],
    missing: p.missing,
    label,
    highlights: p.highlights?.changes.length ?? 0,
  };
  const render = (id: string) => {
    const held = p.dus.get(id);
    return held ? renderDu(held.content, { lang, ...(p.aircraft ? { aircraft: p.aircraft } : {}) }).html : '';
  };
  if (options.format === 'html5') {
    await writeFile(
      path.join(options.out, 'index.html'),
      page(title, lang, `${navOf(p, undefined, pageName)}<main>${cover}${highlightsPage(p, lang, pageName)}${ledu(p, lang, pageName)}</main>`),
    );
    // A DU page links the index (which holds the whole PSL) and its neighbours: the site grows with the DUs, not with their square.
    for (const [i, id] of p.effective.entries()) {
      const link = (to: string | undefined, rel: string) =>
        to ? `<a rel="${rel}" href="${escapeAttr(pageName(to))}">${escapeText(p.dus.get(to)?.du.title || to)}</a>` : '';
      const nav = `<nav class="fo-nav"><ul><li><a href="index.html">${escapeText(title)}</a></li><li>${link(p.effective[i - 1], 'prev')}</li><li>${link(p.effective[i + 1], 'next')}</li></ul></nav>`;
      await writeFile(path.join(options.out, pageName(id)), page(p.dus.get(id)?.du.title || id, lang, `${nav}<main>${render(id)}</main>`));
    }
    return result;
  }
  const anchor = (id: string) => `#du-${id}`;
  const body = `<main>${cover}${highlightsPage(p, lang, anchor)}${ledu(p, lang, anchor)}${p.effective.map(render).join('')}</main>`;
  await writeFile(path.join(options.out, 'print.html'), page(title, lang, body));
  const pdfFile = path.join(options.out, `${(p.psl.manual || 'manual').replace(/[^A-Za-z0-9-]/g, '_')}.pdf`);
  await withConfinedPage({ executable: options.chromium ?? DEFAULT_CHROMIUM, root: options.out }, async (tab) => {
    await tab.goto(pathToFileURL(path.join(options.out, 'print.html')).href, { waitUntil: 'load' });
    await writeFile(
      pdfFile,
      await tab.pdf({ format: 'A4', printBackground: true, outline: true, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } }),
    );
  });
  return { ...result, pdfFile };
}

/** Site layout and print rules around the DU layout (FLIGHTOPS_CSS). */
const LAYOUT_CSS = `
body { display: flex; margin: 0; }
.fo-nav { flex: 0 0 18rem; padding: 1rem; border-right: 1px solid #ddd; font-size: 0.9em; }
.fo-nav ul { list-style: none; padding-left: 0.8em; }
.fo-nav-na { color: #999; text-decoration: line-through; }
.fo-nav [aria-current] { font-weight: bold; }
main { flex: 1 1 auto; padding: 1rem 2rem; max-width: 48rem; }
@media print {
  body { display: block; }
  .fo-cover, .fo-highlights, .fo-ledu { break-after: page; }
  .fo-du { break-before: page; }
}
`;
