/**
 * The applicability selection a publication is published for: a PCT product (its id, or the value of
 * the primary attribute such as a serial number), property values (`ident=value` pairs), or both
 * (the pairs win), and values excluded (a filter group's exclude rows). Resolved against a set's ACT,
 * CCT and PCT into the assignment and exclusions filtering uses.
 *
 * What an exclusion means, beside the assignment: a filter group's include row `ident = value` says
 * the product has that value (content whose applicability needs another value of `ident` is dropped;
 * content that does not name `ident` stays). An exclude row `ident = value` says the publication is
 * not for that value: content whose applicability can only hold with an excluded value of `ident` is
 * dropped (`model: Brook trekker` with Brook trekker excluded; not `model: Brook trekker|Mountain
 * storm`, which another model still satisfies), and the rest stays open as it is without a selection.
 * An exclude row with no value excludes every value of the property: content that needs `ident` at all
 * is dropped. Excluding the value a product or an include row assigns is a contradiction and refused;
 * excluding another value of an assigned property changes nothing (the assignment already decides).
 */
import type { Assignment, Exclusions } from '../applic.js';
import type { Csdb } from '../csdb.js';

export interface Selection {
  /** A PCT product: its id or the value of the primary attribute. */
  product?: string;
  /** Property values by ident (ACT product attributes, CCT conditions). */
  assign?: Readonly<Record<string, string>>;
  /** Values excluded, by ident ('' excludes every value of the property). */
  exclude?: Readonly<Record<string, readonly string[]>>;
}

/** `ident=value;ident=value` as pairs (empty parts ignored); undefined when a part has no `=` or no ident. */
export function parseAssign(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) return undefined;
    const ident = part.slice(0, at).trim();
    if (ident === '') return undefined;
    out[ident] = part.slice(at + 1).trim();
  }
  return out;
}

/** Whether a publication's filter text is property values (`ident=value;...`) rather than a product key or a group name. */
export const isAssignText = (text: string): boolean => text.includes('=');

/** The selection a publication's filter text names: pairs when it holds `=`, else a product key. */
export function selectionOfText(text: string): Selection {
  const t = text.trim();
  if (isAssignText(t)) return { assign: parseAssign(t) ?? {} };
  return t === '' ? {} : { product: t };
}

/** The properties (ACT attributes, CCT conditions) a set declares, by ident. */
export function declaredProperties(csdb: Csdb): Set<string> {
  const out = new Set<string>();
  for (const o of csdb.objects) {
    if (o.refused) continue;
    for (const a of o.tables?.productAttributes ?? []) out.add(a.id);
    for (const c of o.tables?.conds ?? []) out.add(c.id);
  }
  return out;
}

export type SelectionResult =
  | { ok: true; assignment: Assignment; excluded: Exclusions; label: string }
  /**
   * noPct: a product was named and the set has no PCT; productUnknown: no product has that key;
   * propertyUnknown: an ident is not declared; excludedAssigned: a value both assigned and excluded (`ident=value`).
   */
  | { ok: false; reason: 'noPct' | 'productUnknown' | 'propertyUnknown' | 'excludedAssigned'; value: string };

/**
 * The assignment a selection gives: the product's values, then the pairs. Also a label for the
 * output (the product key and the values it was published for).
 */
export function resolveSelection(csdb: Csdb, selection: Selection): SelectionResult {
  const out: Record<string, string> = {};
  if (selection.product !== undefined && selection.product !== '') {
    if (csdb.products().length === 0) return { ok: false, reason: 'noPct', value: selection.product };
    const found = csdb.productAssignment(selection.product);
    if (found === undefined) return { ok: false, reason: 'productUnknown', value: selection.product };
    Object.assign(out, found);
  }
  const pairs = selection.assign ?? {};
  if (Object.keys(pairs).length > 0) {
    const known = declaredProperties(csdb);
    for (const [ident, value] of Object.entries(pairs)) {
      if (!known.has(ident)) return { ok: false, reason: 'propertyUnknown', value: ident };
      out[ident] = value;
    }
  }
  const excluded = new Map<string, Set<string>>();
  const exclude = selection.exclude ?? {};
  if (Object.keys(exclude).length > 0) {
    const known = declaredProperties(csdb);
    for (const [ident, values] of Object.entries(exclude)) {
      if (!known.has(ident)) return { ok: false, reason: 'propertyUnknown', value: ident };
      const assigned = out[ident];
      for (const value of values) {
        if (assigned !== undefined && (value === '' || value === assigned)) return { ok: false, reason: 'excludedAssigned', value: `${ident}=${assigned}` };
        // Another value of an assigned property: the assignment already decides.
        if (assigned !== undefined) continue;
        const set = excluded.get(ident) ?? new Set<string>();
        set.add(value);
        excluded.set(ident, set);
      }
    }
  }
  const values = Object.entries(out)
    .filter(([, v]) => v !== selection.product)
    .map(([k, v]) => `${k}=${v}`);
  const without = [...excluded].map(([k, set]) => `${k}≠${[...set].map((v) => v || '*').join('|')}`);
  const label = [selection.product, [...values, ...without].join(', ')].filter((s) => s !== undefined && s !== '').join(': ');
  return { ok: true, assignment: out, excluded, label };
}
