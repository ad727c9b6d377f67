import { describe, expect, it } from 'vitest';
import { applies, evaluateApplic, readApplic, valueMatches } from './applic.js';
import { parseFileName } from './codes.js';
import { Csdb } from './csdb.js';
import { describeFile, expectedFileName, toCatalogEntry } from './describe.js';
import { problemText } from './problem.js';
import { parseXml } from './xml.js';

const code = (info: string) =>
  `<dmCode modelIdentCode="TEST" systemDiffCode="A" systemCode="00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="A" infoCode="${info}" infoCodeVariant="A" itemLocationCode="D"/>`;

/** A minimal Issue-N data module. */
function dm(opts: { info?: string; issue?: string; issueType?: string; issueVersion?: string; refs?: string; applic?: string; body?: string } = {}): string {
  const [issueNumber, inWork] = (opts.issue ?? '002-00').split('-');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE dmodule [
<!NOTATION png SYSTEM "png">
<!ENTITY ICN-TEST-00001-001-01 SYSTEM "ICN-TEST-00001-001-01.PNG" NDATA png>
]>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_${opts.issueVersion ?? '5-0'}/xml_schema_flat/descript.xsd">
  <identAndStatusSection>
    <dmAddress>
      <dmIdent>${code(opts.info ?? '040')}<language languageIsoCode="en" countryIsoCode="US"/><issueInfo issueNumber="${issueNumber}" inWork="${inWork}"/></dmIdent>
      <dmAddressItems><dmTitle><techName>Pump</techName><infoName>Description</infoName></dmTitle></dmAddressItems>
    </dmAddress>
    <dmStatus issueType="${opts.issueType ?? 'new'}">
      ${opts.applic ?? ''}
      <qualityAssurance><unverified/></qualityAssurance>
    </dmStatus>
  </identAndStatusSection>
  <content>
    <description>
      <levelledPara id="p1"><title>General</title><para>See <internalRef internalRefId="p1"/>.</para>${opts.refs ?? ''}</levelledPara>
      <figure><graphic infoEntityIdent="ICN-TEST-00001-001-01"/></figure>
      ${opts.body ?? ''}
    </description>
  </content>
</dmodule>`;
}

const dmRef = (info: string, issue?: string) => {
  const [n, w] = (issue ?? '').split('-');
  return `<dmRef><dmRefIdent>${code(info)}${issue ? `<issueInfo issueNumber="${n}" inWork="${w}"/>` : ''}</dmRefIdent></dmRef>`;
};

describe('file names', () => {
  it('reads every kind, with the variants real sets use', () => {
    expect(parseFileName('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML')).toMatchObject({
      kind: 'dm',
      code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A',
      issue: { issueNumber: '008', inWork: '00' },
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
    });
    // No issue part, no language.
    expect(parseFileName('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A.XML')).toMatchObject({ kind: 'dm', code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A' });
    // Four-character assembly code, lower-case language.
    expect(parseFileName('dir/DMC-FOSSIG-A-00-00-0000-00A-001A-A_000-01_en-CA.xml')).toMatchObject({
      kind: 'dm',
      code: 'DMC-FOSSIG-A-00-00-0000-00A-001A-A',
      language: { countryIsoCode: 'CA' },
    });
    // Learn code after the item location code.
    expect(parseFileName('DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML')?.code).toBe('DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A');
    expect(parseFileName('DME-SF518-CE0701-S1000DBIKE-AAA-D00-00-00-00AA-131A-A_008-00_EN-US.XML')?.kind).toBe('dme');
    expect(parseFileName('PMC-FOSSIG-KHZAE-00001-00_000-01_EN-CA.XML')).toMatchObject({ kind: 'pm', code: 'PMC-FOSSIG-KHZAE-00001-00' });
    expect(parseFileName('DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML')).toMatchObject({ kind: 'dml', issue: { issueNumber: '001', inWork: '01' } });
    expect(parseFileName('DDN-S1000DBIKE-C3002-U8025-2012-00001.XML')?.kind).toBe('ddn');
    expect(parseFileName('COM-S1000DBIKE-C3002-2012-00001-Q_EN-US.XML')?.kind).toBe('com');
    expect(parseFileName('UPF-S1000DLIGHTING-AAA-D00-00-00-00AA-00GA-D_001-00_EN-US.XML')?.kind).toBe('upf');
    expect(parseFileName('ICN-07GB6-BIKECI0001-001-01.CGM')).toMatchObject({ kind: 'icn', code: 'ICN-07GB6-BIKECI0001-001-01', extension: 'CGM' });
    expect(parseFileName('readme.md')).toBeUndefined();
    expect(parseFileName('topic.dita')).toBeUndefined();
  });
});

describe('describeFile', () => {
  it('takes identity, title, status, references with lines and ICN entities from the content', () => {
    const o = describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm({ refs: dmRef('041', '001-00') }));
    expect(o).toMatchObject({
      kind: 'dm',
      code: 'DMC-TEST-A-00-00-00-00A-040A-D',
      revision: '002-00',
      title: 'Pump - Description',
      schema: 'descript',
      s1000dIssue: '5.0',
    });
    expect(o.qualityAssurance).toBe('unverified');
    expect(o.problems).toEqual([]);
    expect(o.entities.get('ICN-TEST-00001-001-01')).toMatchObject({ systemId: 'ICN-TEST-00001-001-01.PNG', notation: 'png', line: 4 });
    expect(o.references.map((r) => [r.kind, r.target, r.line])).toEqual([
      ['dm', 'DMC-TEST-A-00-00-00-00A-041A-D', 19],
      ['icn', 'ICN-TEST-00001-001-01', 20],
      ['internal', 'p1', 19],
    ]);
    expect(expectedFileName(o)).toBe('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML');
  });

  it('a renamed file keeps its identity from the content and reports the mismatch where the root is', () => {
    const o = describeFile('csdb/DMC-TEST-A-00-00-00-00A-099A-D_001-00_EN-US.XML', dm());
    expect(o.code).toBe('DMC-TEST-A-00-00-00-00A-040A-D');
    expect(o.revision).toBe('002-00');
    expect(o.problems).toHaveLength(1);
    const p = o.problems[0];
    expect(p).toMatchObject({
      severity: 'warning',
      code: 's1000d-name-mismatch',
      file: 'csdb/DMC-TEST-A-00-00-00-00A-099A-D_001-00_EN-US.XML',
      line: 6,
      column: 1,
    });
    expect(p?.messages.en).toContain('DMC-TEST-A-00-00-00-00A-099A-D ≠ DMC-TEST-A-00-00-00-00A-040A-D');
    expect(p?.messages.en).toContain('001-00 ≠ 002-00');
    expect(problemText(p as never, 'zh-CN')).toContain('应命名为 DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML');
    // A set finds it by its real code, not its name.
    const db = new Csdb([o]);
    expect(db.latest('DMC-TEST-A-00-00-00-00A-040A-D')).toBe(o);
    expect(db.latest('DMC-TEST-A-00-00-00-00A-099A-D')).toBeUndefined();
    // A name that is no S1000D name at all: identity kept, the name reported.
    expect(describeFile('pump.xml', dm()).problems.map((x) => x.code)).toEqual(['s1000d-name-unrecognised']);
  });

  it('refuses an Issue 3.0 data module with a clear message', () => {
    const old = `<?xml version="1.0"?>
<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_3-0/xml_schema_flat/descript.xsd">
<idstatus><dmaddres><dmc><avee><modelic>TEST</modelic></avee></dmc><dmtitle><techname>Pump</techname></dmtitle><issno issno="001" type="new"/></dmaddres></idstatus>
<content><descript/></content></dmodule>`;
    const o = describeFile('DMC-TEST-A-00-00-00-00A-040A-D_001-00_EN-US.XML', old);
    expect(o.refused).toBe(true);
    expect(o.problems).toHaveLength(1);
    expect(o.problems[0]).toMatchObject({ severity: 'error', code: 's1000d-issue-unsupported', line: 2, column: 1 });
    expect(o.problems[0]?.messages.en).toContain('S1000D Issue 3.0');
    expect(o.problems[0]?.messages.en).toContain('only Issues 4.0 to 6');
    expect(o.problems[0]?.messages.zh).toContain('不受支持');
    // Without a schema location the <idstatus> structure says it.
    const bare = describeFile('DMC-X.XML', old.replace(/ xsi:noNamespaceSchemaLocation="[^"]*"/, ''));
    expect(bare.problems[0]?.code).toBe('s1000d-issue-unsupported');
    expect(bare.problems[0]?.messages.en).toContain('3.0 or older');
    // Issue 4.0, 4.2, 5.0 and 6 are accepted.
    for (const v of ['4-0', '4-2', '5-0', '6'])
      expect(describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm({ issueVersion: v })).refused).toBeUndefined();
  });

  it('reports malformed XML, an unknown root and a broken internalRef with their place', () => {
    const bad = describeFile('DMC-TEST-A-00-00-00-00A-040A-D.XML', '<dmodule>\n  <content>\n</dmodule>');
    expect(bad.refused).toBe(true);
    expect(bad.problems[0]).toMatchObject({ code: 'xml-malformed', line: 3, column: 1 });
    expect(bad.problems[0]?.messages.zh).toContain('XML 格式不正确');
    expect(describeFile('DMC-X.XML', '<topic id="t"/>').problems[0]?.code).toBe('s1000d-unknown-root');
    const o = describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm({ body: '<para><internalRef internalRefId="nowhere"/></para>' }));
    expect(o.problems.map((p) => [p.code, p.line])).toEqual([['s1000d-internal-ref-broken', 21]]);
  });
});

describe('applicability', () => {
  const expr = (xml: string) => readApplic(parseXml(xml).root);

  it('matches sets and ranges', () => {
    expect(valueMatches('2', '1~3')).toBe(true);
    expect(valueMatches('4', '1~3')).toBe(false);
    expect(valueMatches('10', '1~9')).toBe(false);
    expect(valueMatches('Mk9', 'Mk1|Mk9')).toBe(true);
    expect(valueMatches('POST-010', 'PRE|POST-001~POST-999')).toBe(true);
    expect(valueMatches('POST', 'PRE|POST-001~POST-999')).toBe(false);
  });

  it('evaluates and/or with three values: an unassigned property keeps the content', () => {
    const a = expr(
      `<applic><evaluate andOr="and"><assert applicPropertyIdent="type" applicPropertyType="prodattr" applicPropertyValues="Mountain bicycle"/>
       <evaluate andOr="or"><assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="A"/><assert applicPropertyIdent="version" applicPropertyType="prodattr" applicPropertyValues="1~3"/></evaluate></evaluate></applic>`,
    );
    expect(evaluateApplic(a, { type: 'Mountain bicycle', model: 'A' })).toBe(true);
    expect(evaluateApplic(a, { type: 'Mountain bicycle', model: 'B', version: '4' })).toBe(false);
    expect(evaluateApplic(a, { type: 'Road bicycle' })).toBe(false);
    expect(evaluateApplic(a, { model: 'B' })).toBeUndefined();
    expect(applies(a, { model: 'B' })).toBe(true);
    expect(applies(a, {})).toBe(true);
    expect(applies(expr('<applic><displayText><simplePara>All</simplePara></displayText></applic>'), { type: 'x' })).toBe(true);
  });
});

describe('resolution by code', () => {
  const set = () =>
    new Csdb([
      describeFile('ICN-TEST-00001-001-01.PNG'),
      describeFile('DMC-TEST-A-00-00-00-00A-041A-D_003-00_EN-US.XML', dm({ info: '041', issue: '003-00' })),
      describeFile('DMC-TEST-A-00-00-00-00A-041A-D_002-00_EN-US.XML', dm({ info: '041', issue: '002-00' })),
      describeFile('DMC-TEST-A-00-00-00-00A-042A-D_001-00_EN-US.XML', dm({ info: '042', issue: '001-00', issueType: 'deleted' })),
      describeFile(
        'DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML',
        dm({ refs: dmRef('041') + dmRef('041', '002-00') + dmRef('041', '001-00') + dmRef('041', '009-00') + dmRef('043') }),
      ),
    ]);

  it('no issue named = latest; an older issue resolves to the later one; a missing code is broken', () => {
    const db = set();
    const from = db.latest('DMC-TEST-A-00-00-00-00A-040A-D');
    const res = (from?.references ?? []).filter((r) => r.kind === 'dm').map((r) => db.resolve(r));
    expect(res.map((r) => [r.status, 'target' in r ? r.target.revision : undefined])).toEqual([
      ['ok', '003-00'],
      ['ok', '002-00'],
      ['later-issue', '003-00'],
      ['issue-missing', '003-00'],
      ['broken', undefined],
    ]);
    const problems = db.problems();
    expect(problems.filter((p) => p.code === 's1000d-ref-broken').map((p) => p.messages.en)).toEqual([
      '<dmRef> references DMC-TEST-A-00-00-00-00A-043A-D, which is not in the CSDB (DM).',
    ]);
    expect(problems.find((p) => p.code === 's1000d-ref-later-issue')?.severity).toBe('info');
    expect(db.usedBy('DMC-TEST-A-00-00-00-00A-041A-D')).toHaveLength(1);
    expect(db.whereUsed('DMC-TEST-A-00-00-00-00A-041A-D', { issueNumber: '002', inWork: '00' })).toHaveLength(2);
  });

  it('two files with the same identity are one error', () => {
    const db = new Csdb([
      describeFile('a/DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm()),
      describeFile('b/DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm()),
    ]);
    expect(db.problems().filter((p) => p.code === 's1000d-duplicate')).toHaveLength(1);
  });
});

describe('applicability text and the default BREX', () => {
  it('makes a display text from the expression when the module has none, and says a default BREX is not a broken link', () => {
    const applic =
      '<applic><evaluate andOr="and"><assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="A|B"/><evaluate andOr="or"><assert applicPropertyIdent="version" applicPropertyType="prodattr" applicPropertyValues="1~3"/><assert applicPropertyIdent="SB1" applicPropertyType="condition" applicPropertyValues="POST"/></evaluate></evaluate></applic>';
    const o = describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm({ applic }));
    expect(o.applicText).toBe('model: A, B and (version: 1–3 or SB1: POST)');
    const brex = `<brexDmRef><dmRef><dmRefIdent><dmCode modelIdentCode="S1000D" systemDiffCode="H" systemCode="04" subSystemCode="1" subSubSystemCode="0" assyCode="0301" disassyCode="00" disassyCodeVariant="A" infoCode="022" infoCodeVariant="A" itemLocationCode="D"/></dmRefIdent></dmRef></brexDmRef>`;
    const withBrex = describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm({ applic: brex }));
    const problems = new Csdb([withBrex]).problems();
    expect(problems.map((p) => [p.code, p.severity])).toContainEqual(['s1000d-ref-default-brex', 'info']);
    expect(problems.filter((p) => p.code === 's1000d-ref-broken' && p.message.includes('S1000D-H'))).toEqual([]);
  });
});

describe('comments and catalogue entries', () => {
  it('describes a comment (COM) and gives a JSON-safe catalogue entry', () => {
    const com = `<?xml version="1.0"?>
<comment xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_4-1/xml_schema_flat/comment.xsd">
<identAndStatusSection><commentAddress><commentIdent>
<commentCode modelIdentCode="S1000DBIKE" senderIdent="C3002" yearOfDataIssue="2012" seqNumber="00001" commentType="q"/>
<language languageIsoCode="en" countryIsoCode="US"/></commentIdent>
<commentAddressItems><commentTitle>Brake pad wear limit</commentTitle></commentAddressItems></commentAddress>
<commentStatus/></identAndStatusSection>
<commentContent><simplePara>See <dmRef><dmRefIdent>${code('041')}</dmRefIdent></dmRef>.</simplePara></commentContent></comment>`;
    const o = describeFile('COM-S1000DBIKE-C3002-2012-00001-Q_EN-US.XML', com);
    expect(o).toMatchObject({ kind: 'com', code: 'COM-S1000DBIKE-C3002-2012-00001-Q', title: 'Brake pad wear limit', problems: [] });
    expect(o.references.map((r) => r.target)).toEqual(['DMC-TEST-A-00-00-00-00A-041A-D']);
    const entry = toCatalogEntry(describeFile('DMC-TEST-A-00-00-00-00A-040A-D_002-00_EN-US.XML', dm()));
    const json = JSON.parse(JSON.stringify(entry));
    expect(json.entities['ICN-TEST-00001-001-01'].systemId).toBe('ICN-TEST-00001-001-01.PNG');
    expect(json.xml).toBeUndefined();
    expect(json.code).toBe('DMC-TEST-A-00-00-00-00A-040A-D');
  });
});
