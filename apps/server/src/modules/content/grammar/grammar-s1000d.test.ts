import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadBrex, validateObject } from '@ccms/s1000d';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipFolder } from '../../../../../../test-support/grammars';
import { s1000dCorpus } from '../../../../../../test-support/s1000d-corpora';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsGrammar } from '../../../db/schema';
import { multipart } from '../content-test-kit';
import { writeZip } from '../shared/zip';
import { grammarRegistry } from './grammar-registry';

const schemas50 = s1000dCorpus('s1000d-schemas-5.0');
const defaultBrex = s1000dCorpus('s1000d-default-brex');
const bike = s1000dCorpus('s1000d-bike-4.1');

const E_41 = 'DMC-S1000D-E-04-10-0301-00A-022A-D';
const G_50 = 'DMC-S1000D-G-04-10-0301-00A-022A-D';
/** A Bike descriptive data module (Issue 4.1), and the Bike BREX it names (which names E in turn). */
const BIKE_DM = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-041A-A_009-00_EN-US.XML';
const BIKE_BREX = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML';
const bikeFile = (name: string) => readFileSync(path.join(bike ?? '', 'csdb', name), 'utf8');

const install = (c: Caller, file: { filename: string; content: Buffer | string }) => {
  const body = multipart({}, [file]);
  return c.request({ method: 'POST', url: '/prod-api/ccms/grammar', payload: body.payload, headers: body.headers });
};

/** An XSD whose annotation names its issue as the S1000D schemas do. */
const xsd = (issueUrl: string, body = '<xs:element name="dmodule" type="xs:string"/>') =>
  Buffer.from(
    `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n` +
      `<xs:annotation><xs:documentation>URL: ${issueUrl}</xs:documentation></xs:annotation>\n${body}\n</xs:schema>\n`,
  );

