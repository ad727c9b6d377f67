import type { XmlProfileVocabulary } from '@ccms/contracts/content/xml-profile';
import { parseXml, type XmlElement } from '@ccms/s1000d';
import type { CompiledProfile } from './describe.js';

export const escapeText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (t: string) => escapeText(t).replace(/"/g, '&quot;');

/** What an element is to the output, by the profile's vocabulary; undefined: a wrapper whose content shows. */
export type VocabularyRole = 'block' | 'list' | 'listItem' | 'table' | 'row' | 'cell' | 'inline' | 'title';

export function roleIn(vocabulary: XmlProfileVocabulary, name: string): VocabularyRole | undefined {
  if (vocabulary.titles.includes(name)) return 'title';
  if (vocabulary.tables.includes(name)) return 'table';
  if (vocabulary.rows.includes(name)) return 'row';
  if (vocabulary.cells.includes(name)) return 'cell';
  if (vocabulary.lists.includes(name)) return 'list';
  if (vocabulary.listItems.includes(name)) return 'listItem';
  if (vocabulary.blocks.includes(name)) return 'block';
  if (vocabulary.inline.includes(name)) return 'inline';
  return undefined;
}

export interface RenderOptions {
  /** The page or anchor a reference leads to; undefined: shown as text. */
  hrefOf?: (element: XmlElement) => string | undefined;
  /** Heading level of the root's own title (1 on a page, 2 in a printed book). */
  level?: number;
}

/**
 * One unit as HTML: each element by its vocabulary role (title → heading by depth, block → div,
 * list → ul, list item → li, table → table, row → tr, cell → td, inline → span), with its name as
 * the class (`x-<name>`) so the profile's CSS styles it; references are links.
 */
export function renderUnit(content: string | Uint8Array, profile: CompiledProfile, options: RenderOptions = {}): string {
  const root = parseXml(content).root;
  const base = options.level ?? 1;
  const { vocabulary } = profile.spec;
  const node = (el: XmlElement, depth: number): string => {
    let inner = '';
    for (const c of el.children) {
      if (c.type === 'text') inner += escapeText(c.text);
      else if (c.type === 'element') inner += node(c, depth + 1);
    }
    const cls = `x-${el.name}`;
    const id = el.attrs.id ? ` id="${escapeAttr(el.attrs.id)}"` : '';
    const href = profile.refsByElement.has(el.name) ? options.hrefOf?.(el) : undefined;
    if (href !== undefined) inner = `<a href="${escapeAttr(href)}">${inner || escapeText(Object.values(el.attrs)[0] ?? '')}</a>`;
    switch (roleIn(vocabulary, el.name)) {
      case 'title': {
        const h = Math.min(6, base + Math.max(0, Math.floor((depth - 1) / 1)));
        return `<h${h} class="${cls}"${id}>${inner}</h${h}>`;
      }
      case 'table':
        return `<table class="${cls}"${id}><tbody>${inner}</tbody></table>`;
      case 'row':
        return `<tr class="${cls}"${id}>${inner}</tr>`;
      case 'cell':
        return `<td class="${cls}"${id}>${inner}</td>`;
      case 'list':
        return `<ul class="${cls}"${id}>${inner}</ul>`;
      case 'listItem':
        return `<li class="${cls}"${id}>${inner}</li>`;
      case 'block':
        return `<div class="${cls}"${id}>${inner}</div>`;
      case 'inline':
        return `<span class="${cls}"${id}>${inner}</span>`;
      default:
        return depth === 0 ? `<article class="${cls}"${id}>${inner}</article>` : `<span class="${cls}"${id}>${inner}</span>`;
    }
  };
  return node(root, 0);
}
