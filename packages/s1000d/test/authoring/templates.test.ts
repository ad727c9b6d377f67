// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates spell their placeholders ${name}
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dmcString } from '../../src/authoring/dmc.js';
import { applyDmIdent, applyDmlIdent, applyPmIdent, schemaTemplateText } from '../../src/authoring/template-text.js';
import {
  DM_TEMPLATE_SCHEMAS,
  dataModuleTemplate,
  dmlEntryXml,
  dmlTemplate,
  dmRefXml,
  objectFileName,
  pmTemplate,
  TEMPLATE_SCHEMAS,
} from '../../src/authoring/templates.js';
import { parseFileName } from '../../src/codes.js';
import { type Brex, loadBrex } from '../../src/validate/brex.js';
import { SchemaPackage } from '../../src/validate/schema.js';
import { validateObject } from '../../src/validate/validate.js';
import { s1000dCorpus } from '../corpora.js';

const defaults = s1000dCorpus('s1000d-default-brex');
const schemas = s1000dCorpus('s1000d-schemas-5.0');
const suite = describe.skipIf(defaults === undefined || schemas === undefined);

const DMC = {
  modelIdentCode: 'S1000DBIKE',
  systemDiffCode: 'AAA',
  systemCode: 'DA2',
  subSystemCode: '1',
  subSubSystemCode: '0',
  assyCode: '00',
  disassyCode: '00',
  disassyCodeVariant: 'AA',
  infoCode: '520',
  infoCodeVariant: 'B',
  itemLocationCode: 'A',
};
const META = { language: { languageIsoCode: 'en', countryIsoCode: 'US' }, issueDate: '2026-11-28', enterpriseCode: 'U8025', enterpriseName: 'Bike & Co' };

let pkg: SchemaPackage | undefined;
afterAll(() => pkg?.dispose());

