/**
 * A DU's solutions as HTML, for the editor's preview, HTML5 pages and the PDF alike: the block
 * vocabulary of the profile (para, step, note, caution, warning, lists, tables) written as HTML,
 * each solution under its effectivity. With an aircraft only the solutions effective for it are
 * written; without one, every solution with its effectivity as a heading.
 */
import { firstChild, normText, parseXml, type XmlElement, type XmlNode } from '@ccms/s1000d';
import { effectivityText } from './describe.js';
import { type Aircraft, effectiveFor } from './profile.js';

export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

export type Lang = 'zh' | 'en';
export const FLIGHTOPS_TEXTS = {
  zh: {
    note: '注意',
    caution: '小心',
    warning: '警告',
    solution: '方案',
    effectivity: '适用性',
    all: '全部飞机',
    none: '此 DU 没有适用于该飞机的方案',
    ledu: '有效 DU 清单',
    highlights: '修订要点',
    publishedFor: '适用于',
    revision: '修订',
    change: { added: '新增', revised: '修订', deleted: '删除', merged: '合并', airlineKept: '保留航空公司内容', conflict: '冲突' },
  },
  en: {
    note: 'Note',
    caution: 'Caution',
    warning: 'Warning',
    solution: 'Solution',
    effectivity: 'Effectivity',
    all: 'All aircraft',
    none: 'This DU has no solution effective for the aircraft',
    ledu: 'List of effective DUs',
    highlights: 'Highlights',
    publishedFor: 'Published for',
    revision: 'Revision',
    change: { added: 'Added', revised: 'Revised', deleted: 'Deleted', merged: 'Merged', airlineKept: 'Airline text kept', conflict: 'Conflict' },
  },
} as const;

const TAGS: Readonly<Record<string, string>> = {
  para: 'p',
  p: 'p',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  table: 'table',
  row: 'tr',
  tr: 'tr',
  entry: 'td',
  td: 'td',
  th: 'th',
  b: 'b',
  i: 'i',
  title: 'h3',
};
const ADMONITIONS = new Set(['note', 'caution', 'warning']);

function node(n: XmlNode, lang: Lang): string {
  if (n.type === 'text') return escapeText(n.text);
  if (n.type === 'comment') return '';
  return element(n, lang);
}

function element(el: XmlElement, lang: Lang): string {
  const inner = el.children.map((c) => node(c, lang)).join('');
  if (ADMONITIONS.has(el.name)) {
    const label = FLIGHTOPS_TEXTS[lang][el.name as 'note' | 'caution' | 'warning'];
    return `<div class="fo-${el.name}"><strong>${label}</strong> ${inner}</div>`;
  }
  if (el.name === 'step') return `<p class="fo-step">${inner}</p>`;
  if (el.name === 'effectivity') return '';
  const tag = TAGS[el.name];
  if (tag) return `<${tag}>${inner}</${tag}>`;
  return `<span class="fo-${escapeAttr(el.name)}">${inner}</span>`;
}

export interface RenderedDu {
  id: string;
  title: string;
  html: string;
  /** Solutions written (all of them without an aircraft). */
  solutions: string[];
}

/** One DU: its title, then each solution written (effective for the aircraft, or all with their effectivity). */
export function renderDu(content: string | Uint8Array, opts: { lang: Lang; aircraft?: Aircraft }): RenderedDu {
  const root = parseXml(content).root;
  const t = FLIGHTOPS_TEXTS[opts.lang];
  const id = root.attrs.id ?? '';
  const title = normText(firstChild(root, 'title'));
  const written: string[] = [];
  const parts: string[] = [];
  let i = 0;
  for (const s of root.children) {
    if (s.type !== 'element' || s.name !== 'solution') continue;
    i++;
    const eff = firstChild(s, 'effectivity');
    const effectivity = { msns: (eff?.attrs.msn ?? '').split(/\s+/).filter(Boolean), mods: (eff?.attrs.mod ?? '').split(/\s+/).filter(Boolean) };
    if (opts.aircraft && !effectiveFor(effectivity, opts.aircraft)) continue;
    const sid = s.attrs.id?.trim() || `${id}-S${i}`;
    written.push(sid);
    const body = s.children.map((c) => node(c, opts.lang)).join('');
    const label = effectivity.msns.length === 0 && effectivity.mods.length === 0 ? t.all : effectivityText(effectivity);
    const head = opts.aircraft ? '' : `<h4 class="fo-solution-head">${t.solution} ${escapeText(sid)} · ${t.effectivity}: ${escapeText(label)}</h4>`;
    parts.push(`<section class="fo-solution" data-solution="${escapeAttr(sid)}">${head}${body}</section>`);
  }
  if (parts.length === 0) parts.push(`<p class="fo-none">${t.none}</p>`);
  return { id, title, html: `<article class="fo-du" id="du-${escapeAttr(id)}"><h2>${escapeText(title)}</h2>${parts.join('')}</article>`, solutions: written };
}

export const FLIGHTOPS_CSS = `
.fo-du h2 { margin-bottom: 0.4em; }
.fo-step { margin: 0.2em 0 0.2em 1.2em; }
.fo-note, .fo-caution, .fo-warning { border-left: 4px solid #888; padding: 0.3em 0.6em; margin: 0.5em 0; }
.fo-caution { border-color: #d89614; }
.fo-warning { border-color: #cf1322; }
.fo-solution-head { color: #555; font-weight: 500; }
.fo-none { color: #999; font-style: italic; }
.fo-du table { border-collapse: collapse; }
.fo-du td, .fo-du th { border: 1px solid #ccc; padding: 0.2em 0.5em; }
`;
