/**
 * The DITA elements the visual editor models, as data: one row per element with its ProseMirror
 * content expression. The TipTap extensions, the converters and the source view's grammar are all
 * derived from this table, so adding an element is one row here.
 */

/** How an element is represented in the editor. */
export type ElementKind =
  /** A node whose content is blocks (and implicit text runs for mixed content). */
  | 'block'
  /** A node whose content is inline (text with marks, inline atoms). */
  | 'textblock'
  /** A textblock whose whitespace is significant (codeblock, pre, lines). */
  | 'pre'
  /** A phrase element represented as a mark on text. */
  | 'mark';

export interface ElementDef {
  name: string;
  kind: ElementKind;
  /** ProseMirror content expression (names are editor node names, see `pmName`). */
  content?: string;
  group?: string;
  /** Whether text directly inside the element is allowed (mixed content: wrapped in `run` nodes). */
  mixed?: boolean;
  /** DITA attributes proposed for this element beyond the universal ones. */
  attributes?: string[];
  /** Whether the editor may delete the node when it becomes empty etc. (task structure). */
  defining?: boolean;
}

/** Mixed content: blocks plus implicit text runs. */
const MIXED = '(block | run | island)*';

/** Topic types the engine reads, each with its body element. */
export const TOPIC_TYPES = {
  topic: 'body',
  concept: 'conbody',
  task: 'taskbody',
  reference: 'refbody',
  glossentry: 'glossdef',
  troubleshooting: 'troublebody',
} as const;
export type TopicType = keyof typeof TOPIC_TYPES;

const topicContent = (body: string) => `island* title island* (shortdesc island*)? (${body} island*)? (topiclike island*)*`;

