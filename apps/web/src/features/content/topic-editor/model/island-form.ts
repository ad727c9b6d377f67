/**
 * The S1000D parts the visual view shows as forms rather than as read-only XML (issue 31): the
 * identification and status section, the requirement rows (persons, support equipment, supplies,
 * spares) and the parts catalogue's item details. Each is still an island (its XML kept as
 * written); a form edits it in place: a field typed changes only that attribute value or that
 * text, a row added is a copy of its neighbour with the values emptied, a row removed takes its
 * line with it. Nothing else of the island's text changes, so an untouched island is written back
 * byte for byte.
 */
import { decodeEntities, escapeAttr, escapeText, parseXml, type XmlElement } from '../../shared/lossless-xml';

/** Islands drawn as forms. */
export const FORM_ISLANDS = new Set([
  'identAndStatusSection',
  'person',
  'personnel',
  'supportEquipDescrGroup',
  'supplyDescrGroup',
  'spareDescrGroup',
  // Inside the parts catalogue's rows (itemSeqNumber).
  'quantityPerNextHigherAssy',
  'partRef',
  'partSegment',
  'partLocationSegment',
  'applicabilitySegment',
  'locationRcmdSegment',
  'catalogSeqNumberRef',
]);

/** Islands whose element children are rows (added and removed in the form). */
export const ROW_GROUPS: Readonly<Record<string, string>> = {
  supportEquipDescrGroup: 'supportEquipDescr',
  supplyDescrGroup: 'supplyDescr',
  spareDescrGroup: 'spareDescr',
};

/** One editable value: an attribute or the text of an element holding text only. */
export interface FormField {
  /** Element indices from the island's element (child elements only), then `@name` or `#text`. */
  key: string;
  /** What a writer reads: the element path below the island, then the attribute. */
  label: string;
  value: string;
}

export interface FormRow {
  /** Index of the row among the island element's children elements. */
  index: number;
  name: string;
  fields: FormField[];
}

export interface IslandForm {
  name: string;
  /** The island element's own fields (and those of its non-row children). */
  fields: FormField[];
  /** Rows of a row group (empty otherwise). */
  rows: FormRow[];
  rowName: string | undefined;
}

const elementsOf = (el: XmlElement): XmlElement[] => el.children.filter((c): c is XmlElement => c.type === 'element');
const SKIPPED_ATTR = /^(xmlns(:|$)|xlink:|xsi:)/;

function fieldsOf(el: XmlElement, prefix: number[], label: string[], out: FormField[], skipChildren?: (i: number) => boolean): void {
  for (const a of el.attrs) {
    if (SKIPPED_ATTR.test(a.name)) continue;
    out.push({ key: `${prefix.join('/')}@${a.name}`, label: [...label, `@${a.name}`].join(' › '), value: a.value });
  }
  const kids = elementsOf(el);
  const textOnly = kids.length === 0 && el.children.every((c) => c.type === 'text' || c.type === 'entity');
  if (textOnly && !el.selfClosing) {
    out.push({
      key: `${prefix.join('/')}#text`,
      label: label.length > 0 ? label.join(' › ') : el.name,
      value: el.children.map((c) => (c.type === 'text' || c.type === 'entity' ? decodeEntities(c.raw) : '')).join(''),
    });
  }
  kids.forEach((k, i) => {
    if (skipChildren?.(i)) return;
    fieldsOf(k, [...prefix, i], [...label, k.name], out);
  });
}

const rootOf = (xml: string): XmlElement | null => parseXml(xml).root ?? null;

/** The form of an island's XML; null when it does not parse. */
export function islandForm(xml: string): IslandForm | null {
  const root = rootOf(xml);
  if (!root) return null;
  const rowName = ROW_GROUPS[root.name];
  const kids = elementsOf(root);
  const isRow = (i: number) => rowName !== undefined && kids[i]?.name === rowName;
  const fields: FormField[] = [];
  fieldsOf(root, [], [], fields, isRow);
  const rows: FormRow[] = [];
  kids.forEach((k, i) => {
    if (!isRow(i)) return;
    const f: FormField[] = [];
    fieldsOf(k, [i], [], f);
    rows.push({ index: i, name: k.name, fields: f });
  });
  return { name: root.name, fields, rows, rowName };
}

