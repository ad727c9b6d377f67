import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { proposeChangeMarks } from '../../src/authoring/change-marks.js';
import { CycleError, issueObject, nextInWork, objectIdent } from '../../src/authoring/cycle.js';
import { parseFileName } from '../../src/codes.js';
import { descendants, parseXml } from '../../src/xml.js';
import { s1000dCorpus } from '../corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');
const suite = describe.skipIf(bike === undefined);
const read = (file: string) => readFileSync(path.join(bike ?? '', 'csdb', file), 'utf8');

const STEM = 'DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520A-A_008-00_EN-US.XML';
const PM = 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
const DML = 'DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML';

suite('the issue cycle on the Bike set', () => {
  it('reads kind, code, issue and the file name back from the text', () => {
    expect(objectIdent(read(STEM)).fileName).toBe(STEM);
    // The DML's name says 001-01, its content 001-00: the content wins.
    expect(objectIdent(read(DML))).toMatchObject({ kind: 'dml', code: parseFileName(DML)?.code, fileName: 'DML-S1000DBIKE-C3002-C-2012-00001_001-00.XML' });
    // EPWG1's content says pmNumber 00001, volume 01: the code (and so the name an issue gives it) is the content's.
    expect(objectIdent(read(PM))).toMatchObject({ kind: 'pm', code: 'PMC-S1000DBIKE-C3002-00001-01', issue: { issueNumber: '000', inWork: '01' } });
    expect(objectIdent(read(STEM))).toMatchObject({ kind: 'dm', issue: { issueNumber: '008', inWork: '00' }, issueType: 'changed' });
  });

  it('start next in-work: issued 008-00 → 008-01, in-work PM 000-01 → 000-02; only issueInfo changes', () => {
    const text = read(STEM);
    const next = nextInWork(text);
    expect(next.ident.fileName).toBe('DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520A-A_008-01_EN-US.XML');
    expect(next.xml).toContain('<issueInfo issueNumber="008" inWork="01"/>');
    expect(next.xml.replace('inWork="01"', 'inWork="00"')).toBe(text.replace(/\r\n?/g, '\n'));
    expect(nextInWork(read(PM)).ident.fileName).toBe('PMC-S1000DBIKE-C3002-00001-01_000-02_EN-US.XML');
    expect(() => nextInWork(text.replace('inWork="00"', 'inWork="99"'))).toThrow(CycleError);
  });

  it('issue: next issue number at in-work 00, issueType, date, reasons with ids; the file renamed by its code; an issued module is refused', () => {
    const inWork = nextInWork(read(STEM)).xml;
    const issued = issueObject(inWork, {
      issueType: 'changed',
      reasons: [
        { text: 'Torque value corrected <M6>', highlight: true, updateReasonType: 'urt02' },
        { text: '  ', highlight: false },
        { text: 'Figure updated', highlight: false },
      ],
      date: '2026-11-28',
    });
    expect(issued.ident.fileName).toBe('DMC-S1000DBIKE-AAA-DA2-10-00-00AA-520A-A_009-00_EN-US.XML');
    const doc = parseXml(issued.xml);
    const status = doc.root.children.find((c) => c.type === 'element' && c.name === 'identAndStatusSection');
    expect(status).toBeDefined();
    expect(issued.xml).toContain('<issueInfo issueNumber="009" inWork="00"/>');
    expect(issued.xml).toMatch(/<issueDate day="28" month="11" year="2026"\/>/);
    expect(issued.xml).toContain(
      '<reasonForUpdate id="rfu-0001" updateReasonType="urt02" updateHighlight="1"><simplePara>Torque value corrected &lt;M6&gt;</simplePara></reasonForUpdate>',
    );
    expect(issued.xml).toContain('<reasonForUpdate id="rfu-0002" updateHighlight="0"><simplePara>Figure updated</simplePara></reasonForUpdate>');
    expect(issued.xml.match(/<reasonForUpdate /g)).toHaveLength(2);
    expect(() => issueObject(issued.xml, { issueType: 'changed', reasons: [{ text: 'x', highlight: false }], date: '2026-11-29' })).toThrow(/is issued/);
    expect(() => issueObject(inWork, { issueType: 'changed', reasons: [], date: '2026-11-29' })).toThrow(/reason/);
    // The text is still well formed, and the DOCTYPE with its entities is kept as written.
    expect(issued.xml.startsWith(read(STEM).slice(0, 200))).toBe(true);
  });

  it('the first issue (000-0n → 001-00) carries no reasons for update and no change marks', () => {
    const pm = read(PM);
    const issued = issueObject(pm, { issueType: 'new', reasons: [{ text: 'First', highlight: true }], date: '2026-11-28' });
    expect(issued.ident.issue).toEqual({ issueNumber: '001', inWork: '00' });
    expect(issued.xml).not.toContain('<reasonForUpdate');
    expect(issued.xml).toContain('<pmStatus issueType="new"');
  });

  it('issuing again replaces the previous reasons and marks', () => {
    const first = issueObject(nextInWork(read(STEM)).xml, { issueType: 'changed', reasons: [{ text: 'One', highlight: true }], date: '2026-01-01' });
    const again = issueObject(nextInWork(first.xml).xml, { issueType: 'revised', reasons: [{ text: 'Two', highlight: false }], date: '2026-02-01' });
    expect(again.ident).toMatchObject({ issue: { issueNumber: '010', inWork: '00' }, issueType: 'revised' });
    expect(again.xml).not.toContain('<simplePara>One</simplePara>');
    expect(again.xml).toContain('<simplePara>Two</simplePara>');
    expect(again.xml).toContain('<dmStatus issueType="revised">');
  });

  it('change marks: a changed paragraph is modify, a new step add (its paragraphs covered), a removed one listed; applied on issue with the reason ids', () => {
    const previous = read(STEM);
    const steps = [...previous.matchAll(/<proceduralStep[\s>]/g)];
    expect(steps.length).toBeGreaterThan(1);
    const doc = parseXml(previous);
    // The first step's first para changed; a new step added at the end of the main procedure.
    const paras = [...previous.matchAll(/<para>([^<]{8,})<\/para>/g)];
    const target = paras.find((m) => previous.indexOf(m[0]) > previous.indexOf('<mainProcedure>'));
    if (!target) throw new Error('no para in mainProcedure');
    let current = previous.replace(target[0], '<para>Loosen the two bolts with the 5 mm hex key.</para>');
    current = current.replace(
      '</mainProcedure>',
      '<proceduralStep><para>Put the stem in the parts bin.</para><para>Close the bin.</para></proceduralStep></mainProcedure>',
    );
    const proposal = proposeChangeMarks(previous, current);
    expect(proposal.marks.map((m) => [m.element, m.changeType])).toEqual([
      ['para', 'modify'],
      ['proceduralStep', 'add'],
    ]);
    expect(proposal.marks[0]).toMatchObject({ text: 'Loosen the two bolts with the 5 mm hex key.', before: target[1]?.replace(/\s+/g, ' ').trim() });
    expect(proposal.marks[1]?.path).toMatch(/^\/dmodule\/content\/procedure\/mainProcedure\/proceduralStep\[\d+\]$/);
    expect(proposeChangeMarks(previous, previous)).toEqual({ marks: [], removed: [] });
    const dropped = proposeChangeMarks(current, previous);
    expect(dropped.removed.map((r) => r.element)).toEqual(['proceduralStep', 'para', 'para']);
    expect(doc.root.name).toBe('dmodule');

    const issued = issueObject(nextInWork(current).xml, {
      issueType: 'changed',
      reasons: [
        { text: 'Bolts', highlight: true },
        { text: 'Storage', highlight: false },
      ],
      marks: proposal.marks,
      date: '2026-11-28',
    });
    expect(issued.xml).toContain('<para changeMark="1" changeType="modify" reasonForUpdateRefIds="rfu-0001 rfu-0002">Loosen the two bolts');
    expect(issued.xml).toMatch(/<proceduralStep changeMark="1" changeType="add" reasonForUpdateRefIds="rfu-0001 rfu-0002"><para>Put the stem/);
    // The next issue clears them.
    const next = issueObject(nextInWork(issued.xml).xml, { issueType: 'changed', reasons: [{ text: 'x', highlight: false }], date: '2026-12-01' });
    expect(next.xml).not.toContain('changeMark=');
    expect(() =>
      issueObject(nextInWork(current).xml, {
        issueType: 'changed',
        reasons: [{ text: 'x', highlight: false }],
        marks: [{ path: '/dmodule/content/nothing', changeType: 'add' }],
        date: '2026-11-28',
      }),
    ).toThrow(/no element/);
  });

  it('the Bike BREX keeps its own change marks only until it is issued again', () => {
    const brex = read('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML');
    const marked = (xml: string) => [...descendants(parseXml(xml).root)].filter((e) => e.attrs.changeMark !== undefined).length;
    expect(marked(brex)).toBeGreaterThan(0);
    const issued = issueObject(nextInWork(brex).xml, { issueType: 'changed', reasons: [{ text: 'Rules', highlight: true }], date: '2026-11-28' });
    expect(marked(issued.xml)).toBe(0);
    // A commented-out rule keeps its text as written.
    expect(issued.xml).toContain('<!--<objectValue valueForm="single" valueAllowed="248"');
    expect(issued.xml.match(/<reasonForUpdate /g)).toHaveLength(1);
  });
});