export const ELEMENTS: ElementDef[] = [
  // Topic types (nested topics allowed at the end).
  { name: 'topic', kind: 'block', group: 'topiclike', content: topicContent('body'), attributes: ['xml:lang'] },
  { name: 'concept', kind: 'block', group: 'topiclike', content: topicContent('conbody'), attributes: ['xml:lang'] },
  { name: 'task', kind: 'block', group: 'topiclike', content: topicContent('taskbody'), attributes: ['xml:lang'] },
  { name: 'reference', kind: 'block', group: 'topiclike', content: topicContent('refbody'), attributes: ['xml:lang'] },
  {
    name: 'troubleshooting',
    kind: 'block',
    group: 'topiclike',
    content: topicContent('troublebody'),
    attributes: ['xml:lang'],
  },
  {
    name: 'glossentry',
    kind: 'block',
    group: 'topiclike',
    content: 'island* glossterm island* (glossdef island*)? (topiclike island*)*',
    attributes: ['xml:lang'],
  },
  { name: 'dita', kind: 'block', content: '(topiclike | island)+' },
  { name: 'title', kind: 'textblock', content: 'inline*' },
  { name: 'shortdesc', kind: 'textblock', content: 'inline*' },
  { name: 'glossterm', kind: 'textblock', content: 'inline*' },
  { name: 'glossdef', kind: 'block', content: MIXED, mixed: true },
  // Bodies.
  { name: 'body', kind: 'block', content: '(block | section | example | island)*' },
  { name: 'conbody', kind: 'block', content: '(block | section | example | island)*' },
  { name: 'refbody', kind: 'block', content: '(block | section | refsyn | example | island)*' },
  { name: 'troublebody', kind: 'block', content: '(condition | troubleSolution | island)*' },
  { name: 'condition', kind: 'block', content: `island* title? ${MIXED}`, mixed: true },
  { name: 'troubleSolution', kind: 'block', content: '(cause | remedy | island)*' },
  { name: 'cause', kind: 'block', content: `island* title? ${MIXED}`, mixed: true },
  { name: 'remedy', kind: 'block', content: 'island* title? (steps | steps_unordered | block | island)*' },
  {
    name: 'taskbody',
    kind: 'block',
    // DITA 1.3: (prereq | context | section)*, steps?, result?, example*, postreq*.
    content: '((prereq | context | section) | island)* ((steps | steps_unordered) island*)? (result island*)? ((example | postreq) | island)*',
  },
  { name: 'section', kind: 'block', content: `island* title? ${MIXED}`, mixed: true },
  { name: 'refsyn', kind: 'block', content: `island* title? ${MIXED}`, mixed: true },
  { name: 'example', kind: 'block', content: `island* title? ${MIXED}`, mixed: true },
  { name: 'prereq', kind: 'block', content: MIXED, mixed: true },
  { name: 'context', kind: 'block', content: MIXED, mixed: true },
  { name: 'result', kind: 'block', content: MIXED, mixed: true },
  { name: 'postreq', kind: 'block', content: MIXED, mixed: true },
  // Task steps: a step always starts with its cmd (notes may precede it, as DITA allows).
  { name: 'steps', kind: 'block', content: 'island* step (step | island)*', defining: true },
  { name: 'steps-unordered', kind: 'block', content: 'island* step (step | island)*', defining: true },
  {
    name: 'step',
    kind: 'block',
    content: '(note | island)* cmd (info | substeps | stepxmp | choices | stepresult | tutorialinfo | island)*',
    attributes: ['importance'],
    defining: true,
  },
  { name: 'substeps', kind: 'block', content: 'island* substep (substep | island)*', defining: true },
  {
    name: 'substep',
    kind: 'block',
    content: '(note | island)* cmd (info | stepxmp | stepresult | tutorialinfo | island)*',
    attributes: ['importance'],
    defining: true,
  },
  { name: 'cmd', kind: 'textblock', content: 'inline*', defining: true },
  { name: 'info', kind: 'block', content: MIXED, mixed: true },
  { name: 'stepxmp', kind: 'block', content: MIXED, mixed: true },
  { name: 'stepresult', kind: 'block', content: MIXED, mixed: true },
  { name: 'tutorialinfo', kind: 'block', content: MIXED, mixed: true },
  { name: 'choices', kind: 'block', content: 'island* choice (choice | island)*', defining: true },
  { name: 'choice', kind: 'block', content: MIXED, mixed: true },
  // Common blocks.
  { name: 'p', kind: 'textblock', group: 'block', content: 'inline*' },
  { name: 'ul', kind: 'block', group: 'block', content: 'island* li (li | island)*', attributes: ['compact'] },
  { name: 'ol', kind: 'block', group: 'block', content: 'island* li (li | island)*', attributes: ['compact'] },
  { name: 'li', kind: 'block', content: MIXED, mixed: true },
  { name: 'sl', kind: 'block', group: 'block', content: 'island* sli (sli | island)*', attributes: ['compact'] },
  { name: 'sli', kind: 'textblock', content: 'inline*' },
  { name: 'dl', kind: 'block', group: 'block', content: 'island* dlentry (dlentry | island)*', attributes: ['compact'] },
  { name: 'dlentry', kind: 'block', content: 'island* dt (dt | island)* dd (dd | island)*' },
  { name: 'dt', kind: 'textblock', content: 'inline*' },
  { name: 'dd', kind: 'block', content: MIXED, mixed: true },
  { name: 'note', kind: 'block', group: 'block', content: MIXED, mixed: true, attributes: ['type', 'othertype', 'spectitle'] },
  { name: 'lq', kind: 'block', group: 'block', content: MIXED, mixed: true, attributes: ['href', 'keyref', 'reftitle'] },
  {
    name: 'fig',
    kind: 'block',
    group: 'block',
    content: `island* (title island*)? (desc island*)? ${MIXED}`,
    mixed: true,
    attributes: ['frame', 'expanse', 'scale'],
  },
  { name: 'desc', kind: 'textblock', content: 'inline*' },
  { name: 'codeblock', kind: 'pre', group: 'block', content: 'inline*', attributes: ['xml:space', 'frame', 'scale'] },
  { name: 'pre', kind: 'pre', group: 'block', content: 'inline*', attributes: ['xml:space', 'frame', 'scale'] },
  { name: 'lines', kind: 'pre', group: 'block', content: 'inline*', attributes: ['xml:space', 'frame', 'scale'] },
  { name: 'screen', kind: 'pre', group: 'block', content: 'inline*', attributes: ['xml:space', 'frame', 'scale'] },
  { name: 'msgblock', kind: 'pre', group: 'block', content: 'inline*', attributes: ['xml:space', 'frame', 'scale'] },
  // simpletable (no spans) and CALS tables (tgroup is the prosemirror-tables table).
  {
    name: 'simpletable',
    kind: 'block',
    group: 'block',
    content: 'island* (sthead island*)? strow (strow | island)*',
    attributes: ['relcolwidth', 'keycol', 'frame', 'expanse', 'scale'],
  },
  { name: 'sthead', kind: 'block', content: 'stentry+' },
  { name: 'strow', kind: 'block', content: 'stentry+' },
  { name: 'stentry', kind: 'block', content: MIXED, mixed: true, attributes: ['specentry'] },
  {
    name: 'table',
    kind: 'block',
    group: 'block',
    content: 'island* (title island*)? (desc island*)? tgroup (tgroup | island)*',
    attributes: ['frame', 'colsep', 'rowsep', 'pgwide', 'rowheader', 'scale', 'expanse', 'orient'],
  },
  { name: 'tgroup', kind: 'block', content: 'row+', attributes: ['cols', 'colsep', 'rowsep', 'align'] },
  { name: 'row', kind: 'block', content: 'entry+', attributes: ['rowsep', 'valign'] },
  {
    name: 'entry',
    kind: 'block',
    content: MIXED,
    mixed: true,
    attributes: ['colname', 'namest', 'nameend', 'morerows', 'colsep', 'rowsep', 'align', 'valign', 'char', 'charoff', 'rotate', 'scope', 'headers'],
  },
  // Phrase elements (marks).
  ...[
    'ph',
    'b',
    'i',
    'u',
    'sup',
    'sub',
    'tt',
    'line-through',
    'overline',
    'codeph',
    'uicontrol',
    'wintitle',
    'menucascade',
    'term',
    'keyword',
    'filepath',
    'xref',
    'cite',
    'q',
    'varname',
    'apiname',
    'option',
    'parmname',
    'cmdname',
    'msgph',
    'systemoutput',
    'userinput',
    'tm',
    'text',
    'abbreviated-form',
    'xmlelement',
    'xmlatt',
    'textentity',
    'parameterentity',
    'numcharref',
    'xmlnsname',
    'xmlpi',
    'kwd',
    'var',
    'delim',
    'oper',
    'sep',
    'synph',
    'msgnum',
    'shortcut',
    'markupname',
    'line-through',
  ]
    .filter((n, i, all) => all.indexOf(n) === i)
    .map((name): ElementDef => ({ name, kind: 'mark', attributes: markAttributes(name) })),
];

