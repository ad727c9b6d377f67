import { parseXml, type XmlElement } from '../model/lossless-xml';

/**
 * Where the cursor's element is, as indexes among element children from the root: the same
 * element is found again in the other view's text even when edits moved its offsets.
 */
export function elementPathAt(xml: string, offset: number): number[] {
  const doc = parseXml(xml);
  const path: number[] = [];
  let element: XmlElement | null = doc.root;
  if (!element || offset < element.start || offset > element.end) return path;
  for (;;) {
    const children: XmlElement[] = element.children.filter((c): c is XmlElement => c.type === 'element');
    const index = children.findIndex((c) => offset >= c.start && offset < c.end);
    const child = children[index];
    if (!child) return path;
    path.push(index);
    element = child;
  }
}

/** The offset just inside the start tag of the element at `path` (as deep as the text still has it). */
export function offsetOfPath(xml: string, path: readonly number[]): number {
  const doc = parseXml(xml);
  let element: XmlElement | null = doc.root;
  if (!element) return 0;
  for (const index of path) {
    const child: XmlElement | undefined = element.children.filter((c): c is XmlElement => c.type === 'element')[index];
    if (!child) break;
    element = child;
  }
  return element.openEnd;
}

/** Whether the text is well-formed XML (the visual view edits only that). */
export const isWellFormed = (xml: string) => {
  const doc = parseXml(xml);
  return doc.errors.length === 0 && doc.root !== null;
};
