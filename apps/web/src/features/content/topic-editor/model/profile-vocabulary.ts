import type { EditorProfileVocabulary } from '@ccms/contracts/content/topic-editor';
import type { Node as PMNode, ResolvedPos, Schema } from '@tiptap/pm/model';
import { type ElementDef, pmName } from './elements';
import type { Template } from './s1000d-insert';
import { nodeType } from './to-editor';
import { type EditorVocabulary, vocabularyOf } from './vocabulary';

/**
 * The editor vocabulary of an XML profile (packages/xmlprofile), built at run time from what an
 * administrator wrote: the unit and grouping roots, and the elements that are titles, blocks,
 * lists and their items, tables with rows and cells, and inline phrases. No grammar is read, so
 * every content model is permissive: a root, a block, an item and a cell hold titles, blocks,
 * lists and tables around text; a list holds its items, a table its rows, a row its cells. Every
 * element the profile does not name (and anything out of place) is an island: shown, written back
 * as it was, edited in the source view.
 */

/** Groups of the profile schema (a name the content expressions use, never an element's). */
const FLOW = 'profile_flow';
const ITEM = 'profile_item';
const ROW = 'profile_row';
const CELL = 'profile_cell';

/** `(a | b | island)*` of the groups that have members (ProseMirror refuses a name that is neither a node nor a group). */
const any = (present: ReadonlySet<string>, ...groups: string[]) => `(${[...groups.filter((g) => present.has(g)), 'island'].join(' | ')})*`;

/**
 * Editor names the schema already uses (nodes, marks, groups) or that the converters treat by name
 * (tgroup is DITA's CALS table): an element with one of these names stays an island.
 */
const RESERVED = new Set([
  'doc',
  'text',
  'run',
  'island',
  'inline_island',
  'entity',
  'inline_ref',
  'image',
  'cdata',
  'block',
  'inline',
  'topiclike',
  'dita',
  'tgroup',
  FLOW,
  ITEM,
  ROW,
  CELL,
]);

/** Whether the visual view can model an element of this name (else it stays an island, lossless). */
export function modelledName(name: string): boolean {
  // Editor names are words (`x-note` is `x_note`): a name with `.` or a namespace prefix has none.
  return /^[A-Za-z_][\w-]*$/.test(name) && !RESERVED.has(name) && !RESERVED.has(pmName(name));
}

export type ProfileRole = 'root' | 'title' | 'block' | 'list' | 'listItem' | 'table' | 'row' | 'cell' | 'inline';

/** Each modelled element of a profile with its role; an element named in two parts takes the first of this order. */
export function profileRoles(profile: EditorProfileVocabulary): Map<string, ProfileRole> {
  const v = profile.vocabulary;
  const roles = new Map<string, ProfileRole>();
  // Two names with one editor name (`x-note`, `x_note`): the first is modelled.
  const editorNames = new Set<string>();
  const add = (names: readonly string[], role: ProfileRole) => {
    for (const n of names) {
      if (!modelledName(n) || roles.has(n) || editorNames.has(pmName(n))) continue;
      roles.set(n, role);
      editorNames.add(pmName(n));
    }
  };
  add(profile.roots, 'root');
  add(v.titles, 'title');
  add(v.tables, 'table');
  add(v.rows, 'row');
  add(v.cells, 'cell');
  add(v.lists, 'list');
  add(v.listItems, 'listItem');
  add(v.blocks, 'block');
  add(v.inline, 'inline');
  return roles;
}

const GROUP_OF: Partial<Record<ProfileRole, string>> = { title: FLOW, block: FLOW, list: FLOW, table: FLOW, listItem: ITEM, row: ROW, cell: CELL };

function defOf(name: string, role: ProfileRole, blocks: ReadonlySet<string>, present: ReadonlySet<string>): ElementDef {
  // Text and the blocks around it: what roots, blocks, list items and cells hold.
  const FLOW_CONTENT = any(present, FLOW, 'run');
  switch (role) {
    case 'root':
      // A root the profile also names a block (a section in a section) is both.
      return { name, kind: 'block', group: blocks.has(name) ? `topiclike ${FLOW}` : 'topiclike', content: FLOW_CONTENT, mixed: true };
    case 'title':
      return { name, kind: 'textblock', group: FLOW, content: 'inline*' };
    case 'block':
      return { name, kind: 'block', group: FLOW, content: FLOW_CONTENT, mixed: true };
    case 'list':
      return { name, kind: 'block', group: FLOW, content: any(present, ITEM, FLOW) };
    case 'listItem':
      return { name, kind: 'block', group: ITEM, content: FLOW_CONTENT, mixed: true, defining: true };
    case 'table':
      return { name, kind: 'block', group: FLOW, content: any(present, ROW, FLOW) };
    case 'row':
      return { name, kind: 'block', group: ROW, content: any(present, CELL), defining: true };
    case 'cell':
      return { name, kind: 'block', group: CELL, content: FLOW_CONTENT, mixed: true, defining: true };
    case 'inline':
      return { name, kind: 'mark' };
  }
}

