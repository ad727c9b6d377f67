import type { XmlElement } from '../xml/xml-dom.js';
import { firstChild } from '../xml/xml-dom.js';

const numbers = new WeakMap<XmlElement, Map<XmlElement, number>>();

/** Whether an element is numbered in its caption: a fig or table with a title. */
export function isNumbered(el: XmlElement): boolean {
  return (el.name === 'fig' || el.name === 'table') && firstChild(el, 'title') !== undefined;
}

/**
 * The number of a titled figure or table, as DITA-OT gives it: by its place among the titled
 * figures (tables) of its file, `count(preceding::fig[title]) + 1`, so a caption and a cross
 * reference without text ("Figure 3") agree wherever the file's topics end up. 0 for anything else.
 */
export function captionNumber(el: XmlElement): number {
  if (!isNumbered(el)) return 0;
  let root = el;
  while (root.parent !== undefined) root = root.parent;
  let byElement = numbers.get(root);
  if (byElement === undefined) {
    const found = new Map<XmlElement, number>();
    const count = { fig: 0, table: 0 };
    const walk = (e: XmlElement): void => {
      if (isNumbered(e)) found.set(e, ++count[e.name as 'fig' | 'table']);
      for (const c of e.children) if (c.type === 'element') walk(c);
    };
    walk(root);
    byElement = found;
    numbers.set(root, byElement);
  }
  return byElement.get(el) ?? 0;
}