describe.skipIf(!schemas50 || !defaultBrex || !bike)('S1000D grammar packages: schemas and default BREX', () => {
  let t: TestApp;
  let admin: Caller;
  let schemasZip: Buffer;
  let brexZip: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    schemasZip = await zipFolder(schemas50 as string, 's1000d-schemas-5.0/');
    brexZip = await zipFolder(defaultBrex as string, 's1000d-default-brex/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const installed = async () => t.database.db.select().from(ccmsGrammar);
  const stored = async () => {
    const dir = path.join(t.dataDir, 'files', 'grammars');
    return existsSync(dir) ? readdir(dir) : [];
  };
  const unpacked = async (dataDir = t.dataDir) => {
    const dir = path.join(dataDir, 'cache', 'grammars');
    return existsSync(dir) ? readdir(dir) : [];
  };

  it('refuses a zip that is no package, and schemas or BREX that do not check, naming the field in zh and en and keeping nothing', async () => {
    const zh = callerFor(t.app, admin.token, 'zh');
    const notBrex = bikeFile(BIKE_DM);
    const cases: [string, { filename: string; content: Buffer }, string | RegExp, string | RegExp][] = [
      [
        'neither DITA nor S1000D',
        { filename: 'notes.zip', content: await writeZip([{ path: 'notes/readme.txt', content: Buffer.from('hello') }]) },
        'File: the zip is no grammar package: it holds no DTD folder with an OASIS catalog.xml (DITA), no S1000D or ATA Spec 2300 schemas (XSDs) and no S1000D default BREX data module (DMC-S1000D-?-04-10-0301-00A-022A-D…)',
        '文件：压缩包不是语法包：既没有带 OASIS 目录 catalog.xml 的 DTD 文件夹（DITA），也没有 S1000D 或 ATA Spec 2300 模式（XSD），也没有 S1000D 默认 BREX 数据模块（DMC-S1000D-?-04-10-0301-00A-022A-D…）',
      ],
      [
        'XSDs that name no issue',
        { filename: 'plain.zip', content: await writeZip([{ path: 'x.xsd', content: xsd('http://example.com/x.xsd') }]) },
        'File: plain.zip is no S1000D schema package: no schema names its issue (http://www.s1000d.org/S1000D_x-y/xml_schema_flat/...)',
        '文件：plain.zip 不是 S1000D 模式包：没有模式注明其 Issue（http://www.s1000d.org/S1000D_x-y/xml_schema_flat/...）',
      ],
      [
        'Issue 3.0 schemas',
        {
          filename: 'old.zip',
          content: await writeZip([{ path: 'xml_schema_flat/descript.xsd', content: xsd('http://www.s1000d.org/S1000D_3-0/xml_schema_flat/descript.xsd') }]),
        },
        'File: Schemas of S1000D Issue 3.0 and older are not supported',
        '文件：不支持 S1000D Issue 3.0 及更早的模式',
      ],
      [
        'a schema that does not compile',
        {
          filename: 'broken.zip',
          content: await writeZip([
            {
              path: 'xml_schema_flat/descript.xsd',
              content: xsd('http://www.s1000d.org/S1000D_5-0/xml_schema_flat/descript.xsd', '<xs:element name="dmodule" type="noSuchType"/>'),
            },
          ]),
        },
        /^File: the schema xml_schema_flat\/descript\.xsd does not compile: .*noSuchType/,
        /^文件：模式 xml_schema_flat\/descript\.xsd 无法编译：.*noSuchType/,
      ],
      [
        'XSDs in two folders',
        {
          filename: 'two.zip',
          content: await writeZip([
            { path: 'a/descript.xsd', content: xsd('http://www.s1000d.org/S1000D_5-0/xml_schema_flat/descript.xsd') },
            { path: 'b/descript.xsd', content: xsd('http://www.s1000d.org/S1000D_4-2/xml_schema_flat/descript.xsd') },
          ]),
        },
        'File: the zip holds XSDs in several folders (a, b); keep one (e.g. xml_schema_flat)',
        '文件：压缩包中有多个文件夹含 XSD（a, b），请只保留一个（例如 xml_schema_flat）',
      ],
      [
        'a default BREX name on a module that is no BREX',
        { filename: 'fake-brex.zip', content: await writeZip([{ path: `${G_50}_001-00_EN-US.XML`, content: Buffer.from(notBrex) }]) },
        `File: the default BREX ${G_50}_001-00_EN-US.XML cannot be read: ${G_50}_001-00_EN-US.XML is not a BREX data module (no content/brex)`,
        `文件：无法读取默认 BREX ${G_50}_001-00_EN-US.XML：${G_50}_001-00_EN-US.XML 不是 BREX 数据模块（没有 content/brex）`,
      ],
      [
        "a project BREX under a default BREX's name",
        { filename: 'bike-brex.zip', content: await writeZip([{ path: `${E_41}_099-00_EN-US.XML`, content: Buffer.from(bikeFile(BIKE_BREX)) }]) },
        `File: ${E_41}_099-00_EN-US.XML is the data module DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D, which is no S1000D default BREX`,
        `文件：${E_41}_099-00_EN-US.XML 的数据模块代码 DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D 不是 S1000D 默认 BREX 的代码`,
      ],
    ];
    for (const [what, file, en, zhMessage] of cases) {
      const res = await install(admin, file);
      expect(res.body.code, what).toBe(400);
      if (typeof en === 'string') expect(res.body.msg, what).toBe(en);
      else expect(res.body.msg, what).toMatch(en);
      const inZh = await install(zh, file);
      if (typeof zhMessage === 'string') expect(inZh.body.msg, what).toBe(zhMessage);
      else expect(inZh.body.msg, what).toMatch(zhMessage);
    }
    expect(await installed()).toEqual([]);
    expect(await stored()).toEqual([]);
    expect(await unpacked()).toEqual([]);
    expect((await admin.get('/prod-api/ccms/grammar/list')).body.total).toBe(0);
  });

  it('installs the Issue 5.0 schemas (the corpus folder zipped): listed as S1000D schemas 5.0, not counted as a DITA package', async () => {
    const res = await install(admin, { filename: 's1000d-5.0.zip', content: schemasZip });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ standard: 'S1000D', kind: 'schema', version: '5.0' });
    const list = await admin.get('/prod-api/ccms/grammar/list');
    expect(list.body.rows).toEqual([
      expect.objectContaining({
        name: 's1000d-5.0',
        standard: 'S1000D',
        kind: 'schema',
        version: '5.0',
        catalogPath: 's1000d-schemas-5.0/xml_schema_flat',
        // The 32 XSDs and the corpus README.
        fileCount: 33,
        fileName: 's1000d-5.0.zip',
      }),
    ]);
    // The first-start hint is about DITA: an S1000D package does not silence it.
    expect((await admin.get('/prod-api/ccms/grammar/status')).body.data.installed).toBe(0);
  });

  it('installs the default BREX of every issue as one package, its version the issues it covers', async () => {
    const res = await install(admin, { filename: 's1000d-default-brex.zip', content: brexZip });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ standard: 'S1000D', kind: 'brex', version: '3.0, 4.0.1, 4.0.2, 4.1, 4.2, 5.0, 6' });
    const list = await admin.get('/prod-api/ccms/grammar/list', { name: 'brex' });
    expect(list.body.rows).toEqual([
      expect.objectContaining({ name: 's1000d-default-brex', standard: 'S1000D', kind: 'brex', catalogPath: 's1000d-default-brex', fileCount: 8 }),
    ]);
    expect(await stored()).toHaveLength(2);
  });

  it('s1000d(): validates against the installed XSDs of the object’s issue, says when none is installed, and closes the BREX chain with the default BREX', async () => {
    // A registry on this node's data directory (the copies the installs unpacked) and one on a second node's (unpacked from file storage).
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-s1000d-node2-'));
    try {
      const here = grammarRegistry({ db: t.database.db, storage: t.app.storage, dataDir: t.dataDir, log: t.app.log });
      const other = grammarRegistry({ db: t.database.db, storage: t.app.storage, dataDir, log: t.app.log });
      for (const g of [await here.s1000d(), await other.s1000d()]) {
        expect(g.issues).toEqual(['5.0']);
        expect(g.packages.map((p) => p.issue)).toEqual(['5.0']);
        const e = g.defaultBrex('4.1', E_41);
        expect(e).toMatchObject({ dmc: E_41, issue: '4.1' });
        expect(e?.rules).toHaveLength(244);
        expect(g.defaultBrex('5.0', G_50)?.issue).toBe('5.0');
        expect(g.defaultBrex('4.1', 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D')).toBeUndefined();

        // The Bike module as it is (Issue 4.1): no 4.1 schemas installed, said; its BREX chain (Bike BREX → E) checks clean.
        const { brex: bikeBrex } = loadBrex(bikeFile(BIKE_BREX), BIKE_BREX);
        const lookup = (dmc: string) => (dmc === bikeBrex?.dmc ? bikeBrex : undefined);
        const as41 = validateObject(bikeFile(BIKE_DM), BIKE_DM, { packages: g.packages, brex: lookup, layers: { defaultBrex: g.defaultBrex } });
        expect(as41.map((p) => p.code)).toContain('xsd-no-package');
        expect(as41.find((p) => p.code === 'xsd-no-package')?.message).toBe(
          'No schema package installed for S1000D Issue 4.1: checked for well-formedness, BREX and structure only',
        );
        expect(as41.filter((p) => p.severity === 'error')).toEqual([]);
        expect(as41.map((p) => p.code)).not.toContain('brex-no-default');

        // The same module written for Issue 5.0: valid against the installed 5.0 descript.xsd; an element it does not allow is reported.
        const as50 = bikeFile(BIKE_DM).replace(/S1000D_4-1\/xml_schema_flat/g, 'S1000D_5-0/xml_schema_flat');
        expect(validateObject(as50, BIKE_DM, { packages: g.packages })).toEqual([]);
        const invalid = validateObject(as50.replace('<description>', '<description><noSuchElement/>'), BIKE_DM, { packages: g.packages });
        expect(invalid).toContainEqual(expect.objectContaining({ severity: 'error', code: 'xsd-invalid', message: expect.stringMatching(/noSuchElement/) }));
      }
      expect(await unpacked(dataDir)).toHaveLength(2);

      // Uninstalled: neither node has them any more, their copies gone.
      const ids = (await installed()).map((r) => r.grammarId).join(',');
      expect((await admin.delete(`/prod-api/ccms/grammar/${ids}`)).body.code).toBe(200);
      for (const g of [await here.s1000d(), await other.s1000d()]) {
        expect(g).toMatchObject({ packages: [], issues: [] });
        expect(g.defaultBrex('4.1', E_41)).toBeUndefined();
      }
      expect(await installed()).toEqual([]);
      expect(await stored()).toEqual([]);
      expect(await unpacked()).toEqual([]);
      expect(await unpacked(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
