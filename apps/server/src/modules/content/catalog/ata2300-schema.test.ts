import path from 'node:path';
import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipFolder } from '../../../../../../test-support/grammars';
import { useGitServer } from '../../../../test/git-server';
import { callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { threadTasksDone } from '../../../../test/thread-metrics';
import { ccmsGrammar } from '../../../db/schema';
import { allowLoopbackRemotes, libraryBody, libraryPrepared, multipart } from '../content-test-kit';
import { writeZip } from '../shared/zip';

/**
 * An ATA Spec 2300 schema package installed by an administrator, then used by the index and the
 * editor's saves. A4A's schemas cannot be in the repository: packages/ata2300/test/fcom-schemas is
 * CCMS's own small schema in Spec 2300's namespace and folder layout, covering the CX100 test set.
 */
const TEST = path.resolve(import.meta.dirname, '../../../../../../packages/ata2300/test');
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const PROC = 'fcom-set/DMC-CX100-A-21-00-01-00A-141A-A_EN-US.XML';
const NORMAL = 'fcom-set/DMC-CX100-A-21-00-00-00A-131A-A_EN-US.XML';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('cx100s', { folder: TEST });
  admin = await t.login();
  const res = await admin.post(api('/ccms/library'), { ...libraryBody('cx100s', remote().url('cx100s')), libraryType: 'ATA2300' });
  expect(res.status, res.raw).toBe(200);
  libraryId = res.body.data.libraryId;
  await libraryPrepared(admin, libraryId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const install = (file: { filename: string; content: Buffer }, lang = 'en') => {
  const body = multipart({}, [file]);
  return callerFor(t.app, admin.token, lang).request({ method: 'POST', url: api('/ccms/grammar'), payload: body.payload, headers: body.headers });
};
const problems = async () =>
  (await admin.get(api('/ccms/catalog/problems'), { libraryId, pageSize: 50 })).body.rows as { path: string; line: number; code: string }[];
/** A full run once the package is installed (the commit has not moved); later ones index what a commit changed. */
const reindex = (full = false) => admin.post(`${api('/ccms/catalog/reindex')}?libraryId=${libraryId}${full ? '&full=true' : ''}`);

describe('ATA Spec 2300 schema packages', () => {
  it('refuses Spec 2300 XSDs that do not compile, naming the field in zh and en and keeping nothing', async () => {
    const broken = Buffer.from(
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.ataebiz.org/XMLSchema"><xs:element name="dmodule" type="nowhere"/></xs:schema>',
    );
    const zip = await writeZip([{ path: 'ata/Procedures/Bad.xsd', content: broken }]);
    const en = await install({ filename: 'bad.zip', content: zip });
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/^File: .*ata\/Procedures\/Bad\.xsd/);
    const zh = await install({ filename: 'bad.zip', content: zip }, 'zh');
    expect(zh.body.msg).toMatch(/^文件：.*ata\/Procedures\/Bad\.xsd/);
    expect(await t.database.db.select().from(ccmsGrammar)).toEqual([]);
  });

  it('installs the package as ATA2300 schemas, and the index finds the test set valid against them', async () => {
    expect(await problems()).toEqual([]);
    const zip = await zipFolder(path.join(TEST, 'fcom-schemas'), 'ata2300-schemas/');
    const res = await install({ filename: 'ata2300-schemas.zip', content: zip });
    expect(res.body.code, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ standard: 'ATA2300', kind: 'schema', version: 'CCMS-TEST-1' });
    const list = await admin.get(api('/ccms/grammar/list'));
    expect(list.body.rows).toEqual([expect.objectContaining({ standard: 'ATA2300', kind: 'schema', catalogPath: 'ata2300-schemas' })]);
    expect((await reindex(true)).body.code).toBe(200);
    expect(await problems()).toEqual([]);
  });

  it('reports a module the schema does not allow in the index, with its line', async () => {
    const opened = await admin.get(api('/ccms/topic-editor/open'), { libraryId, path: PROC });
    const content = (opened.body.data as EditorDocument).content;
    const broken = content.replace('<response><para>FL 310 OR BELOW</para></response>', '');
    await remote().commit('cx100s', 'main', { [PROC]: broken }, 'A line without its response');
    const runsOnThread = await threadTasksDone('index', 'setRows');
    expect((await reindex()).body.code).toBe(200);
    // Read and checked on the index thread, against the package it read there.
    expect(await threadTasksDone('index', 'setRows')).toBe(runsOnThread + 1);
    const line = content.slice(0, content.indexOf('FL 310 OR BELOW')).split('\n').length;
    expect(await problems()).toEqual([expect.objectContaining({ path: PROC, line, code: 'ata-xsd-invalid' })]);
    // Only new errors refuse a save: the module keeps its error while its title changes.
    const again = await admin.get(api('/ccms/topic-editor/open'), { libraryId, path: PROC });
    const doc = again.body.data as EditorDocument;
    const saved = await admin.put(api('/ccms/topic-editor/save'), {
      libraryId,
      path: PROC,
      content: doc.content.replace('<title>PACK 1 FAULT</title>', '<title>PACK 1 FAULT (ECAM)</title>'),
      baseCommit: doc.baseCommit,
      baseBlob: doc.baseBlob,
    });
    expect(saved.body.code, saved.raw).toBe(200);
  });

  it('refuses a save that the schema does not allow, located, in the caller language; nothing is committed', async () => {
    const opened = await admin.get(api('/ccms/topic-editor/open'), { libraryId, path: NORMAL });
    const doc = opened.body.data as EditorDocument;
    const save = (content: string, lang: string) =>
      admin.request({
        method: 'PUT',
        url: api('/ccms/topic-editor/save'),
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload: { libraryId, path: NORMAL, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
      });
    const before = (await remote().log('cx100s', 'main')).length;
    const checks = await threadTasksDone('content', 'standardCheck');
    // A challenge with no response: well-formed, identity intact, refused by the schema only.
    const bad = doc.content.replace('<response><para>AUTO</para></response>', '');
    const line = doc.content.slice(0, doc.content.indexOf('AUTO')).split('\n').length;
    const en = await save(bad, 'en');
    expect(en.status).toBe(400);
    expect(en.body.data.problems).toEqual([
      expect.objectContaining({
        code: 'ata-xsd-invalid',
        line,
        severity: 'error',
        message: expect.stringMatching(/^Not valid against Procedures\/NormalProcedure\.xsd: /),
      }),
    ]);
    const zh = await save(bad, 'zh');
    expect(zh.body.data.problems[0].message).toMatch(/^不符合模式 Procedures\/NormalProcedure\.xsd：/);
    expect((await remote().log('cx100s', 'main')).length).toBe(before);
    const good = await save(doc.content.replace('<para>AUTO</para>', '<para>AUTO (CHECK)</para>'), 'en');
    expect(good.body.code, good.raw).toBe(200);
    // Checked on a content thread against the package it read there: each refused text and its base, and the good one.
    expect(await threadTasksDone('content', 'standardCheck')).toBe(checks + 5);
  });
});
