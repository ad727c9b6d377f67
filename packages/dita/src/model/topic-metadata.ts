import type { KeyScope } from '../keys/key-space.js';
import { keyVariableContent } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, firstChild } from '../xml/xml-dom.js';
import { plainText } from './plain-text.js';

/** A topic's prolog metadata, for page heads and for search indexing. */
export interface TopicMetadata {
  authors: string[];
  /** critdates/created/@date */
  created?: string;
  /** critdates/revised/@modified, in document order. */
  revised: string[];
  /** metadata/keywords/keyword */
  keywords: string[];
  /** metadata/othermeta name/content pairs. */
  othermeta: Array<{ name: string; content: string }>;
}

/** Reads author, critdates, keywords and othermeta from a topic's own <prolog> (keyrefs resolved in scope). */
export function topicMetadata(topic: XmlElement, scope: KeyScope): TopicMetadata {
  const out: TopicMetadata = { authors: [], revised: [], keywords: [], othermeta: [] };
  const prolog = firstChild(topic, 'prolog');
  if (prolog === undefined) return out;
  for (const c of childElements(prolog)) {
    if (c.name === 'author') {
      const name = phraseText(c, scope);
      if (name !== '') out.authors.push(name);
    } else if (c.name === 'critdates') {
      for (const d of childElements(c)) {
        if (d.name === 'created' && d.attrs.date !== undefined && out.created === undefined) out.created = d.attrs.date.trim();
        else if (d.name === 'revised' && d.attrs.modified !== undefined) out.revised.push(d.attrs.modified.trim());
      }
    } else if (c.name === 'metadata') {
      for (const m of childElements(c)) {
        if (m.name === 'keywords') {
          for (const k of childElements(m)) {
            if (k.name !== 'keyword') continue;
            const word = phraseText(k, scope);
            if (word !== '' && !out.keywords.includes(word)) out.keywords.push(word);
          }
        } else if (m.name === 'othermeta' && m.attrs.name !== undefined && m.attrs.content !== undefined) {
          out.othermeta.push({ name: m.attrs.name, content: m.attrs.content });
        }
      }
    }
  }
  return out;
}

/** Text of a phrase; an empty one with @keyref takes the key's text. */
function phraseText(el: XmlElement, scope: KeyScope): string {
  const own = plainText(el, scope);
  if (own !== '' || el.attrs.keyref === undefined) return own;
  const def = scope.resolve(splitHrefKey(el.attrs.keyref).path);
  const nodes = def !== undefined ? keyVariableContent(def) : undefined;
  return (nodes ?? [])
    .map((n) => (n.type === 'text' ? n.text : plainText(n, scope)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The latest critdates/revised date (ISO dates compare as strings). */
export function lastRevised(meta: TopicMetadata): string | undefined {
  let last: string | undefined;
  for (const r of meta.revised) if (last === undefined || r > last) last = r;
  return last;
}
