import type { XmlElement } from '@ccms/dita';
import { dmCodeString, firstChild, pmCodeString, type XmlElement as S1000dElement } from '@ccms/s1000d';

/**
 * What a map or a publication module references, read from its parsed root: a DITA map's hrefs and
 * keyrefs and the library paths they point at, a PM's data module and publication module codes and
 * its empty entries.
 */

/** An href with a URL scheme points outside the library. */
export const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Every href written in a map (navigation elements and relationship tables), in document order, once each. */
export function hrefsOf(root: XmlElement | undefined): string[] {
  const out = new Set<string>();
  const walk = (el: XmlElement) => {
    const href = el.attrs.href;
    if (href && el !== root) out.add(href);
    for (const c of el.children) if (c.type === 'element') walk(c);
  };
  if (root) walk(root);
  return [...out];
}

/** Every @keyref written without an href in a map (navigation elements and relationship tables), once each. */
export function keyrefsOf(root: XmlElement | undefined): string[] {
  const out = new Set<string>();
  const walk = (el: XmlElement) => {
    const keyref = el.attrs.keyref?.trim();
    if (keyref && !el.attrs.href && el !== root) out.add(keyref);
    for (const c of el.children) if (c.type === 'element') walk(c);
  };
  if (root) walk(root);
  return [...out];
}

/** The library path an href of a map in `mapFolder` points at (null when external or outside the library). */
export function targetOf(mapFolder: string, href: string, scope?: string): string | null {
  if (scope === 'external' || EXTERNAL.test(href)) return null;
  let raw = href.split('#')[0] ?? '';
  try {
    raw = decodeURI(raw);
  } catch {
    // An href with a stray "%" is looked up as written.
  }
  if (raw === '') return null;
  const parts = mapFolder === '' ? [] : mapFolder.split('/');
  for (const part of raw.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/**
 * What the pmEntry tree of a publication module references, in document order, once each: a dmRef
 * by its DMC, a pmRef by its PMC (the identification section's BREX reference is not part of it).
 */
export function pmCodesOf(root: S1000dElement | undefined): string[] {
  const out = new Set<string>();
  const walk = (el: S1000dElement) => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (c.name === 'dmRef') {
        const code = firstChild(firstChild(c, 'dmRefIdent'), 'dmCode');
        if (code) out.add(dmCodeString(code));
      } else if (c.name === 'pmRef') {
        const code = firstChild(firstChild(c, 'pmRefIdent'), 'pmCode');
        if (code) out.add(pmCodeString(code));
      } else walk(c);
    }
  };
  const content = firstChild(root, 'content');
  if (content) walk(content);
  return [...out];
}

/**
 * pmEntry elements of a PM's content that hold nothing but a title: the schema wants each entry to
 * hold a data module, a publication module or an entry (checked here too, as an Issue 4.1 PM is
 * saved without an XSD when only the 5.0 schemas are installed).
 */
export function emptyEntriesOf(root: S1000dElement | undefined): S1000dElement[] {
  const out: S1000dElement[] = [];
  const walk = (el: S1000dElement) => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (c.name !== 'pmEntry') continue;
      const inner = c.children.filter((x): x is S1000dElement => x.type === 'element' && x.name !== 'pmEntryTitle');
      if (inner.length === 0) out.push(c);
      walk(c);
    }
  };
  const content = firstChild(root, 'content');
  if (content) walk(content);
  return out;
}
