import { check, MemorySource } from '@ccms/dita';
import { describe, expect, it } from 'vitest';
import { buildEntry, editEntry, idFor, readEntry } from './glossary-xml';

const api = { name: 'API', definition: 'Application Programming Interface' };

describe('glossary entries', () => {
  it('writes an abbreviation with its full form, surface form and glossAbbreviation, and reads it back', () => {
    const xml = buildEntry('abbreviation', 'abbr-api', api);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE glossentry PUBLIC "-//OASIS//DTD DITA Glossary Entry//EN" "glossentry.dtd">',
        '<glossentry id="abbr-api">',
        '  <glossterm>Application Programming Interface</glossterm>',
        '  <glossBody>',
        '    <glossSurfaceForm>Application Programming Interface (API)</glossSurfaceForm>',
        '    <glossAlt>',
        '      <glossAbbreviation>API</glossAbbreviation>',
        '    </glossAlt>',
        '  </glossBody>',
        '</glossentry>',
        '',
      ].join('\n'),
    );
    expect(readEntry(xml, 'a.dita')).toEqual({ entryId: 'abbr-api', ...api, abbreviated: true });
  });

  it('writes a term as glossterm and glossdef, escaping markup', () => {
    const xml = buildEntry('term', 'term-x', { name: 'A <b> & "c"', definition: "It's < 5" });
    expect(xml).toContain('<glossterm>A &lt;b&gt; &amp; &quot;c&quot;</glossterm>');
    expect(xml).toContain('<glossdef>It&apos;s &lt; 5</glossdef>');
    expect(readEntry(xml, 't.dita')).toEqual({ entryId: 'term-x', name: 'A <b> & "c"', definition: "It's < 5" });
  });

  it('is valid DITA: the DTD (when dita-ot is installed) or the built-in rules find nothing wrong', async () => {
    const source = new MemorySource({
      'glossary.ditamap':
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map><title>G</title><glossref keys="abbr-api" href="abbr-api.dita"/><glossref keys="term-x" href="term-x.dita"/></map>\n',
      'abbr-api.dita': buildEntry('abbreviation', 'abbr-api', api),
      'term-x.dita': buildEntry('term', 'term-x', { name: '飞行管理系统', definition: '管理飞行计划的机载系统' }),
    });
    const result = await check({ source, map: 'glossary.ditamap' });
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.files).toBe(3);
  });

  it('edits name and definition in place, keeping what else the author wrote', () => {
    const authored = [
      '<glossentry id="abbr-api" xml:lang="en">',
      '  <glossterm outputclass="x">Old full</glossterm>',
      '  <prolog><author>Ann</author></prolog>',
      '  <glossBody>',
      '    <glossSurfaceForm>Old full (OLD)</glossSurfaceForm>',
      '    <glossAlt><glossAcronym>OLD</glossAcronym></glossAlt>',
      '    <note>Keep me</note>',
      '  </glossBody>',
      '</glossentry>',
    ].join('\n');
    const edited = editEntry('abbreviation', authored, 'abbr-api', api);
    expect(edited).toContain('<glossterm outputclass="x">Application Programming Interface</glossterm>');
    expect(edited).toContain('<glossAcronym>API</glossAcronym>');
    expect(edited).toContain('<glossSurfaceForm>Application Programming Interface (API)</glossSurfaceForm>');
    expect(edited).toContain('<prolog><author>Ann</author></prolog>');
    expect(edited).toContain('<note>Keep me</note>');
    expect(readEntry(edited, 'a.dita')).toEqual({ entryId: 'abbr-api', ...api, abbreviated: true });

    const term = editEntry('term', '<glossentry id="t"><glossterm>A</glossterm><glossdef/></glossentry>', 't', { name: 'B', definition: 'Bee' });
    expect(term).toBe('<glossentry id="t"><glossterm>B</glossterm><glossdef>Bee</glossdef></glossentry>');
    const noDef = editEntry('term', '<glossentry id="t"><glossterm>A</glossterm></glossentry>', 't', { name: 'B', definition: 'Bee' });
    expect(readEntry(noDef, 't.dita')).toEqual({ entryId: 't', name: 'B', definition: 'Bee' });
  });

  it('makes ids from names: prefixed, ASCII, a hash for names without ASCII letters', () => {
    expect(idFor('abbreviation', 'API')).toBe('abbr-api');
    expect(idFor('term', 'Flight Management System')).toBe('term-flight-management-system');
    expect(idFor('term', 'Café')).toBe('term-cafe');
    expect(idFor('term', '飞行管理系统')).toMatch(/^term-[0-9a-f]{8}$/);
    expect(idFor('term', '飞行管理系统')).toBe(idFor('term', '飞行管理系统'));
    expect(readEntry('<topic id="x"><title>T</title></topic>', 'x.dita')).toBeNull();
  });
});
