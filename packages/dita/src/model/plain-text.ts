import type { KeyScope } from '../keys/key-space.js';
import { keyVariableContent } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { UNRENDERED_ELEMENTS } from './dita-elements.js';

/** Whether an element has child elements or non-blank text. */
export function hasContent(el: XmlElement): boolean {
  for (const c of el.children) {
    if (c.type === 'element') return true;
    if (c.text.trim() !== '') return true;
  }
  return false;
}

/** Plain text of a title with keyrefs resolved (for the nav tree, search, link text); footnotes stay out, as DITA-OT keeps them out of navigation titles. */
export function plainText(el: XmlElement, scope: KeyScope): string {
  let out = '';
  for (const c of el.children) {
    if (c.type === 'text') out += c.text;
    else if (UNRENDERED_ELEMENTS.has(c.name) || c.name === 'fn') continue;
    else if (c.attrs.keyref !== undefined && !hasContent(c)) {
      const def = scope.resolve(splitHrefKey(c.attrs.keyref).path);
      const nodes = def !== undefined ? keyVariableContent(def) : undefined;
      if (nodes !== undefined) for (const n of nodes) out += n.type === 'text' ? n.text : plainText(n, scope);
    } else out += plainText(c, scope);
  }
  return out.replace(/\s+/g, ' ').trim();
}
