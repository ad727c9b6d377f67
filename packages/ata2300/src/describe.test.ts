import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { s1000dCorpus } from '../../../test-support/s1000d-corpora';
import { type Ata2300Object, describeAta2300, identKeyOf, issueDateOf, schemaOf } from './describe.js';
import { ata2300Files } from './files.js';
import { factsOf, pairStatus } from './status.js';

/** The corpus README's facts 1 to 3 on A4A's one public sample and the framework's templates, then the product's own rules. */
const CORPUS = s1000dCorpus('ata2300-oxygen-samples');
const suite = describe.skipIf(CORPUS === undefined);
const template = (name: string) => readFileSync(path.join(CORPUS ?? '', 'templates', name));

function described(file: string, text: string | Buffer): Ata2300Object {
  const o = describeAta2300(file, text);
  if (o.kind === 'none') throw new Error(`${file} is not Spec 2300: ${JSON.stringify(o.problems)}`);
  return o;
}

suite('ATA Spec 2300 samples (corpus README)', () => {
  it('fact 3: Annunciation.xml identifies as ABBE2300-A-21-00-02-00A-11EA-A, ABBE / TRIM_AIR_Annunciation, 2017-03-01: an advisory annunciation titled TRIM AIR', () => {
    const o = described('Annunciation.xml', template('Annunciation.xml'));
    expect(o).toMatchObject({
      kind: 'dm',
      code: 'DMC-ABBE2300-A-21-00-02-00A-11EA-A',
      extension: { producer: 'ABBE', code: 'TRIM_AIR_Annunciation' },
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
      issueDate: '2017-03-01',
      contentType: 'annunciation',
      schema: 'Annunciation',
      title: 'TRIM AIR',
      problems: [],
    });
  });

  it('fact 2: the status template is a dmStatus with the producer, issue type, approval and an applicability', () => {
    const o = described('dmStatus.xml', template('dmStatus.xml'));
    expect(o).toMatchObject({ kind: 'dmStatus', dataProducer: 'oem', issueType: 'unchanged', approvalRequired: false, schema: 'DmStatus' });
    expect(o.applic?.displayText).toBe('ALL');
    // The template leaves the code and the dates empty: said, located.
    expect(o.problems.map((p) => p.code)).toEqual(['ata-no-code', 'ata-no-issue-date']);
    expect(o.problems[0]?.messages.zh).toContain('型号识别码');
  });

  it('fact 1: every template is a dmodule in the Spec 2300 namespace with dmIdent, an issue date and content', () => {
    for (const [name, type] of [
      ['Limitation.xml', 'limitation'],
      ['Performance.xml', 'performance'],
      ['Approval.xml', 'approval'],
    ] as const) {
      const o = described(name, template(name));
      expect(o.kind, name).toBe('dm');
      expect(o.contentType, name).toBe(type);
    }
  });
});

const STATUS = (date: string, more = '') => `<?xml version="1.0" encoding="UTF-8"?>
<dmStatus xmlns="http://www.ataebiz.org/XMLSchema" dataProducer="airline" issueType="changed">
  <dmIdent><identExtension extensionProducer="ABBE" extensionCode="TRIM"/>
    <dmCode modelIdentCode="ABBE2300" systemDiffCode="A" systemCode="21" subSystemCode="0" subSubSystemCode="0" assyCode="02" disassyCode="00" disassyCodeVariant="A" infoCode="11E" infoCodeVariant="A" itemLocationCode="A"/>
    <language countryIsoCode="US" languageIsoCode="en"/></dmIdent>
  <issueInfo issueDate="2024-05-02"/>
  <dmContentIssueInfo issueDate="${date}"/>
  <approvalInfo approvalRequired="yes"/>
  <applic><displayText><simplePara>A320 only</simplePara></displayText><assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="A320"/></applic>${more}
</dmStatus>`;

const CONTENT = `<?xml version="1.0" encoding="UTF-8"?>
<dmodule xmlns="http://www.ataebiz.org/XMLSchema">
  <dmIdent><identExtension extensionProducer="ABBE" extensionCode="TRIM"/>
    <dmCode modelIdentCode="ABBE2300" systemDiffCode="A" systemCode="21" subSystemCode="0" subSubSystemCode="0" assyCode="02" disassyCode="00" disassyCodeVariant="A" infoCode="11E" infoCodeVariant="A" itemLocationCode="A"/>
    <language countryIsoCode="US" languageIsoCode="en"/></dmIdent>
  <issueInfo issueDate="2024-05-01T00:00:00Z"/>
  <content><annunciation priorityLevel="caution"><title>TRIM AIR FAULT</title>
    <triggeringConditions><para>See <dmRef><dmRefIdent><dmCode modelIdentCode="ABBE2300" systemDiffCode="A" systemCode="21" subSystemCode="0" subSubSystemCode="0" assyCode="02" disassyCode="00" disassyCodeVariant="A" infoCode="040" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent></dmRef>.</para></triggeringConditions>
  </annunciation></content>
</dmodule>`;