suite('addToPm', () => {
  it("adds a dmRef at the end of the PM's last entry; the rest of the text is untouched", async () => {
    const { addToPm } = await import('../../src/authoring/cycle.js');
    const pm = read('PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML');
    const ref =
      '<dmRef><dmRefIdent><dmCode modelIdentCode="BRAKE" systemDiffCode="AAA" systemCode="DA1" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="520" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent></dmRef>';
    const out = addToPm(pm, ref);
    expect(out).toContain(ref);
    expect(out.replace(ref, '').replace(/\n[ \t]*\n/g, '\n')).toBe(pm.replace(/\r\n?/g, '\n').replace(/\n[ \t]*\n/g, '\n'));
    expect(() => addToPm(read(STEM), ref)).toThrow(/not a publication module/);
  });
});

suite('addToDml', () => {
  it("adds an entry after the DML's last one; the rest is untouched", async () => {
    const { addToDml } = await import('../../src/authoring/cycle.js');
    const dml = read(DML);
    const entry =
      '<dmlEntry issueType="new"><dmRef><dmRefIdent><dmCode modelIdentCode="BRAKE" systemDiffCode="AAA" systemCode="DA1" subSystemCode="2" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="720" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent></dmRef><responsiblePartnerCompany enterpriseCode="U8025"/></dmlEntry>';
    const out = addToDml(dml, entry);
    expect(out.match(/<dmlEntry[\s>]/g)).toHaveLength(89);
    expect(out.indexOf(entry)).toBeGreaterThan(out.lastIndexOf('</dmlEntry>', out.indexOf(entry)));
    expect(out.replace(entry, '').replace(/\n[ \t]*\n/g, '\n')).toBe(dml.replace(/\r\n?/g, '\n').replace(/\n[ \t]*\n/g, '\n'));
    expect(() => addToDml(read(STEM), entry)).toThrow(/not a data module list/);
  });
});