const BUILT = new Map<string, EditorVocabulary>();

/** The EditorVocabulary of a profile (the same object for the same profile vocabulary, so its schema is made once). */
export function profileVocabulary(profile: EditorProfileVocabulary): EditorVocabulary {
  const key = `xmlprofile:${JSON.stringify([profile.roots, profile.vocabulary])}`;
  const known = BUILT.get(key);
  if (known) return known;
  const roles = profileRoles(profile);
  const blocks = new Set(profile.vocabulary.blocks);
  const present = new Set(['run', ...[...roles.entries()].flatMap(([n, r]) => (r === 'root' && blocks.has(n) ? FLOW : (GROUP_OF[r] ?? [])))]);
  const elements = [...roles].map(([name, role]) => defOf(name, role, blocks, present));
  const vocab: EditorVocabulary = {
    id: 'xmlprofile',
    key,
    elements,
    byName: new Map(elements.map((e) => [e.name, e])),
    byPmName: new Map(elements.map((e) => [pmName(e.name), e])),
    inlineAtoms: [],
    imageElement: undefined,
    universalAttributes: ['id'],
    docContent: [...roles.values()].includes('root') ? '(topiclike | island)' : 'island',
    mixedTypes: new Set(elements.filter((e) => e.mixed).map((e) => pmName(e.name))),
  };
  BUILT.set(key, vocab);
  return vocab;
}

/** An insert menu entry of a profile: an element that is not a root nor inline, in the profile's order. */
export function profileInserts(profile: EditorProfileVocabulary): string[] {
  return [...profileRoles(profile)].filter(([, role]) => role !== 'root' && role !== 'inline').map(([name]) => name);
}

/** The profile's inline elements the visual view applies as marks. */
export function profileMarks(profile: EditorProfileVocabulary): string[] {
  return [...profileRoles(profile)].filter(([, role]) => role === 'inline').map(([name]) => name);
}

/**
 * A profile element with the structure it needs to be typed in (a list with its first item, a
 * table with a row and a cell, text to type in a block), and `step`: an item, row or cell goes after
 * the one of its name the cursor is in. Undefined outside a profile's schema or for a name it does not model.
 */
export function profileTemplate(schema: Schema, name: string, $from?: ResolvedPos): Template | undefined {
  const vocab = vocabularyOf(schema);
  if (vocab.id !== 'xmlprofile') return undefined;
  const def = vocab.byName.get(name);
  if (!def || def.kind === 'mark') return undefined;
  const first = (group: string) => vocab.elements.find((e) => e.group?.split(' ').includes(group))?.name;
  const make = (n: string | undefined, inner?: PMNode[]): PMNode | undefined => {
    const type = n === undefined ? undefined : schema.nodes[pmName(n)];
    if (!type) return undefined;
    const d = vocab.byName.get(n ?? '');
    const content = inner ?? (d?.mixed ? [nodeType(schema, 'run').create()] : []);
    return type.create({ attrs: {} }, content);
  };
  const made = (...nodes: (PMNode | undefined)[]) => nodes.filter((n) => n !== undefined);
  const group = def.group?.split(' ') ?? [];
  if (group.includes(ROW)) {
    // A row gets as many cells (of the same names) as the row at the cursor, else one.
    const current = rowAt($from, name);
    const cells = current ? [...Array(current.childCount).keys()].map((i) => make(vocab.byPmName.get(current.child(i).type.name)?.name)) : [make(first(CELL))];
    const node = make(name, made(...cells));
    return node ? { node, step: name } : undefined;
  }
  if (group.includes(ITEM) || group.includes(CELL)) {
    const node = make(name);
    return node ? { node, step: name } : undefined;
  }
  const role = profileRoleOf(def);
  const node =
    role === 'list' ? make(name, made(make(first(ITEM)))) : role === 'table' ? make(name, made(make(first(ROW), made(make(first(CELL)))))) : make(name);
  return node ? { node } : undefined;
}

/** The row of this name the cursor is in. */
function rowAt($from: ResolvedPos | undefined, name: string): PMNode | undefined {
  if (!$from) return undefined;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type.name === pmName(name)) return $from.node(d);
  return undefined;
}

/** A flow element's role, read back from its content expression (lists hold items, tables rows). */
function profileRoleOf(def: ElementDef): 'list' | 'table' | 'other' {
  if (def.content?.includes(ITEM)) return 'list';
  if (def.content?.includes(ROW)) return 'table';
  return 'other';
}