suite('templates per schema: minimal instances valid against the installed 5.0 schemas and the default BREX', () => {
  const read = (file: string): Brex => {
    const { brex } = loadBrex(readFileSync(file), file);
    if (brex === undefined) throw new Error(file);
    return brex;
  };
  const check = (xml: string, file: string) => {
    pkg ??= SchemaPackage.fromDirectory(path.join(schemas ?? '', 'xml_schema_flat'));
    const g = read(path.join(defaults ?? '', 'DMC-S1000D-G-04-10-0301-00A-022A-D_001-00_EN-US.XML'));
    return validateObject(xml, file, {
      packages: [pkg],
      brex: () => undefined,
      layers: { defaultBrex: (_issue, dmc) => (dmc === g.dmc ? g : undefined) },
      check: { values: true },
    });
  };

  for (const schema of DM_TEMPLATE_SCHEMAS)
    it(`${schema}: 0 problems, at issue 000 in work 01, named by its code`, () => {
      const xml = dataModuleTemplate(schema, { ...META, dmc: DMC, techName: 'Stem', infoName: 'Remove procedures' });
      const file = objectFileName(dmcString(DMC), { issueNumber: '000', inWork: '01' }, META.language);
      expect(file).toBe('DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520B-A_000-01_EN-US.XML');
      expect(parseFileName(file)).toMatchObject({ kind: 'dm', issue: { issueNumber: '000', inWork: '01' } });
      expect(check(xml, file)).toEqual([]);
      expect(xml).toContain('Bike &amp; Co');
    });

  it('pm and dml: 0 problems', () => {
    const pm = pmTemplate({
      ...META,
      pmCode: { modelIdentCode: 'S1000DBIKE', pmIssuer: 'C3002', pmNumber: 'EPWG2', pmVolume: '00' },
      pmTitle: 'Manual',
      firstRef: dmRefXml(DMC, 'Stem'),
    });
    expect(check(pm, 'PMC-S1000DBIKE-C3002-EPWG2-00_000-01_EN-US.XML')).toEqual([]);
    const dml = dmlTemplate({
      ...META,
      dmlCode: { modelIdentCode: 'S1000DBIKE', senderIdent: 'C3002', dmlType: 'p', yearOfDataIssue: '2026', seqNumber: '00001' },
      firstEntry: dmlEntryXml(DMC, 'Stem', 'Remove procedures', 'U8025'),
    });
    expect(check(dml, 'DML-S1000DBIKE-C3002-P-2026-00001_000-01.XML')).toEqual([]);
  });

  it('a template that breaks the schema is caught (the check can fail)', () => {
    const xml = dataModuleTemplate('proced', { ...META, dmc: DMC, techName: 'Stem' }).replace('<mainProcedure>', '<mainProcedure><bogus/>');
    expect(check(xml, 'X.XML').some((p) => p.code === 'xsd-invalid')).toBe(true);
  });

  const fill = (text: string) => text.replace(/\$\{(\w+)\}/g, (_m, n: string) => SAMPLE[n] ?? '');
  const SAMPLE: Record<string, string> = {
    title: 'Sample',
    year: '2026',
    month: '11',
    day: '28',
    languageIsoCode: 'en',
    countryIsoCode: 'US',
    enterpriseCode: 'U8025',
  };

  for (const schema of TEMPLATE_SCHEMAS)
    it(`${schema}: the editable template, its placeholders filled, has 0 problems`, () => {
      const text = schemaTemplateText(schema);
      expect(text).toContain('${');
      expect(check(fill(text), 'X.XML')).toEqual([]);
    });

  it('a module from an edited template keeps the edit and takes its ident and status from the builder', () => {
    const edited = fill(schemaTemplateText('descript')).replace('<para>Description.</para>', '<para>Torque all bolts.</para>');
    const xml = applyDmIdent(edited, { ...META, dmc: DMC, techName: 'Stem', infoName: 'Description' });
    if (xml === undefined) throw new Error('no ident');
    expect(xml).toContain('Torque all bolts.');
    expect(xml).toContain('modelIdentCode="S1000DBIKE"');
    expect(xml).not.toContain('SAMPLE');
    expect(xml).toContain('<issueInfo issueNumber="000" inWork="01"/>');
    expect(xml).toContain('<originator enterpriseCode="U8025"><enterpriseName>Bike &amp; Co</enterpriseName></originator>');
    expect(check(xml, 'X.XML')).toEqual([]);
    expect(applyDmIdent('<dmodule/>', { ...META, dmc: DMC, techName: 'Stem' })).toBeUndefined();
  });

  it('a PM and a DML from their templates list the builder reference and entry instead of the samples', () => {
    const pm = applyPmIdent(fill(schemaTemplateText('pm')), {
      ...META,
      pmCode: { modelIdentCode: 'S1000DBIKE', pmIssuer: 'C3002', pmNumber: 'EPWG2', pmVolume: '00' },
      pmTitle: 'Manual',
      firstRef: dmRefXml(DMC, 'Stem'),
    });
    if (pm === undefined) throw new Error('no pm');
    expect(pm).toContain('pmNumber="EPWG2"');
    expect(pm.match(/<dmRef>/g)).toHaveLength(2); // the entry's and the BREX's
    expect(pm).not.toContain('SAMPLE');
    expect(check(pm, 'X.XML')).toEqual([]);
    const dml = applyDmlIdent(fill(schemaTemplateText('dml')), {
      ...META,
      dmlCode: { modelIdentCode: 'S1000DBIKE', senderIdent: 'C3002', dmlType: 'p', yearOfDataIssue: '2026', seqNumber: '00002' },
      firstEntry: dmlEntryXml(DMC, 'Stem', undefined, 'U8025'),
    });
    if (dml === undefined) throw new Error('no dml');
    expect(dml.match(/<dmlEntry\b/g)).toHaveLength(1);
    expect(dml).not.toContain('SAMPLE');
    expect(check(dml, 'X.XML')).toEqual([]);
  });
});
