import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaPackage } from '../../src/index.js';
import { s1000dCorpus } from '../corpora';

/** The grammar an editor completes from, derived from the Issue 5.0 flat XSDs (s1000d-schemas-5.0). */
const SCHEMAS = s1000dCorpus('s1000d-schemas-5.0');

describe.skipIf(SCHEMAS === undefined)('completion grammar from the installed XSD', () => {
  const pkg = SCHEMAS ? SchemaPackage.fromDirectory(path.join(SCHEMAS, 'xml_schema_flat')) : undefined;

  it('proced.xsd: a procedural step holds paragraphs, warnings, figures and nested steps; its attributes include id and applicRefId', () => {
    const g = pkg?.grammar('proced.xsd');
    expect(g?.roots).toContain('dmodule');
    const step = g?.elements.proceduralStep;
    expect(step?.children).toEqual(
      expect.arrayContaining(['title', 'warning', 'caution', 'note', 'para', 'figure', 'table', 'proceduralStep', 'proceduralStepAlts']),
    );
    expect(step?.children).not.toContain('levelledPara');
    expect(step?.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(['id', 'applicRefId']));
    expect(g?.elements.mainProcedure?.children).toContain('proceduralStep');
    expect(g?.elements.preliminaryRqmts?.children).toEqual(expect.arrayContaining(['reqPersons', 'reqSupportEquips', 'reqSupplies', 'reqSpares', 'reqSafety']));
    expect(g?.elements.para?.text).toBe(true);
    expect(g?.elements.para?.children).toEqual(expect.arrayContaining(['emphasis', 'dmRef', 'internalRef', 'randomList', 'sequentialList']));
    expect(g?.elements.proceduralStep?.text).toBe(false);
    // Enumerated attribute values come from the simple types.
    const internalRefTargetType = g?.elements.internalRef?.attributes.find((a) => a.name === 'internalRefTargetType');
    expect(internalRefTargetType?.values).toEqual(expect.arrayContaining(['irtt01', 'irtt02']));
    const dmCode = g?.elements.dmCode?.attributes.filter((a) => a.required).map((a) => a.name);
    expect(dmCode).toEqual(expect.arrayContaining(['modelIdentCode', 'systemCode', 'infoCode', 'itemLocationCode']));
  });

  it('descript.xsd has levelledPara in description; crew.xsd has challenge and response; fault.xsd yes/no answers', () => {
    expect(pkg?.grammar('descript.xsd')?.elements.description?.children).toContain('levelledPara');
    expect(pkg?.grammar('descript.xsd')?.elements.levelledPara?.children).toEqual(expect.arrayContaining(['title', 'para', 'figure', 'levelledPara']));
    expect(pkg?.grammar('crew.xsd')?.elements.challengeAndResponse?.children).toEqual(expect.arrayContaining(['challenge', 'response']));
    expect(pkg?.grammar('fault.xsd')?.elements.yesNoAnswer?.children).toEqual(['yesAnswer', 'noAnswer']);
    expect(pkg?.grammar('nosuch.xsd')).toBeUndefined();
  });
});
