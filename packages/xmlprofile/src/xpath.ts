import { XPATH_LITE } from '@ccms/contracts/content/xml-profile';
import type { XmlElement } from '@ccms/s1000d';

/**
 * XPath-lite, the profile's way to name a value: element steps (or `*`) separated by `/`, `//` for
 * any depth, a last step `@attribute` or `text()`; relative to an element, or from the document
 * when it starts with `/` (its first step then names the root). Enough for identity, title and
 * toc headings, small enough to check when a profile is saved.
 */
type Step = { axis: 'child' | 'descendant'; test: string };
export interface XPathLite {
  fromRoot: boolean;
  steps: Step[];
  /** What is read of the elements reached: an attribute, or their text. */
  value: { attribute: string } | { text: true };
}

export class XPathLiteError extends Error {}

export function parseXPathLite(expr: string): XPathLite {
  const src = expr.trim();
  if (!XPATH_LITE.test(src)) throw new XPathLiteError(`not an XPath-lite expression: ${expr}`);
  const fromRoot = src.startsWith('/');
  const steps: Step[] = [];
  let value: XPathLite['value'] = { text: true };
  // Each step with the separator before it: '' (first, relative), '/' or '//'.
  for (const m of src.matchAll(/(\/\/|\/|^)([^/]+)/g)) {
    const sep = m[1] ?? '';
    const test = m[2] ?? '';
    const axis: Step['axis'] = sep === '//' ? 'descendant' : 'child';
    if (test.startsWith('@')) value = { attribute: test.slice(1) };
    else if (test === 'text()') value = { text: true };
    else steps.push({ axis, test });
  }
  return { fromRoot, steps, value };
}

const elementsOf = (el: XmlElement) => el.children.filter((c): c is XmlElement => c.type === 'element');

function descendantsOf(el: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of elementsOf(el)) {
    out.push(c);
    descendantsOf(c, out);
  }
  return out;
}

export function textOf(el: XmlElement): string {
  let out = '';
  for (const c of el.children) {
    if (c.type === 'text') out += c.text;
    else if (c.type === 'element') out += textOf(c);
  }
  return out;
}

/** The elements an expression's steps reach from `context` (the root element when it starts at the document). */
export function selectElements(path: XPathLite, context: XmlElement): XmlElement[] {
  let current: XmlElement[];
  let steps = path.steps;
  if (path.fromRoot) {
    let root = context;
    while (root.parent) root = root.parent;
    const [first, ...rest] = steps;
    if (first === undefined) current = [root];
    else if (first.axis === 'descendant') current = [root, ...descendantsOf(root)].filter((e) => first.test === '*' || e.name === first.test);
    else current = first.test === '*' || root.name === first.test ? [root] : [];
    steps = rest;
  } else current = [context];
  for (const step of steps) {
    const next: XmlElement[] = [];
    for (const el of current)
      for (const c of step.axis === 'child' ? elementsOf(el) : descendantsOf(el)) if (step.test === '*' || c.name === step.test) next.push(c);
    current = [...new Set(next)];
  }
  return current;
}

/** The values an expression names, in document order (whitespace of text normalised). */
export function evaluate(path: XPathLite, context: XmlElement): string[] {
  const out: string[] = [];
  for (const el of selectElements(path, context)) {
    if ('attribute' in path.value) {
      const v = el.attrs[path.value.attribute];
      if (v !== undefined) out.push(v);
    } else out.push(textOf(el).replace(/\s+/g, ' ').trim());
  }
  return out;
}

/** The first value, or ''. */
export const firstValue = (path: XPathLite, context: XmlElement): string => evaluate(path, context)[0] ?? '';
