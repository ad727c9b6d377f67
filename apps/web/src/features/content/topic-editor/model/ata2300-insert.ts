import type { Node as PMNode, Schema } from '@tiptap/pm/model';

/**
 * What the insert menu of an ATA Spec 2300 module offers: each element with the structure it needs
 * (a challenge–response line with its challenge and response, a condition with its case and a
 * first action, simultaneous actions with two columns). Checklist items go after the action the
 * cursor is in (`step`); the others where the schema allows them.
 */
type Build = (s: Schema) => PMNode;

const node = (s: Schema, name: string, content: PMNode[] = []): PMNode => {
  const type = s.nodes[name];
  if (!type) throw new Error(`The schema has no node ${name}`);
  return type.create({ attrs: {} }, content);
};
const para = (s: Schema) => node(s, 'para', [node(s, 'run')]);
const line = (s: Schema) => node(s, 'challengeResponse', [node(s, 'challenge', [para(s)]), node(s, 'response', [para(s)])]);
const command = (s: Schema) => node(s, 'command', [para(s)]);
const withParas = (name: string) => (s: Schema) => node(s, name, [para(s)]);

const TEMPLATES = {
  challengeResponse: { build: (s) => node(s, 'action', [line(s)]), step: 'action' },
  command: { build: (s) => node(s, 'action', [command(s)]), step: 'action' },
  timeAction: { build: (s) => node(s, 'action', [node(s, 'timeAction', [line(s)])]), step: 'action' },
  condition: { build: (s) => node(s, 'condition', [node(s, 'caseCond'), node(s, 'action', [line(s)])]), step: 'action' },
  simultaneousActions: {
    build: (s) =>
      node(s, 'simultaneousActions', [
        node(s, 'simultaneousStep', [node(s, 'action', [command(s)])]),
        node(s, 'simultaneousStep', [node(s, 'action', [command(s)])]),
      ]),
    step: 'action',
  },
  deferredProcedures: { build: withParas('deferredProcedures'), step: 'action' },
  endOfProc: { build: (s) => node(s, 'endOfProc'), step: 'action' },
  para: { build: para },
  triggeringConditions: { build: withParas('triggeringConditions') },
  indications: { build: withParas('indications') },
  inhibitConditions: { build: withParas('inhibitConditions') },
  dispatchCondition: { build: (s) => node(s, 'dispatchCondition', [withParas('normalDispatchCondition')(s)]) },
  proviso: { build: withParas('proviso') },
  remarks: { build: withParas('remarks') },
} satisfies Record<string, { build: Build; step?: string }>;

export type Ata2300Insert = keyof typeof TEMPLATES;

/** The entries the ATA insert menu lists, in its order. */
export const ATA2300_INSERTS = Object.keys(TEMPLATES) as Ata2300Insert[];

/** The element a menu entry inserts (a challenge–response line is an action holding one). */
export const ataElementOfInsert = (key: string): string => (['challengeResponse', 'command', 'timeAction'].includes(key) ? 'action' : key);

/** An entry's node in an ATA schema; undefined when the key is not an entry or the schema cannot build it. */
export function ata2300Template(schema: Schema, key: string): { node: PMNode; step?: string } | undefined {
  const t: { build: Build; step?: string } | undefined = TEMPLATES[key as Ata2300Insert];
  if (!t) return undefined;
  try {
    return { node: t.build(schema), ...(t.step ? { step: t.step } : {}) };
  } catch {
    return undefined;
  }
}
