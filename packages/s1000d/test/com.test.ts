/** Comment files (COM): written valid against the 5.0 comment.xsd, read back to the same record, and what is not a comment refused by name. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ComOptions, ComRefusal, comCodeOf, comDmRefOf, comFileNameOf, describeFile, parseFileName, readCom, writeCom } from '../src/index.js';
import { SchemaPackage, validateXsd } from '../src/validate/schema.js';
import { parseObject } from '../src/validate/xml.js';
import { s1000dCorpus } from './corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');
const schemas = s1000dCorpus('s1000d-schemas-5.0');
const F121 = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML';

describe.skipIf(bike === undefined || schemas === undefined)('S1000D comment files', () => {
  let pkg: SchemaPackage;
  let question: ComOptions;
  beforeAll(() => {
    pkg = SchemaPackage.fromDirectory(path.join(schemas ?? '', 'xml_schema_flat'));
    const dm = describeFile(F121, readFileSync(path.join(bike ?? '', 'csdb', F121)));
    question = {
      modelIdentCode: 'S1000DBIKE',
      senderIdent: 'C3002',
      year: '2026',
      seqNumber: '00123',
      commentType: 'q',
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
      title: 'Tyre pressure & valve',
      date: new Date(Date.UTC(2026, 10, 28, 15)),
      originator: { enterpriseName: 'ESG <Review>', city: 'München', country: 'Germany', person: 'Zhang Wei' },
      dmRef: comDmRefOf(dm, 'par-0001'),
      brexDmRef:
        '<dmRef><dmRefIdent><dmCode modelIdentCode="S1000DBIKE" systemDiffCode="AAA" systemCode="D00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="022" infoCodeVariant="A" itemLocationCode="D"/></dmRefIdent></dmRef>',
      quote: 'Inflate the tyre to 4 bar',
      body: 'Is 4 bar right for the road tyre?\n\n  The table says 4.5 < 5 — @li please check.',
    };
  });

  const valid = (xml: string, name: string) => {
    const parsed = parseObject(xml, name);
    if (parsed.object === undefined) throw new Error(parsed.problems[0]?.message);
    try {
      return validateXsd(parsed.object, [pkg], { issue: '5.0' });
    } finally {
      parsed.object.dispose();
    }
  };

  it('writes a comment on a Bike data module that the 5.0 comment.xsd accepts, named by its code, and reads it back as it was', () => {
    const xml = writeCom(question);
    const name = comFileNameOf(question);
    expect(name).toBe('COM-S1000DBIKE-C3002-2026-00123-Q_EN-US.XML');
    expect(parseFileName(name)).toMatchObject({ kind: 'com', code: 'COM-S1000DBIKE-C3002-2026-00123-Q' });
    expect(valid(xml, name)).toEqual([]);
    // The validator does look: without its BREX reference the same comment is refused.
    expect(valid(xml.replace(/<brexDmRef>[\s\S]*<\/brexDmRef>/, ''), name).length).toBeGreaterThan(0);
    expect(describeFile(name, xml)).toMatchObject({ kind: 'com', code: 'COM-S1000DBIKE-C3002-2026-00123-Q', title: 'Tyre pressure & valve' });
    expect(readCom(name, xml)).toEqual({
      code: 'COM-S1000DBIKE-C3002-2026-00123-Q',
      modelIdentCode: 'S1000DBIKE',
      senderIdent: 'C3002',
      year: '2026',
      seqNumber: '00123',
      commentType: 'q',
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
      title: 'Tyre pressure & valve',
      issueDate: '2026-11-28',
      originator: { enterpriseName: 'ESG <Review>', city: 'München', country: 'Germany', person: 'Zhang Wei' },
      priority: 'cp01',
      dmRef: {
        code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A',
        issue: { issueNumber: '008', inWork: '00' },
        language: { languageIsoCode: 'en', countryIsoCode: 'US' },
        referredFragment: 'par-0001',
      },
      quote: 'Inflate the tyre to 4 bar',
      body: 'Is 4 bar right for the road tyre?\n\n  The table says 4.5 < 5 — @li please check.',
    });
  });

  it('writes a response that names the comment it answers, valid too, and reads back its answer and response type', () => {
    const reply: ComOptions = {
      ...question,
      seqNumber: '00124',
      commentType: 'r',
      title: undefined,
      responseType: 'rt01',
      answers: comCodeOf(question),
      quote: undefined,
      body: 'Yes: 4 bar for the road tyre.',
    };
    const xml = writeCom(reply);
    const name = comFileNameOf(reply);
    expect(name).toBe('COM-S1000DBIKE-C3002-2026-00124-R_EN-US.XML');
    expect(valid(xml, name)).toEqual([]);
    const back = readCom(name, xml);
    expect(back).toMatchObject({
      code: 'COM-S1000DBIKE-C3002-2026-00124-R',
      commentType: 'r',
      responseType: 'rt01',
      answers: 'COM-S1000DBIKE-C3002-2026-00123-Q',
    });
    expect(back.quote).toBe('');
    expect(back.body).toBe('Yes: 4 bar for the road tyre.');
    // A response of the standard's form: no remarks, the code of the comment answered with type r.
    const bare = writeCom({ ...reply, seqNumber: '00123', answers: undefined });
    expect(valid(bare, 'bare.XML')).toEqual([]);
    expect(readCom('bare.XML', bare).answers).toBe('COM-S1000DBIKE-C3002-2026-00123-Q');
  });

  it('a comment without a fragment, title or person is still valid; a question answers nothing', () => {
    const plain = writeCom({
      ...question,
      title: undefined,
      quote: '',
      originator: { enterpriseName: 'E', city: 'C', country: 'D' },
      dmRef: { ...question.dmRef, referredFragment: undefined, title: undefined },
    });
    expect(valid(plain, 'plain.XML')).toEqual([]);
    const back = readCom('plain.XML', plain);
    expect(back.answers).toBeUndefined();
    expect(back.dmRef?.referredFragment).toBeUndefined();
    expect(back.originator.person).toBeUndefined();
  });

  it('refuses what is not a comment, naming the file in Chinese and English', () => {
    const refusal = (name: string, content: string) => {
      try {
        readCom(name, content);
      } catch (e) {
        if (e instanceof ComRefusal) return e;
        throw e;
      }
      throw new Error('not refused');
    };
    const dm = refusal(F121, readFileSync(path.join(bike ?? '', 'csdb', F121), 'utf8'));
    expect(dm.reason).toBe('notComment');
    expect(dm.problem.messages.en).toBe(`"${F121}" is not an S1000D comment: its root element is <dmodule>, not <comment>`);
    expect(dm.problem.messages.zh).toBe(`“${F121}”不是 S1000D 评论：根元素是 <dmodule>，应为 <comment>`);
    const broken = refusal('COM-X.XML', '<comment><identAndStatusSection>');
    expect(broken.reason).toBe('malformed');
    expect(broken.problem.messages.en).toContain('"COM-X.XML" is not well-formed XML');
    const noCode = refusal('COM-Y.XML', writeCom(question).replace(/ commentType="q"/, ''));
    expect(noCode.reason).toBe('incomplete');
    expect(noCode.problem.messages.en).toContain('"COM-Y.XML" lacks a complete comment code');
    expect(noCode.problem.messages.zh).toContain('“COM-Y.XML”缺少完整的评论代码');
  });
});