function markAttributes(name: string): string[] {
  if (name === 'xref') return ['href', 'keyref', 'scope', 'format', 'type'];
  if (name === 'keyword' || name === 'term' || name === 'ph' || name === 'abbreviated-form') return ['keyref'];
  if (name === 'tm') return ['tmtype', 'trademark'];
  return [];
}

/** Inline atoms that are always elements of their own (not marks): images and empty references. */
export const INLINE_ATOMS = ['image'];

/** Attributes every DITA element may carry (identity, conditions, reuse). */
export const UNIVERSAL_ATTRIBUTES = [
  'id',
  'conref',
  'conkeyref',
  'conrefend',
  'conaction',
  'outputclass',
  'audience',
  'platform',
  'product',
  'props',
  'otherprops',
  'deliveryTarget',
  'rev',
  'status',
  'importance',
  'translate',
  'xml:lang',
  'dir',
];

/** The editor node/mark name of a DITA element (`line-through` → `line_through`, `text` → `dita_text`). */
export function pmName(dita: string): string {
  if (dita === 'text') return 'dita_text';
  if (dita === 'steps-unordered') return 'steps_unordered';
  return dita.replace(/-/g, '_');
}

/** Element definitions by editor name (`steps_unordered`). */
export const ELEMENT_BY_PM_NAME = new Map(ELEMENTS.map((e) => [pmName(e.name), e]));

/** The DITA element name of an editor node/mark name. */
export function ditaName(pm: string): string {
  if (pm === 'dita_text') return 'text';
  if (pm === 'steps_unordered') return 'steps-unordered';
  return ELEMENT_BY_PM_NAME.get(pm)?.name ?? pm;
}

/** Note types offered by the editor (DITA 1.3). */
export const NOTE_TYPES = [
  'note',
  'tip',
  'fastpath',
  'restriction',
  'important',
  'remember',
  'attention',
  'caution',
  'notice',
  'danger',
  'warning',
  'trouble',
  'other',
];
