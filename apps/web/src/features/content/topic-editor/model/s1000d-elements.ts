import type { ElementDef } from './elements';

/**
 * The S1000D elements the visual view models (Issue 4.x/5.0 data modules), as data like DITA's
 * table in elements.ts: descript (levelledPara, para, figure, table, warning/caution/note, lists)
 * and proced (preliminaryRqmts, mainProcedure with nested proceduralStep, closeRqmts), and the
 * outline of crew and fault modules. What is not here (the identification and status section,
 * requirement details, graphics, the parts catalogue's rows) is an island: shown, read-only,
 * written back as is, edited in the source view.
 */

/** Mixed content of a paragraph: text runs, lists inside it, anything else an island. */
const PARA_MIXED = '(slist | run | island)*';
/** Warnings and cautions lead their element. */
const ATTENTION = '((warning | caution) | island)*';

export const S1000D_ELEMENTS: ElementDef[] = [
  // The data module: identification and status stay an island; the content is modelled.
  { name: 'dmodule', kind: 'block', group: 'topiclike', content: 'island* content island*' },
  { name: 'content', kind: 'block', content: '(description | procedure | crew | faultIsolation | faultReporting | illustratedPartsCatalog | island)*' },
  // descript
  { name: 'description', kind: 'block', content: `${ATTENTION} (levelledPara | sblock | island)*` },
  {
    name: 'levelledPara',
    kind: 'block',
    content: `${ATTENTION} (title island*)? (levelledPara | sblock | island)*`,
    attributes: ['id', 'applicRefId'],
  },
  { name: 'title', kind: 'textblock', content: 'inline*' },
  { name: 'para', kind: 'block', group: 'sblock', content: PARA_MIXED, mixed: true, attributes: ['id', 'applicRefId'] },
  { name: 'figure', kind: 'block', group: 'sblock', content: 'island* title island*', attributes: ['id', 'applicRefId'] },
  { name: 'note', kind: 'block', group: 'sblock', content: 'island* notePara (notePara | island)*', attributes: ['id', 'noteType', 'applicRefId'] },
  { name: 'notePara', kind: 'block', content: PARA_MIXED, mixed: true },
  {
    name: 'warning',
    kind: 'block',
    group: 'sblock',
    content: 'island* warningAndCautionPara (warningAndCautionPara | island)*',
    attributes: ['id', 'applicRefId'],
  },
  {
    name: 'caution',
    kind: 'block',
    group: 'sblock',
    content: 'island* warningAndCautionPara (warningAndCautionPara | island)*',
    attributes: ['id', 'applicRefId'],
  },
  { name: 'warningAndCautionPara', kind: 'textblock', content: 'inline*' },
  {
    name: 'randomList',
    kind: 'block',
    group: 'slist',
    content: 'island* (title island*)? listItem (listItem | island)*',
    attributes: ['id', 'listItemPrefix'],
  },
  { name: 'sequentialList', kind: 'block', group: 'slist', content: 'island* (title island*)? listItem (listItem | island)*', attributes: ['id'] },
  // sblock: paragraphs first (what ProseMirror creates to fill a gap), then figures, tables, admonitions.
  { name: 'listItem', kind: 'block', content: `${ATTENTION} (sblock | island)*`, attributes: ['id', 'applicRefId'] },
  // CALS tables, as DITA's (tgroup is the prosemirror-tables table).
  {
    name: 'table',
    kind: 'block',
    group: 'sblock',
    content: 'island* (title island*)? tgroup (tgroup | island)*',
    attributes: ['id', 'frame', 'colsep', 'rowsep', 'pgwide', 'applicRefId'],
  },
  { name: 'tgroup', kind: 'block', content: 'row+', attributes: ['cols', 'colsep', 'rowsep', 'align'] },
  { name: 'row', kind: 'block', content: 'entry+', attributes: ['rowsep'] },
  {
    name: 'entry',
    kind: 'block',
    content: '(sblock | slist | run | island)*',
    mixed: true,
    attributes: ['colname', 'namest', 'nameend', 'morerows', 'colsep', 'rowsep', 'align', 'valign'],
  },
  // proced
  { name: 'procedure', kind: 'block', content: 'island* (preliminaryRqmts island*)? mainProcedure island* (closeRqmts island*)?' },
  {
    name: 'preliminaryRqmts',
    kind: 'block',
    content: '(reqCondGroup | reqPersons | reqTechInfoGroup | reqSupportEquips | reqSupplies | reqSpares | reqSafety | island)*',
  },
  { name: 'reqCondGroup', kind: 'block', content: 'island*' },
  { name: 'reqPersons', kind: 'block', content: 'island*' },
  { name: 'reqTechInfoGroup', kind: 'block', content: 'island*' },
  { name: 'reqSupportEquips', kind: 'block', content: 'island*' },
  { name: 'reqSupplies', kind: 'block', content: 'island*' },
  { name: 'reqSpares', kind: 'block', content: 'island*' },
  { name: 'reqSafety', kind: 'block', content: '(safetyRqmts | island)*' },
  { name: 'safetyRqmts', kind: 'block', content: ATTENTION },
  { name: 'mainProcedure', kind: 'block', content: 'island* proceduralStep (proceduralStep | island)*', defining: true },
  {
    name: 'proceduralStep',
    kind: 'block',
    content: '(warning | caution | note | island)* (title island*)? (sblock | proceduralStep | island)*',
    attributes: ['id', 'applicRefId'],
    defining: true,
  },
  { name: 'closeRqmts', kind: 'block', content: '(reqCondGroup | island)*' },
  // crew
  { name: 'crew', kind: 'block', content: '(crewRefCard | island)*' },
  { name: 'crewRefCard', kind: 'block', content: 'island* (title island*)? (crewDrill | island)*' },
  { name: 'crewDrill', kind: 'block', content: 'island* (title island*)? (crewDrillStep | island)*', attributes: ['id'] },
  {
    name: 'crewDrillStep',
    kind: 'block',
    content: '(warning | caution | note | island)* (title island*)? (para | challengeAndResponse | crewDrillStep | island)*',
    attributes: ['id', 'applicRefId'],
    defining: true,
  },
  { name: 'challengeAndResponse', kind: 'block', content: 'island* challenge island* response island*' },
  { name: 'challenge', kind: 'block', content: '(para | island)+' },
  { name: 'response', kind: 'block', content: '(para | island)+' },
  // fault isolation: steps with a question and yes/no branches
  { name: 'faultIsolation', kind: 'block', content: '(faultIsolationProcedure | island)*' },
  { name: 'faultIsolationProcedure', kind: 'block', content: 'island* (isolationProcedure island*)?' },
  { name: 'isolationProcedure', kind: 'block', content: 'island* (isolationMainProcedure island*)?' },
  { name: 'isolationMainProcedure', kind: 'block', content: '(isolationStep | isolationProcedureEnd | island)*' },
  {
    name: 'isolationStep',
    kind: 'block',
    content: '(warning | caution | note | island)* (title island*)? (para | island)* (isolationStepQuestion island*)? (isolationStepAnswer island*)?',
    attributes: ['id'],
    defining: true,
  },
  { name: 'isolationStepQuestion', kind: 'textblock', content: 'inline*' },
  { name: 'isolationStepAnswer', kind: 'block', content: '(yesNoAnswer | island)*' },
  { name: 'yesNoAnswer', kind: 'block', content: '(yesAnswer | noAnswer | island)*' },
  { name: 'yesAnswer', kind: 'block', content: 'island*', attributes: ['nextActionRefId'] },
  { name: 'noAnswer', kind: 'block', content: 'island*', attributes: ['nextActionRefId'] },
  { name: 'isolationProcedureEnd', kind: 'block', content: '(warning | caution | note | island)* (para | island)*', attributes: ['id'] },
  { name: 'faultReporting', kind: 'block', content: 'island*' },
  // ipd: the figures and the catalogue's rows (each catalogSeqNumber a row: its items, parts and quantities stay islands, edited in the source view).
  { name: 'illustratedPartsCatalog', kind: 'block', content: '(figure | catalogSeqNumber | island)*' },
  {
    name: 'catalogSeqNumber',
    kind: 'block',
    content: '(itemSeqNumber | island)*',
    attributes: ['indenture', 'systemCode', 'subSystemCode', 'subSubSystemCode', 'assyCode', 'figureNumber', 'figureNumberVariant', 'item', 'id'],
  },
  { name: 'itemSeqNumber', kind: 'block', content: 'island*', attributes: ['itemSeqNumberValue', 'applicRefId'] },
  // Phrases (marks).
  ...['emphasis', 'subScript', 'superScript', 'verbatimText', 'changeInline', 'inlineSignificantData'].map(
    (name): ElementDef => ({ name, kind: 'mark', attributes: name === 'emphasis' ? ['emphasisType'] : name === 'verbatimText' ? ['verbatimStyle'] : [] }),
  ),
];

/** Inline references shown as atoms with their written content kept (the pickers write them). */
export const S1000D_INLINE_ATOMS = ['dmRef', 'pmRef', 'internalRef', 'externalPubRef', 'footnoteRef', 'indexFlag', 'symbol'];

/** Attributes most S1000D content elements carry (identity, applicability, change marking, security). */
export const S1000D_UNIVERSAL_ATTRIBUTES = [
  'id',
  'applicRefId',
  'changeType',
  'changeMark',
  'reasonForUpdateRefIds',
  'securityClassification',
  'commercialClassification',
  'caveat',
];
