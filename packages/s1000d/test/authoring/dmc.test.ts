import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDmc, type DmcFields, dmcRulesOf, dmcString } from '../../src/authoring/dmc.js';
import { INFO_CODES, infoCodeName } from '../../src/authoring/info-codes.js';
import { parseFileName } from '../../src/codes.js';
import { loadBrex } from '../../src/validate/brex.js';
import { s1000dCorpus } from '../corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');

const STEM: DmcFields = {
  modelIdentCode: 'S1000DBIKE',
  systemDiffCode: 'AAA',
  systemCode: 'DA2',
  subSystemCode: '1',
  subSubSystemCode: '0',
  assyCode: '00',
  disassyCode: '00',
  disassyCodeVariant: 'AA',
  infoCode: '520',
  infoCodeVariant: 'A',
  itemLocationCode: 'A',
};

const SNS_BREX = `<?xml version="1.0" encoding="UTF-8"?>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_5-0/xml_schema_flat/brex.xsd">
<identAndStatusSection><dmAddress><dmIdent><dmCode modelIdentCode="TOY" systemDiffCode="A" systemCode="00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="A" infoCode="022" infoCodeVariant="A" itemLocationCode="D"/><language languageIsoCode="en" countryIsoCode="US"/><issueInfo issueNumber="001" inWork="00"/></dmIdent></dmAddress></identAndStatusSection>
<content><brex>
<contextRules><structureObjectRules>
<structureObjectRule><objectPath allowedObjectFlag="2">//dmCode/@infoCode</objectPath><objectUse>Toy information codes</objectUse>
<objectValue valueForm="range" valueAllowed="000~099"/><objectValue valueForm="single" valueAllowed="520"/></structureObjectRule>
</structureObjectRules></contextRules>
<snsRules><snsDescr>
<snsSystem><snsCode>D00</snsCode><snsTitle>Bicycle</snsTitle>
  <snsSubSystem><snsCode>1</snsCode><snsTitle>Frame</snsTitle>
    <snsSubSubSystem><snsCode>0</snsCode><snsTitle>Frame</snsTitle>
      <snsAssy><snsCode>00</snsCode><snsTitle>Frame</snsTitle></snsAssy>
      <snsAssy><snsCode>10</snsCode><snsTitle>Fork</snsTitle></snsAssy>
    </snsSubSubSystem>
  </snsSubSystem>
</snsSystem>
<snsSystem><snsCode>DA2</snsCode><snsTitle>Steering</snsTitle></snsSystem>
</snsDescr></snsRules>
</brex></content></dmodule>`;