describe('a data module and its status file', () => {
  it('pair by identity, not by name: the topic takes the status file’s issue type, approval and applicability', () => {
    const content = described('a/whatever.xml', CONTENT);
    const status = described('b/other-name.xml', STATUS('2024-05-01'));
    expect(identKeyOf(content)).toBe(identKeyOf(status));
    expect(content.refs).toEqual([{ kind: 'dm', target: 'DMC-ABBE2300-A-21-00-02-00A-040A-A', line: 8, column: 37 }]);
    const set = pairStatus([status, content]);
    expect(set.problems).toEqual([]);
    expect(set.entries).toHaveLength(1);
    expect(factsOf(set.entries[0] as never)).toEqual({
      standard: 'ata2300',
      kind: 'dm',
      issueDate: '2024-05-01',
      contentType: 'annunciation',
      extension: 'ABBE/TRIM',
      issueType: 'changed',
      dataProducer: 'airline',
      approvalRequired: 'yes',
      applic: 'A320 only',
      statusFile: 'b/other-name.xml',
    });
  });

  it('says what stays single or disagrees: no status, a status without content, a content date the status does not name', () => {
    const content = described('dm.xml', CONTENT);
    expect(pairStatus([content]).problems.map((p) => [p.file, p.problem.code])).toEqual([['dm.xml', 'ata-status-missing']]);
    const lateStatus = described('st.xml', STATUS('2023-01-01'));
    const late = pairStatus([content, lateStatus]).problems;
    expect(late.map((p) => [p.file, p.problem.code, p.problem.severity])).toEqual([['st.xml', 'ata-status-date', 'warning']]);
    expect(late[0]?.problem.message).toBe("The status file's dmContentIssueInfo/@issueDate (2023-01-01) is not the content file's issue date (2024-05-01)");
    const orphan = pairStatus([lateStatus]).problems;
    expect(orphan.map((p) => p.problem.code)).toEqual(['ata-status-orphan']);
  });

  it('other XML is not Spec 2300; broken XML is said with its place', () => {
    expect(describeAta2300('t.dita', '<topic id="x"><title>T</title></topic>')).toEqual({ file: 't.dita', kind: 'none', problems: [] });
    expect(describeAta2300('s.xml', '<dmodule xmlns="http://www.s1000d.org/other"><content/></dmodule>').kind).toBe('none');
    const broken = describeAta2300('b.xml', '<dmodule>\n<dmIdent></dmodule>');
    expect(broken.kind).toBe('none');
    expect(broken.problems[0]).toMatchObject({ code: 'ata-not-well-formed', line: 2 });
  });
});

describe('names and dates', () => {
  it('issue dates are days; schema names come from xsi:schemaLocation', () => {
    expect(issueDateOf('2017-03-01T00:00:00Z')).toBe('2017-03-01');
    expect(issueDateOf('2017-03-01')).toBe('2017-03-01');
    expect(issueDateOf('')).toBeUndefined();
    expect(issueDateOf('March 2017')).toBeUndefined();
    const root = { attrs: { 'xsi:schemaLocation': 'http://www.ataebiz.org/XMLSchema ../../../Schemas/Dispatch/DispatchItem.xsd' } };
    expect(schemaOf(root as never)).toBe('DispatchItem');
  });

  it('the product’s names give the role up front; any other .xml is a source whose root decides', () => {
    expect(ata2300Files.roleOf('fcom/DMC-ABBE2300-A-21-00-02-00A-11EA-A_EN-US.XML')).toBe('unit');
    expect(ata2300Files.roleOf('fcom/PMC-ABBE2300-ABBE1-00001-01_EN-US.XML')).toBe('document');
    expect(ata2300Files.roleOf('fcom/DMS-ABBE2300-A-21-00-02-00A-11EA-A_EN-US.XML')).toBe('other');
    expect(ata2300Files.isSource('fcom/DMS-ABBE2300-A-21-00-02-00A-11EA-A_EN-US.XML')).toBe(true);
    expect(ata2300Files.roleOf('graphics/ICN-ABBE2300-001.png')).toBe('resource');
    expect(ata2300Files.isSource('graphics/ICN-ABBE2300-001.png')).toBe(false);
    expect(ata2300Files.roleOf('Annunciation.xml')).toBe('other');
    expect(ata2300Files.isSource('Annunciation.xml')).toBe(true);
    expect(ata2300Files.roleOf('README.md')).toBe('other');
    expect(ata2300Files.isSource('README.md')).toBe(false);
  });
});
