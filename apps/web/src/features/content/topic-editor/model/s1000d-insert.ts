import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import type { Node as PMNode, ResolvedPos, Schema } from '@tiptap/pm/model';
import { parseXml, type XmlElement } from '../../shared/lossless-xml';
import { ata2300Template } from './ata2300-insert';

/**
 * What the insert menu of an S1000D module offers: each element with the structure it needs (a
 * procedural step comes with its paragraph, a warning with its text, a list with its first item),
 * and which of them the schema allows at the cursor.
 */
export interface Template {
  node: PMNode;
  /** A step: inserted after the step the cursor is in (or, `nested`, at the end of it). */
  step?: string;
  nested?: boolean;
}

type Build = (s: Schema) => PMNode;

const node = (s: Schema, name: string, content: PMNode[] = [], attrs: Record<string, string> = {}): PMNode => {
  const type = s.nodes[name];
  if (!type) throw new Error(`The schema has no node ${name}`);
  return type.create({ attrs }, content);
};
const run = (s: Schema) => node(s, 'run');
const para = (s: Schema) => node(s, 'para', [run(s)]);
const title = (s: Schema) => node(s, 'title');
const listItem = (s: Schema) => node(s, 'listItem', [para(s)]);

const TEMPLATES = {
  para: { build: para },
  levelledPara: { build: (s) => node(s, 'levelledPara', [title(s), para(s)]) },
  proceduralStep: { build: (s) => node(s, 'proceduralStep', [para(s)]), step: 'proceduralStep' },
  proceduralSubStep: { build: (s) => node(s, 'proceduralStep', [para(s)]), step: 'proceduralStep', nested: true },
  warning: { build: (s) => node(s, 'warning', [node(s, 'warningAndCautionPara')]) },
  caution: { build: (s) => node(s, 'caution', [node(s, 'warningAndCautionPara')]) },
  note: { build: (s) => node(s, 'note', [node(s, 'notePara', [run(s)])]) },
  randomList: { build: (s) => node(s, 'randomList', [listItem(s)]) },
  sequentialList: { build: (s) => node(s, 'sequentialList', [listItem(s)]) },
  listItem: { build: listItem },
  crewDrillStep: { build: (s) => node(s, 'crewDrillStep', [para(s)]), step: 'crewDrillStep' },
  challengeAndResponse: {
    build: (s) => node(s, 'challengeAndResponse', [node(s, 'challenge', [para(s)]), node(s, 'response', [para(s)])]),
  },
  isolationStep: {
    build: (s) =>
      node(s, 'isolationStep', [
        para(s),
        node(s, 'isolationStepQuestion'),
        node(s, 'isolationStepAnswer', [node(s, 'yesNoAnswer', [node(s, 'yesAnswer'), node(s, 'noAnswer')])]),
      ]),
    step: 'isolationStep',
  },
} satisfies Record<string, { build: Build; step?: string; nested?: boolean }>;

export type S1000dInsert = keyof typeof TEMPLATES;

/** The elements the S1000D insert menu lists, in its order. */
export const S1000D_INSERTS = Object.keys(TEMPLATES) as S1000dInsert[];

/** The element a menu entry inserts (proceduralSubStep is a proceduralStep nested in the current one). */
export const elementOfInsert = (key: string): string => (key === 'proceduralSubStep' ? 'proceduralStep' : key);

/** Whether the installed schema allows `child` directly in `parent` (both element names). */
export type Allows = (parent: string, child: string) => boolean;

const allowsCache = new WeakMap<EditorGrammar, Allows>();

/** The content models of the installed XSD as `Allows`; undefined while it has not answered or no schema is installed. */
export function grammarAllows(grammar: EditorGrammar | undefined): Allows | undefined {
  if (!grammar || Object.keys(grammar.elements).length === 0) return undefined;
  let a = allowsCache.get(grammar);
  if (!a) {
    const sets = new Map(Object.entries(grammar.elements).map(([n, e]) => [n, new Set(e.children)]));
    a = (parent, child) => sets.get(parent)?.has(child) ?? false;
    allowsCache.set(grammar, a);
  }
  return a;
}

