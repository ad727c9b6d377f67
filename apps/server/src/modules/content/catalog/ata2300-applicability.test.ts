import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, libraryBody, libraryPrepared } from '../content-test-kit';

/**
 * Filtering an ATA Spec 2300 library per aircraft through the routes the catalogue and document
 * screens use (S1000D's applicability and product filter): the CX100 set's ACT attributes and PCT
 * aircraft, and which of the PM's nine modules apply to MSN 0101 and to a CX100-200.
 */
const SET = path.resolve(import.meta.dirname, '../../../../../../packages/ata2300/test/fcom-set');
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const PM = 'fcom-set/PMC-CX100-CCMS1-00021-01_EN-US.XML';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let libraryId = 0;
let documentId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('cx100a', { folder: path.dirname(SET) });
  admin = await t.login();
  const res = await admin.post(api('/ccms/library'), { ...libraryBody('cx100a', remote().url('cx100a')), libraryType: 'ATA2300' });
  expect(res.status, res.raw).toBe(200);
  libraryId = res.body.data.libraryId;
  await libraryPrepared(admin, libraryId);
  const docs = await admin.get(api('/ccms/document/list'), { libraryId });
  documentId = docs.body.rows[0].documentId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an ATA Spec 2300 library filtered per aircraft', () => {
  it('lists the ACT attributes and the PCT aircraft', async () => {
    const res = await admin.get(api('/ccms/s1000d/applicability'), { libraryId });
    expect(res.body.code, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      act: { path: 'fcom-set/DMC-CX100-A-00-00-00-00A-00WA-D_EN-US.XML', code: 'DMC-CX100-A-00-00-00-00A-00WA-D', issue: '2026-09-15' },
      pct: { path: 'fcom-set/DMC-CX100-A-00-00-00-00A-00PA-D_EN-US.XML' },
      cct: null,
      attributes: [expect.objectContaining({ id: 'model', name: 'Model', values: ['CX100-100|CX100-200'] }), expect.objectContaining({ id: 'msn' })],
      products: [
        { key: 'msn0101', assignment: { model: 'CX100-100', msn: '0101' } },
        { key: 'msn0205', assignment: { model: 'CX100-200', msn: '0205' } },
      ],
    });
    expect(res.body.data.act.topicId).toEqual(expect.any(Number));
  });

  it("filters the PM's modules for an aircraft by its PCT key or MSN, or for a model", async () => {
    const forProduct = await admin.get(api('/ccms/s1000d/filter'), { documentId, product: 'msn0101' });
    expect(forProduct.body.code, forProduct.raw).toBe(200);
    const data = forProduct.body.data;
    expect(data).toMatchObject({ assignment: { model: 'CX100-100', msn: '0101' }, applicable: 8, notApplicable: 1 });
    expect(data.modules).toHaveLength(9);
    expect(data.modules.filter((m: { applies: boolean }) => !m.applies)).toEqual([
      expect.objectContaining({
        code: 'DMC-CX100-A-21-00-00-00A-051A-A',
        title: 'Fuel penalty with one pack',
        applic: 'CX100-200',
        topicId: expect.any(Number),
      }),
    ]);
    const byMsn = await admin.get(api('/ccms/s1000d/filter'), { documentId, product: '0205' });
    expect(byMsn.body.data.modules.filter((m: { applies: boolean }) => !m.applies).map((m: { code: string }) => m.code)).toEqual([
      'DMC-CX100-A-21-00-02-00A-081A-A',
    ]);
    const byModel = await admin.get(api('/ccms/s1000d/filter'), { documentId, assign: 'model=CX100-200' });
    expect(byModel.body.data).toMatchObject({ applicable: 8, notApplicable: 1 });
  });

  it('refuses an aircraft or property the set does not have, naming the field in zh and en', async () => {
    const en = await admin.get(api('/ccms/s1000d/filter'), { documentId, product: '9999' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('product: product "9999" is not in the products cross-reference table (PCT)');
    const zh = await callerFor(t.app, admin.token, 'zh').get(api('/ccms/s1000d/filter'), { documentId, assign: 'engine=X' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('assign：“engine”不是适用性交叉引用表（ACT）的产品属性，也不是条件交叉引用表（CCT）的条件');
  });
});
