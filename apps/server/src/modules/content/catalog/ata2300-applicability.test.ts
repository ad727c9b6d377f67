import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { outputFinished } from '../../../../test/outputs';
import { ccmsPublishConfig } from '../../../db/schema';
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
    expect(en.body.msg).toBe('Product: product "9999" is not in the products cross-reference table (PCT)');
    const zh = await callerFor(t.app, admin.token, 'zh').get(api('/ccms/s1000d/filter'), { documentId, assign: 'engine=X' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('适用性赋值：“engine”不是适用性交叉引用表（ACT）的产品属性，也不是条件交叉引用表（CCT）的条件');
  });
});

describe("an ATA Spec 2300 publish's failures and warnings", () => {
  /** Publishes the PM for `ditaVal` to HTML5 and waits for the output. */
  async function publishFor(name: string, ditaVal: string) {
    const created = await admin.post(api('/ccms/publication'), { libraryId, name, branch: 'main', ditaMap: PM, ditaVal });
    expect(created.body.code, created.raw).toBe(200);
    const [config] = await t.database.db
      .insert(ccmsPublishConfig)
      .values({ libraryId, configName: name, format: 'html5', lang: 'en', publishPath: name })
      .returning();
    const published = await admin.post(api('/ccms/output/publish'), { publicationId: created.body.data.publicationId, configIds: [config?.configId] });
    expect(published.body.code, published.raw).toBe(200);
    return outputFinished(admin, published.body.data[0].outputId);
  }
  const detail = async (outputId: number, lang: 'zh' | 'en') => (await callerFor(t.app, admin.token, lang).get(api(`/ccms/output/${outputId}`))).body.data;

  it('fails for an aircraft the PCT does not list, saying so in the reader language', async () => {
    const out = await publishFor('no such aircraft', '7777');
    expect(out.status).toBe('fail');
    expect((await detail(out.outputId, 'en')).message).toBe('The PCT lists no product "7777" (an id or an MSN)');
    expect((await detail(out.outputId, 'zh')).message).toBe('产品交叉引用表（PCT）中没有产品“7777”（按 id 或 MSN）');
  });

  it('warns of a module the PM names that the set lacks, in the reader language', async () => {
    const pm = (await remote().show('cx100a', 'main', PM)) as string;
    const ghost = pm.replace(
      '</dmRefGroup>',
      `<dmRef><dmRefIdent><dmCode modelIdentCode="CX100" systemDiffCode="A" systemCode="21" subSystemCode="0" subSubSystemCode="0" assyCode="09" disassyCode="00" disassyCodeVariant="A" infoCode="081" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent></dmRef></dmRefGroup>`,
    );
    expect(ghost).not.toBe(pm);
    await remote().commit('cx100a', 'main', { [PM]: ghost }, 'A reference to a module not written yet');
    const out = await publishFor('with a ghost', '0101');
    expect(out.status).toBe('success');
    const code = 'DMC-CX100-A-21-00-09-00A-081A-A';
    expect((await detail(out.outputId, 'en')).problems).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'ata-ref-missing', message: `The publication module names ${code}, which the set does not hold` }),
    ]);
    expect((await detail(out.outputId, 'zh')).problems[0].message).toBe(`出版物模块引用了 ${code}，数据集中没有该数据模块`);
  });
});
