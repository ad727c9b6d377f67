import { parseXml, type XmlElement, type XmlNode } from '../../shared/lossless-xml';
import type { ElementPath } from './element-path';

/** The element at `path` (the cursor's element), as written in the XML text. */
export function elementAtPath(xml: string, path: ElementPath): XmlElement | null {
  let list: XmlNode[] = parseXml(xml).children;
  let found: XmlElement | null = null;
  for (const step of path) {
    const el = list.filter((n): n is XmlElement => n.type === 'element')[step.index];
    if (!el || el.name !== step.name) return null;
    found = el;
    list = el.children;
  }
  return found;
}

const idOf = (el: XmlElement) => el.attrs.find((a) => a.name === 'id')?.value ?? '';

/**
 * A new id for an element of this topic: the element name and a few random letters and digits,
 * an XML name (DITA's @id is an ID/NMTOKEN) used by no other element of the topic.
 */
export function newElementId(xml: string, name: string): string {
  const taken = new Set([...xml.matchAll(/\sid\s*=\s*["']([^"']*)["']/g)].map((m) => m[1]));
  const prefix = /^[A-Za-z_][\w.-]*$/.test(name) ? name.replace(/\./g, '_') : 'e';
  for (;;) {
    const id = `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.has(id)) return id;
  }
}

/** The cursor's element for a link: its name, its id, or a new id to give it when it has none. */
export function linkableElement(xml: string, path: ElementPath): { name: string; id: string; isNew: boolean } | null {
  const el = elementAtPath(xml, path);
  if (!el) return null;
  const id = idOf(el);
  return id ? { name: el.name, id, isNew: false } : { name: el.name, id: newElementId(xml, el.name), isNew: true };
}

/** The XML with `id` written on the element at `path` (right after its name); the rest of the text unchanged. */
export function withElementId(xml: string, path: ElementPath, id: string): string {
  const el = elementAtPath(xml, path);
  if (!el) throw new Error('element not found');
  if (idOf(el)) return xml;
  const at = el.start + 1 + el.name.length;
  return `${xml.slice(0, at)} id="${id}"${xml.slice(at)}`;
}
