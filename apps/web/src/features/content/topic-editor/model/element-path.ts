import type { Node as PMNode } from '@tiptap/pm/model';
import { parseXml, type XmlElement, type XmlNode } from '../../shared/lossless-xml';
import { xmlNameOf } from './vocabulary';

/**
 * Where the cursor is, as a path of elements from the root: each step names the element and its
 * index among its parent's child elements. Both views map their cursor to and from it, so
 * switching between the visual and the source view keeps the cursor's element.
 */
export type ElementPath = Array<{ name: string; index: number }>;

function childElements(list: XmlNode[]): XmlElement[] {
  return list.filter((n): n is XmlElement => n.type === 'element');
}

/** The path of the innermost element containing `offset` in the XML text. */
export function elementPathAtOffset(xml: string, offset: number): ElementPath {
  const doc = parseXml(xml);
  const path: ElementPath = [];
  let list = childElements(doc.children);
  for (;;) {
    const index = list.findIndex((e) => e.start <= offset && offset < e.end);
    const el = list[index];
    if (!el) return path;
    path.push({ name: el.name, index });
    list = childElements(el.children);
  }
}

/** The offset just after the start tag of the element at `path` (or its deepest existing ancestor). */
export function offsetOfElementPath(xml: string, path: ElementPath): number | null {
  const doc = parseXml(xml);
  let list = childElements(doc.children);
  let found: XmlElement | null = null;
  for (const step of path) {
    const el = list[step.index];
    if (!el || el.name !== step.name) break;
    found = el;
    list = childElements(el.children);
  }
  return found ? found.openEnd : null;
}

/** Whether a visual node stands for an XML element (not a text run or a comment island), and its name. */
function elementNameOf(node: PMNode): string | null {
  if (node.type.name === 'run' || node.type.name === 'doc' || node.isText) return null;
  if (node.type.name === 'island' || node.type.name === 'inline_island') {
    const name = node.attrs.name as string;
    return name.startsWith('#') ? null : name;
  }
  if (node.type.name === 'entity') return null;
  if (typeof node.attrs.name === 'string' && node.attrs.name) return node.attrs.name;
  return xmlNameOf(node.type);
}

/** The XML children of a visual node: a tgroup's rows sit in thead/tbody, after the colspecs. */
function xmlChildren(node: PMNode): Array<{ name: string; node: PMNode | null; rows?: PMNode[] }> {
  const out: Array<{ name: string; node: PMNode | null; rows?: PMNode[] }> = [];
  if (node.type.name === 'tgroup') {
    for (const _spec of node.attrs.colspecs as unknown[]) out.push({ name: 'colspec', node: null });
    const head: PMNode[] = [];
    const body: PMNode[] = [];
    node.forEach((r) => {
      (r.attrs.head ? head : body).push(r);
    });
    if (head.length) out.push({ name: 'thead', node: null, rows: head });
    if (body.length) out.push({ name: 'tbody', node: null, rows: body });
    return out;
  }
  node.forEach((c) => {
    const name = elementNameOf(c);
    if (name) out.push({ name, node: c });
  });
  return out;
}

/** The element path of a position in the visual document. */
export function elementPathAtPos(doc: PMNode, pos: number): ElementPath {
  const $pos = doc.resolve(Math.min(Math.max(pos, 0), doc.content.size));
  const path: ElementPath = [];
  for (let d = 1; d <= $pos.depth; d++) {
    const node = $pos.node(d);
    const parent = $pos.node(d - 1);
    const name = elementNameOf(node);
    if (!name) continue;
    if (node.type.name === 'row') {
      const sections = xmlChildren(parent);
      const si = sections.findIndex((s) => s.rows?.includes(node));
      const section = sections[si];
      if (section?.rows) path.push({ name: section.name, index: si }, { name: 'row', index: section.rows.indexOf(node) });
      continue;
    }
    const index = xmlChildren(parent).findIndex((c) => c.node === node);
    path.push({ name, index });
  }
  return path;
}

/** A position inside the element at `path` in the visual document (its deepest existing ancestor when it is gone). */
export function posOfElementPath(doc: PMNode, path: ElementPath): number {
  let node = doc;
  let pos = 0;
  let rows: PMNode[] | null = null;
  for (const step of path) {
    let target: PMNode | null = null;
    if (rows) target = rows[step.index] ?? null;
    else {
      const child = xmlChildren(node)[step.index];
      if (!child || child.name !== step.name) break;
      if (child.rows) {
        rows = child.rows;
        continue;
      }
      target = child.node;
    }
    rows = null;
    if (!target) break;
    let found = -1;
    node.forEach((c, offset) => {
      if (c === target) found = offset;
    });
    if (found < 0) break;
    pos = pos + (node === doc ? 0 : 1) + found;
    node = target;
  }
  // Inside the node: the first position where text can go.
  let inside = node === doc ? 0 : pos + 1;
  let textPos = -1;
  node.descendants((n, p) => {
    if (textPos < 0 && n.isTextblock) textPos = (node === doc ? 0 : pos + 1) + p + 1;
    return textPos < 0;
  });
  if (textPos >= 0) inside = textPos;
  return Math.min(inside, doc.content.size);
}
