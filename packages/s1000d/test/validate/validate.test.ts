import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Brex, loadBrex } from '../../src/validate/brex.js';
import { SchemaPackage } from '../../src/validate/schema.js';
import { validateObject } from '../../src/validate/validate.js';
import { s1000dCorpus } from '../corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');
const defaults = s1000dCorpus('s1000d-default-brex');
const schemas = s1000dCorpus('s1000d-schemas-5.0');

const URL41 = 'http://www.s1000d.org/S1000D_4-1/xml_schema_flat/descript.xsd';

describe('validateObject: one parse, then schema or structure, then BREX', () => {
  it('not well-formed: one located error and nothing else', () => {
    const found = validateObject('<dmodule>\n<content>\n</dmodule>', 'BAD.XML', { packages: [] });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', code: 'xml-malformed', file: 'BAD.XML', line: 3 });
    expect(found[0]?.messages.zh).toContain('XML 格式不正确');
  });

  it('no schema package for the issue: says so, and the structural checks run instead', () => {
    const xml = `<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${URL41}">
<identAndStatusSection><dmAddress><dmIdent><dmCode modelIdentCode="X" systemDiffCode="A"/><language languageIsoCode="en" countryIsoCode="US"/></dmIdent></dmAddress></identAndStatusSection>
</dmodule>`;
    const found = validateObject(xml, 'S.XML', { packages: [] });
    expect(found[0]).toMatchObject({ severity: 'warning', code: 'xsd-no-package' });
    const structure = found.slice(1);
    expect(structure.filter((p) => p.message.startsWith('dmCode has no')).map((p) => p.message)).toContain('dmCode has no infoCode attribute');
    expect(structure.filter((p) => p.message.startsWith('dmCode has no'))).toHaveLength(9);
    expect(structure.map((p) => p.message)).toEqual(expect.arrayContaining(['dmIdent/issueInfo is missing', 'content is missing']));
    expect(structure.every((p) => p.code.startsWith('structure-') && p.line >= 1)).toBe(true);
    expect(validateObject('<topic/>', 'T.XML', { packages: [] }).map((p) => p.code)).toEqual(['xsd-no-schema', 'structure-root']);
  });

  it('Issue 3.0 and older: refused at once', () => {
    const xml =
      '<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_3-0/xml_schema_flat/descript.xsd"><idstatus/></dmodule>';
    expect(validateObject(xml, 'OLD.XML', { packages: [], brex: () => undefined }).map((p) => p.code)).toEqual(['issue-unsupported']);
  });

  it.skipIf(bike === undefined || defaults === undefined || schemas === undefined)(
    'the Bike 952A-T-H31A module with only a 5.0 package installed: the missing 4.1 package, then the one BREX error',
    () => {
      const csdb = path.join(bike ?? '', 'csdb');
      const read = (file: string): Brex => {
        const { brex } = loadBrex(readFileSync(file), file);
        if (brex === undefined) throw new Error(file);
        return brex;
      };
      const project = read(path.join(csdb, 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML'));
      const e = read(path.join(defaults ?? '', 'DMC-S1000D-E-04-10-0301-00A-022A-D_012-00_EN-US.XML'));
      const pkg = SchemaPackage.fromDirectory(path.join(schemas ?? '', 'xml_schema_flat'));
      try {
        const file = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML';
        const found = validateObject(readFileSync(path.join(csdb, file)), file, {
          packages: [pkg],
          brex: (dmc) => (dmc === project.dmc ? project : undefined),
          layers: { defaultBrex: (_issue, dmc) => (dmc === e.dmc ? e : undefined) },
          check: { values: true },
        });
        expect(found.map((p) => [p.severity, p.code, p.line])).toEqual([
          ['warning', 'xsd-no-package', 8],
          ['error', 'brex-value', 13],
        ]);
        expect(found[1]?.rule?.use).toBe('Bike information codes');
      } finally {
        pkg.dispose();
      }
    },
  );
});