describe('the DMC builder', () => {
  it('builds the code and the file name the parser reads back, learn code included', () => {
    expect(dmcString(STEM)).toBe('DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520A-A');
    expect(dmcString({ ...STEM, infoCode: '952', learnCode: 'h31', learnEventCode: 'a' })).toBe('DMC-S1000DBIKE-AAA-DA2-10-00-00AA-952A-A-H31A');
    expect(parseFileName(`${dmcString({ ...STEM, learnCode: 'T10', learnEventCode: 'B' })}_000-01_EN-US.XML`)?.code).toBe(
      'DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520A-A-T10B',
    );
  });

  it('names each segment that breaks its pattern, in both languages', () => {
    expect(checkDmc(STEM)).toEqual([]);
    const bad = checkDmc({ ...STEM, modelIdentCode: 'X', systemCode: 'D-1', itemLocationCode: 'Q', infoCode: '', learnCode: 'T10' });
    expect(bad.map((p) => p.field)).toEqual(['modelIdentCode', 'systemCode', 'infoCode', 'itemLocationCode', 'learnEventCode']);
    expect(bad[0]?.messages.en).toBe('modelIdentCode: "X" does not match its pattern (2–14 A–Z/0–9)');
    expect(bad[0]?.messages.zh).toContain('modelIdentCode：“X”不符合格式');
    expect(bad[2]?.messages.en).toBe('infoCode: required');
    expect(checkDmc({ ...STEM, modelIdentCode: 'OTHER' }, { modelIdentCodes: ['S1000DBIKE', 'BRAKE'] }).map((p) => p.field)).toEqual(['modelIdentCode']);
  });

  it("SNS from the BREX's snsRules: known codes pass, an omitted level passes where the SNS stops, others name the level and the choices", () => {
    const { brex } = loadBrex(SNS_BREX, 'TOY-BREX.XML');
    if (!brex) throw new Error('no brex');
    const rules = dmcRulesOf([brex]);
    expect(rules.sns?.map((s) => s.code)).toEqual(['D00', 'DA2']);
    const toy = { ...STEM, modelIdentCode: 'TOY', systemCode: 'D00', subSystemCode: '1', subSubSystemCode: '0', assyCode: '10' };
    expect(checkDmc(toy, rules)).toEqual([]);
    // DA2 has nothing below it: 0-0-00 pass, 1 does not.
    expect(checkDmc({ ...toy, systemCode: 'DA2', subSystemCode: '0', assyCode: '00' }, rules)).toEqual([]);
    const sub = checkDmc({ ...toy, systemCode: 'DA2', subSystemCode: '1', assyCode: '00' }, rules);
    expect(sub.map((p) => p.field)).toEqual(['subSystemCode']);
    const assy = checkDmc({ ...toy, assyCode: '20' }, rules);
    expect(assy[0]?.field).toBe('assyCode');
    expect(assy[0]?.messages.en).toBe("assyCode: D00-10-20 is not in the project BREX's SNS (known: 00 Frame; 10 Fork)");
    const info = checkDmc({ ...toy, infoCode: '720' }, rules);
    expect(info.map((p) => p.field)).toEqual(['infoCode']);
    expect(info[0]?.messages.en).toContain('the project BREX does not allow "720"');
    expect(checkDmc({ ...toy, infoCode: '041' }, rules)).toEqual([]);
  });

  it.skipIf(bike === undefined)("the Bike BREX's code rules: its model codes, systems and information codes", () => {
    const file = path.join(bike ?? '', 'csdb', 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML');
    const { brex } = loadBrex(readFileSync(file), file);
    if (!brex) throw new Error('no brex');
    const rules = dmcRulesOf([brex]);
    expect(rules.sns).toBeUndefined();
    expect(checkDmc(STEM, rules)).toEqual([]);
    expect(checkDmc({ ...STEM, modelIdentCode: 'TRIKE' }, rules).map((p) => p.field)).toEqual(['modelIdentCode']);
    expect(checkDmc({ ...STEM, systemCode: 'DB0' }, rules).map((p) => p.field)).toEqual(['systemCode']);
    // Fact 5: 952 is not among the Bike information codes.
    expect(checkDmc({ ...STEM, infoCode: '952' }, rules).map((p) => p.field)).toEqual(['infoCode']);
  });

  it.skipIf(bike === undefined)('the information code table names every code the Bike set uses, in English and Chinese', () => {
    const used = new Set<string>();
    for (const f of [
      '000',
      '001',
      '002',
      '009',
      '00E',
      '00G',
      '00H',
      '00N',
      '00P',
      '00Q',
      '00W',
      '00X',
      '012',
      '022',
      '029',
      '040',
      '041',
      '042',
      '043',
      '056',
      '057',
      '058',
      '0A1',
      '0A2',
      '0A3',
      '121',
      '130',
      '131',
      '151',
      '200',
      '215',
      '241',
      '251',
      '258',
      '330',
      '341',
      '362',
      '400',
      '411',
      '412',
      '413',
      '414',
      '520',
      '663',
      '700',
      '720',
      '921',
      '930',
      '933',
      '93A',
      '941',
      '952',
    ])
      used.add(f);
    for (const code of used) {
      const entry = infoCodeName(code);
      expect(entry, code).toBeDefined();
      expect(entry?.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    for (let family = 0; family <= 9; family++) expect(infoCodeName(`${family}00`), `${family}00`).toBeDefined();
    expect(new Set(INFO_CODES.map((c) => c.code)).size).toBe(INFO_CODES.length);
    expect(infoCodeName('520')).toMatchObject({ en: 'Remove procedures', zh: '拆卸程序' });
  });
});

describe('parseDmc', () => {
  it('reads a code back into its segments (learn code too); anything else is undefined', async () => {
    const { parseDmc } = await import('../../src/authoring/dmc.js');
    expect(parseDmc(dmcString(STEM))).toEqual(STEM);
    const learn = { ...STEM, learnCode: 'H31', learnEventCode: 'A' };
    expect(parseDmc(dmcString(learn))).toEqual(learn);
    expect(parseDmc('DMC-S1000D-G-04-10-0301-00A-022A-D')).toMatchObject({ modelIdentCode: 'S1000D', assyCode: '0301', disassyCodeVariant: 'A' });
    expect(parseDmc('PMC-X-Y')).toBeUndefined();
  });
});

describe('PM and DML codes', () => {
  it('name each field that breaks its pattern', async () => {
    const { checkPmCode, checkDmlCode } = await import('../../src/authoring/dmc.js');
    expect(checkPmCode({ modelIdentCode: 'BRAKE', pmIssuer: 'C3002', pmNumber: 'EPWG2', pmVolume: '00' })).toEqual([]);
    expect(checkPmCode({ modelIdentCode: 'BRAKE', pmIssuer: 'C30', pmNumber: 'EPWG2', pmVolume: 'A' }).map((p) => p.field)).toEqual(['pmIssuer', 'pmVolume']);
    expect(checkDmlCode({ modelIdentCode: 'BRAKE', senderIdent: 'C3002', yearOfDataIssue: '26', seqNumber: '00001' })[0]?.messages.en).toBe(
      'yearOfDataIssue: "26" does not match its pattern (4 digits)',
    );
  });
});
