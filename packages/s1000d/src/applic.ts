/**
 * Applicability: the ACT, CCT and PCT, `applic` expressions (assert, evaluate and/or, ranges `1~3`,
 * sets `a|b`) evaluated against a product assignment with three values: a property the assignment
 * does not name leaves the answer open, and open content is kept (as s1kd-instance does).
 */
import { childElements, childrenNamed, cloneElement, descendants, firstChild, normText, type XmlDocument, type XmlElement } from './xml.js';

export type Applic =
  | { kind: 'assert'; ident: string; type: string; values: string; line: number }
  | { kind: 'evaluate'; op: 'and' | 'or'; operands: Applic[]; line: number }
  /** An applic with no logic (display text only): applies to everything. */
  | { kind: 'all'; line: number };

/** Property values a product has, by property ident (prodattr or condition). */
export type Assignment = Readonly<Record<string, string>>;

export function readApplic(applic: XmlElement): Applic {
  const logic = childElements(applic).filter((c) => c.name === 'assert' || c.name === 'evaluate');
  if (logic.length === 0) return { kind: 'all', line: applic.line };
  if (logic.length === 1 && logic[0] !== undefined) return readLogic(logic[0]);
  return { kind: 'evaluate', op: 'and', operands: logic.map(readLogic), line: applic.line };
}

function readLogic(el: XmlElement): Applic {
  if (el.name === 'assert') {
    return {
      kind: 'assert',
      ident: el.attrs.applicPropertyIdent ?? '',
      type: el.attrs.applicPropertyType ?? '',
      values: el.attrs.applicPropertyValues ?? '',
      line: el.line,
    };
  }
  const operands = childElements(el)
    .filter((c) => c.name === 'assert' || c.name === 'evaluate')
    .map(readLogic);
  return { kind: 'evaluate', op: el.attrs.andOr === 'or' ? 'or' : 'and', operands, line: el.line };
}

/** Whether a value is among the alternatives of `a|b|c~d` (ranges numeric when both ends are numbers, else by text). */
export function valueMatches(value: string, values: string): boolean {
  for (const alt of values.split('|')) {
    const tilde = alt.indexOf('~');
    if (tilde < 0) {
      if (alt === value) return true;
      continue;
    }
    const lo = alt.slice(0, tilde);
    const hi = alt.slice(tilde + 1);
    const num = /^-?\d+(?:\.\d+)?$/;
    if (num.test(lo) && num.test(hi) && num.test(value)) {
      const v = Number(value);
      if (v >= Number(lo) && v <= Number(hi)) return true;
    } else if (value.length === lo.length && value >= lo && value <= hi) return true;
  }
  return false;
}

/**
 * Values excluded from a publication, by property ident (a filter group's exclude rows): content
 * whose applicability needs an excluded value of a property the assignment leaves open is not
 * applicable. The value '' excludes every value of the property.
 */
export type Exclusions = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Whether an assertion of an unassigned property can only hold for excluded values: each of its
 * alternatives is a single value that is excluded (a range is never wholly excluded, as its values
 * cannot be listed; '' excludes them all).
 */
function onlyExcluded(ident: string, values: string, excluded: Exclusions | undefined): boolean {
  const set = excluded?.get(ident);
  if (set === undefined || set.size === 0) return false;
  if (set.has('')) return true;
  return values.split('|').every((alt) => !alt.includes('~') && set.has(alt));
}

/** true, false, or undefined when a property the expression needs is not assigned (false when it needs only excluded values). */
export function evaluateApplic(a: Applic, assignment: Assignment, excluded?: Exclusions): boolean | undefined {
  switch (a.kind) {
    case 'all':
      return true;
    case 'assert': {
      if (a.ident === '') return undefined;
      const v = assignment[a.ident];
      if (v === undefined) return onlyExcluded(a.ident, a.values, excluded) ? false : undefined;
      return valueMatches(v, a.values);
    }
    case 'evaluate': {
      let open = false;
      for (const o of a.operands) {
        const r = evaluateApplic(o, assignment, excluded);
        if (r === undefined) open = true;
        else if (a.op === 'and' && !r) return false;
        else if (a.op === 'or' && r) return true;
      }
      if (open) return undefined;
      return a.op === 'and';
    }
  }
}

/** A display text made from the expression, for modules whose applic has none: `model: Brook trekker and version: Mk9`. */
export function applicToText(a: Applic, nested = false): string {
  switch (a.kind) {
    case 'all':
      return '';
    case 'assert':
      return a.ident === '' ? '' : `${a.ident}: ${a.values.replace(/\|/g, ', ').replace(/~/g, '–')}`;
    case 'evaluate': {
      const text = a.operands
        .map((o) => applicToText(o, true))
        .filter((t) => t !== '')
        .join(` ${a.op} `);
      return nested && a.operands.length > 1 ? `(${text})` : text;
    }
  }
}

/** Kept unless the expression is certainly false. */
export function applies(a: Applic | undefined, assignment: Assignment, excluded?: Exclusions): boolean {
  return a === undefined || evaluateApplic(a, assignment, excluded) !== false;
}

export interface ProductAttribute {
  id: string;
  name: string;
  displayName?: string;
  /** Allowed values, each `a|b` or `1~3` as written. */
  values: string[];
  primary: boolean;
}

export interface CondType {
  id: string;
  name: string;
  values: string[];
}

export interface Cond {
  id: string;
  type: string;
  name: string;
}

export interface Product {
  id?: string;
  assignment: Record<string, string>;
  line: number;
}