/**
 * An element with its required structure, in a schema that models it: the table's skeleton (a
 * step with its paragraph, a warning with its text), else the node the schema fills by itself;
 * an element the visual view does not model is inserted empty as XML (read-only here, completed
 * in the source view). Undefined outside an S1000D schema.
 */
export function elementTemplate(schema: Schema, name: string): Template | undefined {
  if (!schema.nodes.dmodule) return undefined;
  // Spec 2300 (its checklist in the schema): its own entries; other names as below.
  const ata = schema.nodes.procContent !== undefined;
  if (ata) {
    const made = ata2300Template(schema, name);
    if (made) return made;
  }
  const t: { build: Build; step?: string; nested?: boolean } | undefined = ata ? undefined : TEMPLATES[name as S1000dInsert];
  if (t) {
    try {
      return { node: t.build(schema), ...(t.step ? { step: t.step } : {}), ...(t.nested ? { nested: t.nested } : {}) };
    } catch {
      return undefined;
    }
  }
  if (!/^[A-Za-z_][\w.-]*$/.test(name) || name === 'island' || name === 'run' || name === 'doc') return undefined;
  const type = schema.nodes[name];
  if (type) {
    if (type.isInline || type.isText) return undefined;
    const made = type.createAndFill();
    return made ? { node: made } : undefined;
  }
  const island = schema.nodes.island as NonNullable<Schema['nodes'][string]>;
  return { node: island.create({ xml: `<${name}/>`, name, src: null, ws: null }) };
}

/** Element names of the nodes a position is in (innermost first), without the view's own nodes (text runs, the document). */
function elementAncestors($pos: ResolvedPos): string[] {
  const out: string[] = [];
  for (let d = $pos.depth; d > 0; d--) {
    const n = $pos.node(d).type.name;
    if (n !== 'run' && n !== 'island' && n !== 'inline_island') out.push(n);
  }
  return out;
}

/**
 * What the insert menu lists at a position. Without a schema grammar: the table's entries. With
 * one: the block elements the XSD allows in the elements the cursor is in — inside a paragraph
 * (mixed content) the blocks it may hold (lists), then everything the XSD allows in the nearest
 * element with element-only content (a step, a levelled paragraph, a list item) — the table's
 * entries first, in its order, then the schema's others in the content model's order.
 */
export function insertMenuAt(grammar: EditorGrammar | undefined, $pos: ResolvedPos, schema: Schema): string[] {
  const allows = grammarAllows(grammar);
  if (!grammar || !allows) return [...S1000D_INSERTS];
  const names: string[] = [];
  const add = (n: string) => {
    if (!names.includes(n)) names.push(n);
  };
  const ancestors = elementAncestors($pos);
  if (ancestors.includes('proceduralStep') && allows('proceduralStep', 'proceduralStep')) add('proceduralSubStep');
  for (const parent of ancestors) {
    const el = grammar.elements[parent];
    if (!el) continue;
    if (el.text) {
      // Mixed content: only the blocks the view models (lists in a paragraph), not its phrases.
      for (const c of el.children) {
        const type = schema.nodes[c];
        if (type?.isBlock && !type.isTextblock) add(c);
      }
      continue;
    }
    for (const c of el.children) add(c);
    break;
  }
  const known = S1000D_INSERTS.filter((k) => names.includes(elementOfInsert(k)) && (k !== 'proceduralSubStep' || names.includes(k)));
  const others = names.filter((n) => n !== 'proceduralSubStep' && !(S1000D_INSERTS as string[]).includes(n) && n !== 'title');
  return [...known, ...others];
}