function elementAt(root: XmlElement, path: number[]): XmlElement | undefined {
  let el: XmlElement | undefined = root;
  for (const i of path) el = el ? elementsOf(el)[i] : undefined;
  return el;
}

const parseKey = (key: string): { path: number[]; attr: string | null } => {
  const m = /^([\d/]*)(?:@(.+)|#text)$/.exec(key);
  if (!m) throw new Error(`No such field: ${key}`);
  return { path: m[1] ? m[1].split('/').map(Number) : [], attr: m[2] ?? null };
};

/** The island's XML with one field set (only its value's characters change). */
export function setField(xml: string, key: string, value: string): string {
  const root = rootOf(xml);
  const { path, attr } = parseKey(key);
  const el = root ? elementAt(root, path) : undefined;
  if (!el) return xml;
  if (attr !== null) {
    const a = el.attrs.find((x) => x.name === attr);
    if (!a) return xml;
    const q = `${a.quote}${a.rawValue}${a.quote}`;
    const at = el.start + el.openRaw.indexOf(a.raw) + a.raw.lastIndexOf(q) + 1;
    return xml.slice(0, at) + escapeAttr(value, a.quote) + xml.slice(at + a.rawValue.length);
  }
  const text = escapeText(value);
  if (el.selfClosing) {
    const open = el.openRaw.replace(/\s*\/>$/, '>');
    return `${xml.slice(0, el.start)}${open}${text}</${el.name}>${xml.slice(el.end)}`;
  }
  return xml.slice(0, el.openEnd) + text + xml.slice(el.closeStart);
}

/** The start of the line an offset is on when only whitespace precedes it there (else the offset). */
function lineStart(xml: string, at: number): number {
  let i = at;
  while (i > 0 && (xml[i - 1] === ' ' || xml[i - 1] === '\t')) i--;
  return i > 0 && xml[i - 1] === '\n' ? i - 1 : at;
}

/** A copy of an element's XML with its texts emptied, no id and no applicability (other attributes, such as units, kept). */
function emptied(xml: string, el: XmlElement): string {
  let out = xml.slice(el.start, el.end);
  const sub = rootOf(out);
  if (!sub) return out;
  const edits: Array<{ from: number; to: number; text: string }> = [];
  const walk = (e: XmlElement) => {
    for (const a of e.attrs) {
      const from = e.start + e.openRaw.indexOf(a.raw);
      if (a.name === 'id' || a.name === 'applicRefId') edits.push({ from, to: from + a.raw.length, text: '' });
    }
    const kids = elementsOf(e);
    if (kids.length === 0 && !e.selfClosing && e !== sub) edits.push({ from: e.openEnd, to: e.closeStart, text: '' });
    kids.forEach(walk);
  };
  walk(sub);
  edits.sort((a, b) => b.from - a.from);
  for (const e of edits) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  return out;
}

/** A new row after the last one: a copy of it with its texts emptied, no id, no applicRefId. */
export function addRow(xml: string): string {
  const root = rootOf(xml);
  const rowName = root ? ROW_GROUPS[root.name] : undefined;
  if (!root || !rowName) return xml;
  const rows = elementsOf(root).filter((k) => k.name === rowName);
  const last = rows[rows.length - 1];
  if (!last) return xml;
  const from = lineStart(xml, last.start);
  const ws = xml.slice(from, last.start);
  return xml.slice(0, last.end) + (ws || '') + emptied(xml, last) + xml.slice(last.end);
}

/** The row at `index` (among the element children) removed, with the whitespace that led it. */
export function removeRow(xml: string, index: number): string {
  const root = rootOf(xml);
  const el = root ? elementsOf(root)[index] : undefined;
  if (!el) return xml;
  return xml.slice(0, lineStart(xml, el.start)) + xml.slice(el.end);
}

/** A copy of a whole island to put after it (a person of reqPersons): its texts emptied, no id. */
export function emptiedCopy(xml: string): string {
  const root = rootOf(xml);
  return root ? emptied(xml, root) : xml;
}