export interface CrossRefTables {
  /** ACT: product attributes. */
  productAttributes?: ProductAttribute[];
  /** CCT: condition types and conditions. */
  condTypes?: CondType[];
  conds?: Cond[];
  /** PCT: products. */
  products?: Product[];
}

export function readCrossRefTables(content: XmlElement): CrossRefTables | undefined {
  const out: CrossRefTables = {};
  const act = firstChild(content, 'applicCrossRefTable');
  if (act !== undefined) {
    out.productAttributes = [];
    for (const pa of childrenNamed(firstChild(act, 'productAttributeList') ?? act, 'productAttribute')) {
      const dn = normText(firstChild(pa, 'displayName'));
      out.productAttributes.push({
        id: pa.attrs.id ?? '',
        name: normText(firstChild(pa, 'name')),
        ...(dn !== '' ? { displayName: dn } : {}),
        values: childrenNamed(pa, 'enumeration').map((e) => e.attrs.applicPropertyValues ?? ''),
        primary: pa.attrs.productIdentifier === 'primary',
      });
    }
  }
  const cct = firstChild(content, 'condCrossRefTable');
  if (cct !== undefined) {
    out.condTypes = childrenNamed(firstChild(cct, 'condTypeList') ?? cct, 'condType').map((t) => ({
      id: t.attrs.id ?? '',
      name: normText(firstChild(t, 'name')),
      values: childrenNamed(t, 'enumeration').map((e) => e.attrs.applicPropertyValues ?? ''),
    }));
    out.conds = childrenNamed(firstChild(cct, 'condList') ?? cct, 'cond').map((c) => ({
      id: c.attrs.id ?? '',
      type: c.attrs.condTypeRefId ?? '',
      name: normText(firstChild(c, 'name')),
    }));
  }
  const pct = firstChild(content, 'productCrossRefTable');
  if (pct !== undefined) {
    out.products = childrenNamed(pct, 'product').map((p) => {
      const assignment: Record<string, string> = {};
      for (const as of childrenNamed(p, 'assign')) assignment[as.attrs.applicPropertyIdent ?? ''] = as.attrs.applicPropertyValue ?? '';
      return { ...(p.attrs.id !== undefined ? { id: p.attrs.id } : {}), assignment, line: p.line };
    });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * A PCT product by its id or, as products are often keyed by a primary attribute (serial number)
 * without an id, by the value of that attribute (`primary` names it; otherwise any assigned value).
 */
export function findProduct(products: readonly Product[], key: string, primary?: string): Product | undefined {
  const byId = products.find((p) => p.id === key);
  if (byId !== undefined) return byId;
  if (primary !== undefined) {
    const lower = primary.toLowerCase();
    const hit = products.find((p) => Object.entries(p.assignment).some(([k, v]) => k.toLowerCase() === lower && v === key));
    if (hit !== undefined) return hit;
  }
  const any = products.filter((p) => Object.values(p.assignment).includes(key));
  return any.length === 1 ? any[0] : undefined;
}

export interface InstanceResult {
  doc: XmlDocument;
  /** Elements removed, by name. */
  removed: Record<string, number>;
  /** internalRef targets (ids) that were removed: references an author must look at. */
  danglingRefs: string[];
}

export interface InstanceOptions {
  /** Makes the instance a DME: identExtension (producer, code) put first in dmIdent. */
  extension?: { producer: string; code: string };
  /** Values excluded from the instance (a publication's exclude rows). */
  excluded?: Exclusions;
}

/**
 * A filtered instance of a module: elements whose applicRefId names an applic that is false for the
 * assignment are removed (with everything inside them). The source document is not changed.
 */
export function filterInstance(doc: XmlDocument, groups: ReadonlyMap<string, Applic>, assignment: Assignment, options: InstanceOptions = {}): InstanceResult {
  const root = cloneElement(doc.root);
  const removed: Record<string, number> = {};
  const verdict = new Map<string, boolean>();
  for (const [id, a] of groups) verdict.set(id, applies(a, assignment, options.excluded));
  const prune = (el: XmlElement): void => {
    el.children = el.children.filter((c) => {
      if (c.type !== 'element') return true;
      const ref = c.attrs.applicRefId;
      if (ref !== undefined && verdict.get(ref) === false) {
        removed[c.name] = (removed[c.name] ?? 0) + 1;
        return false;
      }
      prune(c);
      return true;
    });
  };
  prune(root);
  const ids = new Set<string>();
  const targets: string[] = [];
  for (const el of descendants(root)) {
    if (el.attrs.id !== undefined) ids.add(el.attrs.id);
    if (el.name === 'internalRef' && el.attrs.internalRefId !== undefined) targets.push(el.attrs.internalRefId);
  }
  const danglingRefs = [...new Set(targets.filter((t) => !ids.has(t)))];
  if (options.extension !== undefined) {
    const ident = firstChild(firstChild(firstChild(root, 'identAndStatusSection'), 'dmAddress'), 'dmIdent');
    if (ident !== undefined) {
      ident.children = ident.children.filter((c) => c.type !== 'element' || c.name !== 'identExtension');
      const ext: XmlElement = {
        type: 'element',
        name: 'identExtension',
        attrs: { extensionProducer: options.extension.producer, extensionCode: options.extension.code },
        children: [],
        parent: ident,
        line: ident.line,
        column: ident.column,
      };
      ident.children.unshift(ext);
    }
  }
  return { doc: { ...doc, root }, removed, danglingRefs };
}

/** How many elements of a name a tree holds (for instance checks). */
export function countElements(root: XmlElement, name: string): number {
  let n = 0;
  for (const el of descendants(root)) if (el.name === name) n++;
  return n;
}