/** The entries the schema allows at the cursor (`can` runs the insert command without applying it). */
export function insertableAt(can: (name: string) => boolean, entries: readonly string[] = S1000D_INSERTS): string[] {
  return entries.filter((name) => can(name));
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A figure holding an ICN graphic (the graphic stays an island: shown, written as is). */
export function figureWithGraphic(schema: Schema, title: string, icn: string): PMNode {
  const graphic = `<graphic infoEntityIdent="${escapeAttr(icn)}"/>`;
  return node(schema, 'figure', [
    node(schema, 'title', title ? [schema.text(title)] : []),
    (schema.nodes.island as NonNullable<Schema['nodes'][string]>).create({ xml: graphic, name: 'graphic', src: null, ws: null }),
  ]);
}

/** A data module as the dmRef picker found it. */
export interface DmRefTarget {
  dmCode: Record<string, string>;
  issueInfo: { issueNumber: string; inWork: string } | null;
  language: { languageIsoCode: string; countryIsoCode: string } | null;
}

/** The content of a dmRef to a data module: its dmCode, and its issue and language when `withIssue`. */
export function dmRefInner(target: DmRefTarget, withIssue: boolean): string {
  const attrs = (a: Record<string, string>) =>
    Object.entries(a)
      .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
      .join('');
  let out = `<dmRefIdent><dmCode${attrs(target.dmCode)}/>`;
  if (withIssue && target.issueInfo) out += `<issueInfo${attrs(target.issueInfo)}/>`;
  if (withIssue && target.language) out += `<language${attrs(target.language)}/>`;
  return `${out}</dmRefIdent>`;
}

/** The internalRefTargetType of a target element (S1000D's irtt values), when it has one. */
const TARGET_TYPES: Record<string, string> = {
  figure: 'irtt01',
  table: 'irtt02',
  multimedia: 'irtt03',
  supplyDescr: 'irtt04',
  supportEquipDescr: 'irtt05',
  spareDescr: 'irtt06',
  levelledPara: 'irtt07',
  para: 'irtt07',
  proceduralStep: 'irtt08',
  graphic: 'irtt09',
};

export interface InternalTarget {
  id: string;
  element: string;
  text: string;
  targetType: string | undefined;
}

const textOf = (el: XmlElement): string =>
  el.children
    .map((c) => (c.type === 'text' ? c.raw : c.type === 'element' ? textOf(c) : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The elements with an id in a module's content (internalRef targets), in document order. */
export function internalTargets(xml: string): InternalTarget[] {
  const out: InternalTarget[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.type !== 'element' || c.name === 'identAndStatusSection') continue;
      const id = c.attrs.find((a) => a.name === 'id')?.value;
      if (id) {
        const title = c.children.find((k): k is XmlElement => k.type === 'element' && k.name === 'title');
        out.push({ id, element: c.name, text: (title ? textOf(title) : textOf(c)).slice(0, 80), targetType: TARGET_TYPES[c.name] });
      }
      walk(c);
    }
  };
  const root = parseXml(xml).root;
  if (root) walk(root);
  return out;
}

/** The elements applicability is usually given to, preferred over the paragraph the cursor is in. */
const APPLIC_UNITS = new Set([
  'proceduralStep',
  'levelledPara',
  'crewDrillStep',
  'isolationStep',
  'figure',
  'table',
  'warning',
  'caution',
  'note',
  'listItem',
  'reqPersons',
  'catalogSeqNumber',
  'itemSeqNumber',
]);

/** The element an applicability picked at the cursor is given to: the innermost step, levelled paragraph, figure, ... else the paragraph. */
export function applicTargetAt($pos: ResolvedPos): { node: PMNode; pos: number } | null {
  let para: { node: PMNode; pos: number } | null = null;
  for (let d = $pos.depth; d > 0; d--) {
    const node = $pos.node(d);
    if (APPLIC_UNITS.has(node.type.name)) return { node, pos: $pos.before(d) };
    if (!para && node.type.name === 'para') para = { node, pos: $pos.before(d) };
  }
  return para;
}
