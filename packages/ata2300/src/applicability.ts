/**
 * A Spec 2300 set's applicability as the screens and the publisher use it: the ACT's product
 * attributes, the PCT's products (an aircraft by its id or MSN), and which modules of a
 * publication module apply to a selection by their status files' applicability.
 */
import { type Assignment, evaluateApplic, firstChild, parseXml, type XmlElement } from '@ccms/s1000d';
import type { Ata2300TocItem } from './describe.js';
import type { Ata2300Entry } from './status.js';

export interface Ata2300Selection {
  /** A PCT product: its id, or a value one of its assignments gives (an MSN). */
  product?: string;
  /** Property values by ident; they win over the product's. */
  assign?: Readonly<Record<string, string>>;
}

export class Ata2300PublishError extends Error {
  constructor(
    readonly code: 'pmMissing' | 'productUnknown' | 'noPct',
    readonly value: string,
  ) {
    super(`${code}: ${value}`);
  }
}

export interface Ata2300Attribute {
  id: string;
  name: string;
  /** The enumerations' values as written (CX100-100|CX100-200). */
  values: string[];
}

export interface Ata2300Tables {
  act: Ata2300Entry | undefined;
  pct: Ata2300Entry | undefined;
  attributes: Ata2300Attribute[];
  /** PCT products: id → property values. */
  products: Map<string, Record<string, string>>;
}

const elements = (el: XmlElement | undefined, name: string): XmlElement[] =>
  (el?.children ?? []).filter((c): c is XmlElement => c.type === 'element' && c.name === name);
const textOf = (el: XmlElement | undefined): string =>
  (el?.children ?? [])
    .map((c) => (c.type === 'text' ? c.text : c.type === 'element' ? textOf(c) : ''))
    .join('')
    .trim();

/** The set's ACT and PCT (data modules whose content is applicCrossRefTable, productCrossRefTable) read. */
export function tablesOf(entries: readonly Ata2300Entry[], read: (file: string) => Uint8Array | string): Ata2300Tables {
  const act = entries.find((e) => e.content.contentType === 'applicCrossRefTable');
  const pct = entries.find((e) => e.content.contentType === 'productCrossRefTable');
  const attributes: Ata2300Attribute[] = [];
  if (act) {
    const table = firstChild(firstChild(parseXml(read(act.content.file)).root, 'content'), 'applicCrossRefTable');
    for (const a of elements(firstChild(table, 'productAttributeList'), 'productAttribute'))
      attributes.push({
        id: a.attrs.id ?? '',
        name: textOf(firstChild(a, 'displayName')) || textOf(firstChild(a, 'name')) || (a.attrs.id ?? ''),
        values: elements(a, 'enumeration').map((e) => e.attrs.applicPropertyValues ?? ''),
      });
  }
  const products = new Map<string, Record<string, string>>();
  if (pct) {
    const table = firstChild(firstChild(parseXml(read(pct.content.file)).root, 'content'), 'productCrossRefTable');
    for (const p of elements(table, 'product')) {
      const values: Record<string, string> = {};
      for (const a of elements(p, 'assign')) values[a.attrs.applicPropertyIdent ?? ''] = a.attrs.applicPropertyValue ?? '';
      products.set(p.attrs.id ?? '', values);
    }
  }
  return { act, pct, attributes, products };
}

/** The assignment a selection gives (the product's values, then the pairs) and its label ("0101 model=CX100-100"). */
export function assignmentOf(selection: Ata2300Selection, products: ReadonlyMap<string, Record<string, string>>): { assignment: Assignment; label: string } {
  let base: Record<string, string> = {};
  let label = '';
  if (selection.product) {
    if (products.size === 0) throw new Ata2300PublishError('noPct', selection.product);
    const wanted = selection.product;
    const found = products.get(wanted) ?? [...products.values()].find((v) => Object.values(v).includes(wanted));
    if (!found) throw new Ata2300PublishError('productUnknown', wanted);
    base = found;
    label = wanted;
  }
  const assign = selection.assign ?? {};
  const pairs = Object.entries(assign).map(([k, v]) => `${k}=${v}`);
  return { assignment: { ...base, ...assign }, label: [label, ...pairs].filter(Boolean).join(' ') };
}

/** Whether a module applies to an assignment: its status file's applicability (none: it applies to all). */
export const appliesTo = (entry: Ata2300Entry, assignment: Assignment): boolean =>
  !entry.status?.applic || evaluateApplic(entry.status.applic.logic, assignment) !== false;

export interface PmModule {
  entry: Ata2300Entry;
  applies: boolean;
}

/** The data modules a PM lists, once each in its order, with whether each applies; and the codes it names that the set lacks. */
export function pmModules(pm: Ata2300Entry, entries: readonly Ata2300Entry[], assignment: Assignment): { modules: PmModule[]; missing: string[] } {
  const byCode = new Map(entries.filter((e) => e.kind === 'dm').map((e) => [e.content.code, e]));
  const modules: PmModule[] = [];
  const missing: string[] = [];
  const walk = (items: readonly Ata2300TocItem[]) => {
    for (const item of items) {
      if (!('ref' in item)) walk(item.items);
      else if (item.kind === 'dmRef') {
        const entry = byCode.get(item.ref.target);
        if (!entry) missing.push(item.ref.target);
        else if (!modules.some((m) => m.entry === entry)) modules.push({ entry, applies: appliesTo(entry, assignment) });
      }
    }
  };
  walk(pm.content.toc ?? []);
  return { modules, missing };
}
