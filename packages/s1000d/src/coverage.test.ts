import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { s1000dCorpus } from '../test/corpora.js';
import { dmlCoverage, dmlTypeOf } from './coverage.js';
import { Csdb } from './csdb.js';
import { describeFile } from './describe.js';
import { readCsdbFolder } from './folder.js';

const code = (info: string) =>
  `<dmCode modelIdentCode="TEST" systemDiffCode="A" systemCode="00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="A" infoCode="${info}" infoCodeVariant="A" itemLocationCode="D"/>`;

function dm(info: string, issue: string, issueType = 'new'): string {
  const [n, w] = issue.split('-');
  return `<dmodule><identAndStatusSection><dmAddress><dmIdent>${code(info)}<language languageIsoCode="en" countryIsoCode="US"/><issueInfo issueNumber="${n}" inWork="${w}"/></dmIdent>
<dmAddressItems><dmTitle><techName>Pump</techName><infoName>I${info}</infoName></dmTitle></dmAddressItems></dmAddress>
<dmStatus issueType="${issueType}"><qualityAssurance><unverified/></qualityAssurance></dmStatus></identAndStatusSection><content><description><para/></description></content></dmodule>`;
}

function dml(type: string, entries: Array<[string, string | undefined]>): string {
  const rows = entries
    .map(([info, issue]) => {
      const [n, w] = (issue ?? '').split('-');
      return `<dmlEntry issueType="new"><dmRef><dmRefIdent>${code(info)}${issue ? `<issueInfo issueNumber="${n}" inWork="${w}"/>` : ''}</dmRefIdent></dmRef><responsiblePartnerCompany/></dmlEntry>`;
    })
    .join('\n');
  return `<dml><identAndStatusSection><dmlAddress><dmlIdent><dmlCode modelIdentCode="TEST" senderIdent="12345" dmlType="${type.toLowerCase()}" yearOfDataIssue="2026" seqNumber="00001"/><issueInfo issueNumber="001" inWork="00"/></dmlIdent>
<dmlAddressItems><issueDate year="2026" month="11" day="28"/></dmlAddressItems></dmlAddress><dmlStatus/></identAndStatusSection><dmlContent>
${rows}
</dmlContent></dml>`;
}

describe('DML coverage', () => {
  it('reads the type letter of a DML code', () => {
    expect(dmlTypeOf('DML-S1000DBIKE-C3002-C-2012-00001')).toBe('C');
    expect(dmlTypeOf('DML-TEST-12345-S-2026-00001')).toBe('S');
    expect(dmlTypeOf('DML-X')).toBe('');
  });

  it('says for each entry: missing, in work, issued or deleted, and how the issue present meets the one named', () => {
    const files = [
      describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm('040', '002-00')),
      describeFile('DMC-TEST-A-00-00-00-00A-041A-D_000-02_EN-US.XML', dm('041', '000-02')),
      describeFile('DMC-TEST-A-00-00-00-00A-042A-D_003-01_EN-US.XML', dm('042', '003-01', 'changed')),
      describeFile('DMC-TEST-A-00-00-00-00A-043A-D_004-00_EN-US.XML', dm('043', '004-00', 'deleted')),
      describeFile('DMC-TEST-A-00-00-00-00A-044A-D_001-00_EN-US.XML', dm('044', '001-00')),
      describeFile(
        'DML-TEST-12345-S-2026-00001_001-00.XML',
        dml('S', [
          ['040', '001-00'],
          ['041', undefined],
          ['042', '003-01'],
          ['043', '004-00'],
          ['045', '001-00'],
          ['044', '002-00'],
        ]),
      ),
    ];
    const csdb = new Csdb(files);
    const list = files[files.length - 1];
    if (list === undefined) throw new Error('no DML');
    const c = dmlCoverage(csdb, list);
    expect(c).toMatchObject({ code: 'DML-TEST-12345-S-2026-00001', dmlType: 'S', counts: { issued: 2, inWork: 2, deleted: 1, missing: 1 } });
    expect(c.rows.map((r) => [r.code.slice(-6), r.state, r.issueMatch])).toEqual([
      ['040A-D', 'issued', 'later'],
      ['041A-D', 'inWork', 'any'],
      ['042A-D', 'inWork', 'exact'],
      ['043A-D', 'deleted', 'exact'],
      ['045A-D', 'missing', undefined],
      ['044A-D', 'issued', 'behind'],
    ]);
    expect(c.rows[0]).toMatchObject({ requestedIssue: '001-00', revision: '002-00', title: 'Pump - I040', entryIssueType: 'new' });
    expect(c.rows[4]).not.toHaveProperty('file');
  });
});

const bike = s1000dCorpus('s1000d-bike-4.1');
describe.skipIf(bike === undefined)('DML coverage of the Bike set', () => {
  it('facts 8 and 9: the 88 entries all exist at the issue they name; the three deleted modules show as deleted', () => {
    const csdb = readCsdbFolder(path.join(bike ?? '', 'csdb'));
    const list = csdb.objects.find((o) => o.kind === 'dml');
    if (list === undefined) throw new Error('no DML in the Bike set');
    const c = dmlCoverage(csdb, list);
    expect(c.dmlType).toBe('C');
    expect(c.rows).toHaveLength(88);
    expect(c.counts).toEqual({ missing: 0, deleted: 3, inWork: 0, issued: 85 });
    expect(c.rows.filter((r) => r.state === 'deleted').map((r) => r.code)).toEqual([
      'DMC-S1000DBIKE-AAA-DA1-00-00-00AA-041A-A',
      'DMC-S1000DBIKE-AAA-DA1-00-00-00AA-341A-A',
      'DMC-S1000DBIKE-AAA-DA1-10-00-00AA-251A-A',
    ]);
    expect(c.rows.every((r) => r.issueMatch === 'exact')).toBe(true);
  });
});
