import { describe, expect, it } from 'vitest';
import { schemaOf } from '../model/schema';
import { xmlToDoc } from '../model/to-editor';
import { S1000D_VOCABULARY } from '../model/vocabulary';
import { placeProblems } from './problem-marks';

const MODULE = `<dmodule>
<identAndStatusSection><dmAddress/></identAndStatusSection>
<content><procedure><mainProcedure>
<proceduralStep id="s1">
<para>Clean the <emphasis emphasisType="em09">frame</emphasis>.</para>
</proceduralStep>
</mainProcedure></procedure></content>
</dmodule>`;

describe('S1000D problems located in the visual view', () => {
  it('places a BREX error at its line and column in the element it is in; warnings are not marked', () => {
    const doc = schemaOf(S1000D_VOCABULARY).nodeFromJSON(xmlToDoc(MODULE, { vocabulary: S1000D_VOCABULARY }).doc);
    const placed = placeProblems(doc, MODULE, [
      { line: 5, column: 17, severity: 'error', code: 'brex-value', message: 'Type of emphasis: value "em09" is not among the 5 allowed values' },
      { line: 2, column: 1, severity: 'warning', code: 'xsd-no-package', message: 'No schema package' },
    ]);
    expect(placed).toHaveLength(1);
    const $pos = doc.resolve(placed[0]?.pos ?? 0);
    const names = Array.from({ length: $pos.depth + 1 }, (_, d) => $pos.node(d).type.name);
    expect(names).toEqual(expect.arrayContaining(['proceduralStep', 'para']));
    expect(placed[0]?.message).toContain('Type of emphasis');
  });
});
