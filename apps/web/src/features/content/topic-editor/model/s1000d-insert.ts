import type { Node as PMNode, Schema } from '@tiptap/pm/model';

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

/** An element with its required structure, in a schema that models it (undefined otherwise). */
export function elementTemplate(schema: Schema, name: string): Template | undefined {
  const t: { build: Build; step?: string; nested?: boolean } | undefined = TEMPLATES[name as S1000dInsert];
  if (!t || !schema.nodes.dmodule) return undefined;
  try {
    return { node: t.build(schema), ...(t.step ? { step: t.step } : {}), ...(t.nested ? { nested: t.nested } : {}) };
  } catch {
    return undefined;
  }
}

/** The inserts the schema allows at the cursor (`can` runs the insert command without applying it). */
export function insertableAt(can: (name: string) => boolean): S1000dInsert[] {
  return S1000D_INSERTS.filter((name) => can(name));
}
