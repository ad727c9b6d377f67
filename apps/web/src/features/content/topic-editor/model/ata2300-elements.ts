import type { ElementDef } from './elements';

/**
 * The ATA Spec 2300 elements the visual view models, as data like S1000D's table: the data module
 * (dmIdent and issueInfo stay islands), procedures as checklists (procContent of actions with
 * challenge–response lines or commands, time-critical actions, conditions with their case,
 * simultaneous actions, deferred procedures, end of procedure), annunciations (triggering,
 * indication and inhibit conditions) and dispatch items (conditions, provisos, remarks), and the
 * descriptions, limitations and performance around them. What is not here (tables, electronic
 * messages, measures) is an island: shown, written back as is, edited in the source view.
 * packages/ata2300/src/render.ts renders the same elements.
 */

/** Paragraph content: text runs, anything else an island (dmRef is an inline atom). */
const PARA_MIXED = '(run | island)*';
/** Blocks of paragraphs, as in conditions, provisos and remarks. */
const PARAS = '(para | island)*';
/** What a procedure's content lists, in checklist order. */
const CHECKLIST = '(checkItem | island)*';
/** A content element: its title, then its body. */
const titled = (body: string) => `island* (title island*)? ${body}`;

export const ATA2300_ELEMENTS: ElementDef[] = [
  { name: 'dmodule', kind: 'block', group: 'topiclike', content: 'island* content island*' },
  {
    name: 'content',
    kind: 'block',
    content:
      '(normalProcedure | nonNormalProcedure | dispatchProcedure | cabinEquipMalfunction | annunciation | dispatchItem | cdlItem | systemDescription | limitation | performance | island)*',
  },
  // Procedures: a title and the checklist.
  ...['normalProcedure', 'nonNormalProcedure', 'dispatchProcedure', 'cabinEquipMalfunction'].map(
    (name): ElementDef => ({ name, kind: 'block', content: titled('(procContent | island)*'), attributes: ['id'] }),
  ),
  { name: 'title', kind: 'textblock', content: 'inline*' },
  { name: 'procContent', kind: 'block', content: CHECKLIST, defining: true },
  // checkItem: actions first (what ProseMirror creates to fill a gap).
  { name: 'action', kind: 'block', group: 'checkItem', content: '(challengeResponse | command | timeAction | island)*', attributes: ['id'], defining: true },
  { name: 'timeAction', kind: 'block', content: '(challengeResponse | command | island)*' },
  { name: 'challengeResponse', kind: 'block', content: 'island* challenge island* response island*' },
  { name: 'challenge', kind: 'block', content: '(para | island)+' },
  { name: 'response', kind: 'block', content: '(para | island)+' },
  { name: 'command', kind: 'block', content: '(para | island)+' },
  { name: 'condition', kind: 'block', group: 'checkItem', content: `island* (caseCond island*)? ${CHECKLIST}`, attributes: ['id'], defining: true },
  { name: 'caseCond', kind: 'textblock', content: 'inline*' },
  { name: 'exclusiveConditions', kind: 'block', group: 'checkItem', content: '(condition | island)*' },
  { name: 'simultaneousActions', kind: 'block', group: 'checkItem', content: '(simultaneousStep | island)*' },
  { name: 'simultaneousStep', kind: 'block', content: CHECKLIST },
  { name: 'cautionProc', kind: 'block', group: 'checkItem', content: PARAS },
  { name: 'deferredProcedures', kind: 'block', group: 'checkItem', content: PARAS },
  { name: 'endOfProc', kind: 'block', group: 'checkItem', content: 'island*' },
  // Annunciations: priority and conveyance on the element, the conditions as sections.
  {
    name: 'annunciation',
    kind: 'block',
    content: titled('(triggeringConditions | indications | inhibitConditions | island)*'),
    attributes: ['id', 'priorityLevel', 'conveyance'],
  },
  { name: 'triggeringConditions', kind: 'block', content: PARAS },
  { name: 'indications', kind: 'block', content: PARAS },
  { name: 'inhibitConditions', kind: 'block', content: PARAS },
  // Dispatch items (MEL, CDL): conditions with their provisos, remarks.
  { name: 'dispatchItem', kind: 'block', content: titled('(dispatchCondition | remarks | island)*'), attributes: ['id'] },
  { name: 'cdlItem', kind: 'block', content: titled('(dispatchCondition | remarks | island)*'), attributes: ['id', 'numberInstalled'] },
  { name: 'dispatchCondition', kind: 'block', content: '(normalDispatchCondition | proviso | island)*', attributes: ['repairInterval'] },
  { name: 'normalDispatchCondition', kind: 'block', content: PARAS, attributes: ['numberRequired'] },
  { name: 'proviso', kind: 'block', content: PARAS },
  { name: 'remarks', kind: 'block', content: PARAS },
  // Descriptions, limitations, performance.
  { name: 'systemDescription', kind: 'block', content: titled(PARAS) },
  { name: 'limitation', kind: 'block', content: titled('(limitContent | island)*') },
  { name: 'limitContent', kind: 'block', content: PARAS },
  { name: 'performance', kind: 'block', content: titled('(perfoContent | island)*') },
  { name: 'perfoContent', kind: 'block', content: PARAS },
  { name: 'para', kind: 'block', content: PARA_MIXED, mixed: true, attributes: ['id'] },
  // Phrases (marks).
  ...['emphasis', 'subScript', 'superScript'].map((name): ElementDef => ({ name, kind: 'mark', attributes: name === 'emphasis' ? ['emphasisType'] : [] })),
];

/** Inline references shown as atoms with their written content kept. */
export const ATA2300_INLINE_ATOMS = ['dmRef', 'pmRef', 'internalRef', 'externalPubRef'];

/** Attributes most Spec 2300 content elements carry. */
export const ATA2300_UNIVERSAL_ATTRIBUTES = ['id', 'applicRefId', 'changeType', 'changeMark', 'securityClassification'];
