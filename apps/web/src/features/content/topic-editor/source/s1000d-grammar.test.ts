import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import { describe, expect, it } from 'vitest';
import { s1000dElementSpecs } from './s1000d-grammar';

const GRAMMAR: EditorGrammar = {
  schema: 'proced.xsd',
  issue: '4.1',
  servedIssue: '5.0',
  roots: ['dmodule'],
  elements: {
    dmodule: { children: ['identAndStatusSection', 'content'], attributes: [], text: false },
    proceduralStep: { children: ['title', 'para', 'proceduralStep'], attributes: [{ name: 'id' }, { name: 'applicRefId' }], text: false },
    internalRef: { children: [], attributes: [{ name: 'internalRefTargetType', values: ['irtt01', 'irtt02'] }], text: true },
  },
};

describe('S1000D completion in the source view', () => {
  it('takes the schema grammar: children, attributes with their values, the root marked top', () => {
    const specs = s1000dElementSpecs(GRAMMAR);
    expect(specs.find((s) => s.name === 'dmodule')).toMatchObject({ top: true, children: ['identAndStatusSection', 'content'] });
    expect(specs.find((s) => s.name === 'proceduralStep')).toMatchObject({
      top: false,
      children: ['title', 'para', 'proceduralStep'],
      attributes: ['id', 'applicRefId'],
    });
    expect(specs.find((s) => s.name === 'internalRef')?.attributes).toEqual([{ name: 'internalRefTargetType', values: ['irtt01', 'irtt02'] }]);
  });

  it('falls back to the visual vocabulary while no schema is installed', () => {
    const specs = s1000dElementSpecs({ ...GRAMMAR, servedIssue: null, roots: [], elements: {} });
    const step = specs.find((s) => s.name === 'proceduralStep');
    expect(step?.children).toEqual(expect.arrayContaining(['para', 'warning', 'proceduralStep', 'figure', 'table']));
    expect(step?.children).not.toContain('island');
    expect(specs.find((s) => s.name === 'para')?.children).toEqual(expect.arrayContaining(['randomList', 'emphasis', 'dmRef', 'internalRef']));
    expect(specs.find((s) => s.name === 'dmodule')?.top).toBe(true);
  });
});
