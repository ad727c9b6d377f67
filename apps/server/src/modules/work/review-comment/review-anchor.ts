import { parseXml, type XmlElement, type XmlNode } from '@ccms/dita';

/** An element of a topic as comments see it: its id, its path (/concept/conbody/p[2]) and its text. */
interface Located {
  id: string;
  path: string;
  name: string;
  text: string;
}

const textOf = (node: XmlNode): string => (node.type === 'text' ? node.text : node.children.map(textOf).join(''));

/** Every element of a topic, in document order, with its id, path and text. */
export function elementsOf(xml: string, file: string): Located[] {
  const { root } = parseXml(xml, file);
  const out: Located[] = [];
  const walk = (el: XmlElement, path: string) => {
    out.push({ id: el.attrs.id ?? '', path, name: el.name, text: textOf(el) });
    const seen = new Map<string, number>();
    for (const child of el.children) {
      if (child.type !== 'element') continue;
      const n = (seen.get(child.name) ?? 0) + 1;
      seen.set(child.name, n);
      walk(child, `${path}/${child.name}[${n}]`);
    }
  };
  if (root) walk(root, `/${root.name}`);
  return out;
}

export interface Anchor {
  elementId: string;
  elementPath: string;
  rangeStart: number;
  rangeEnd: number;
  quote: string;
}

/**
 * Where a comment's anchor is in the topic's new text: the element with its id (its path may
 * have changed), or without an id the element at its path, else the first element of the same
 * kind holding the quoted text; the range follows the quote. Null when the element is gone.
 */
export function reanchor(anchor: Anchor, elements: Located[]): Anchor | null {
  const nameOf = (path: string) => /([^/[]+)(\[\d+\])?$/.exec(path)?.[1] ?? '';
  const holdsQuote = (e: Located) => anchor.quote === '' || e.text.includes(anchor.quote);
  let found: Located | undefined;
  if (anchor.elementId) found = elements.find((e) => e.id === anchor.elementId);
  else {
    const atPath = elements.find((e) => e.path === anchor.elementPath);
    found = atPath && holdsQuote(atPath) ? atPath : elements.find((e) => e.name === nameOf(anchor.elementPath) && anchor.quote !== '' && holdsQuote(e));
  }
  if (!found) return null;
  const at = anchor.quote ? found.text.indexOf(anchor.quote) : -1;
  const range = at >= 0 ? { rangeStart: at, rangeEnd: at + anchor.quote.length } : { rangeStart: anchor.rangeStart, rangeEnd: anchor.rangeEnd };
  return { ...anchor, elementPath: found.path, ...range };
}
