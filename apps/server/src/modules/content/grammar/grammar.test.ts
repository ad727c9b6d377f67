import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GrammarPerm } from '@ccms/contracts/content/grammar';
import { parseXml } from '@ccms/dita';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusForTests } from '../../../../../../test-support/corpus';
import { grammarForTests, zipFolder } from '../../../../../../test-support/grammars';
import { useGitServer } from '../../../../test/git-server';
import { ADMIN_PASSWORD, type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { buildApp } from '../../../app';
import { ccmsGrammar } from '../../../db/schema';
import { loadConfig } from '../../../platform/config';
import { allowLoopbackRemotes, libraryBody, multipart, userWith } from '../content-test-kit';
import { writeZip } from '../shared/zip';
import { grammarRegistry } from './grammar-registry';

const dita13 = grammarForTests('dita-1.3');
const corpus = corpusForTests();
const remote = useGitServer();

/** A real DITA 1.3 map of the DITA-OT docs: a <ditavalref> in a topicref, under a generic DOCTYPE ("-//OASIS//DTD DITA Map//EN"). */
const INSTALLING = corpus ? readFileSync(path.join(corpus, 'topics/installing.ditamap'), 'utf8') : '';
const DITAVALREF = /\n\s*<ditavalref[\s\S]*?<\/ditavalref>/;
/** The same map before its <ditavalref> was added: valid DITA 1.2 too. */
const INSTALLING_12 = INSTALLING.replace(DITAVALREF, '');

const install = (c: Caller, file: { filename: string; content: Buffer | string }, fields: Record<string, string> = {}) => {
  const body = multipart(fields, [file]);
  return c.request({ method: 'POST', url: '/prod-api/ccms/grammar', payload: body.payload, headers: body.headers });
};

describe.skipIf(!dita13 || !corpus)('grammar packages', () => {
  let t: TestApp;
  let admin: Caller;
  let libraryId = 0;
  let dita13Zip: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    await allowLoopbackRemotes(t);
    admin = await t.login();
    await remote().createRepo('content', {
      files: { 'maps/installing.ditamap': INSTALLING_12 },
    });
    const res = await admin.post('/prod-api/ccms/library', libraryBody('content', remote().url('content')));
    expect(res.body.code, res.body.msg).toBe(200);
    libraryId = res.body.data.libraryId;
    dita13Zip = await zipFolder(dita13 as string, 'dita-1.3/');
  });
  afterAll(async () => {
    await t?.close();
  });

  const commits = async () => (await remote().log('content', 'main')).length;
  const installed = async () => t.database.db.select().from(ccmsGrammar);
  const stored = async () => {
    const dir = path.join(t.dataDir, 'files', 'grammars');
    return existsSync(dir) ? readdir(dir) : [];
  };
  const unpacked = async (dataDir = t.dataDir) => {
    const dir = path.join(dataDir, 'cache', 'grammars');
    return existsSync(dir) ? readdir(dir) : [];
  };

  async function openMap(p: string) {
    const res = await admin.get('/prod-api/ccms/map-editor/open', { libraryId, path: p });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { baseCommit: string; baseBlob: string; content: string };
  }
  const saveMap = async (p: string, content: string) => {
    const doc = await openMap(p);
    return admin.put('/prod-api/ccms/map-editor/save', { libraryId, path: p, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob });
  };
  const mapType = async (c: Caller = admin) =>
    (await c.get('/prod-api/ccms/doctype/list', { doctypeName: 'map' })).body.rows.find((r: { doctypeName: string }) => r.doctypeName === 'map');

  describe('without a DITA 1.3 package (the machine catalog: DITA 1.2)', () => {
    it('refuses a map edit that adds <ditavalref>, and Doctypes says DITA 1.2 from the machine catalog', async () => {
      const before = await commits();
      const res = await saveMap('maps/installing.ditamap', INSTALLING);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(/ditavalref/);
      expect(res.body.data.problems.filter((p: { severity: string }) => p.severity === 'error').length).toBeGreaterThan(0);
      expect(await commits()).toBe(before);
      expect(await mapType()).toMatchObject({ grammarFound: true, grammarVersion: '1.2', grammarSource: 'machine', grammarPackage: null });
      expect((await admin.get('/prod-api/ccms/grammar/status')).body.data).toEqual({ installed: 0, machineVersion: '1.2' });
    });
  });

  describe('installing', () => {
    it('refuses bad packages with messages naming the field, keeping nothing', async () => {
      const catalog = (entries: string) => `<?xml version="1.0"?>\n<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">\n${entries}\n</catalog>\n`;
      const cases: [string, { filename: string; content: Buffer | string }, string | RegExp, Record<string, string>?][] = [
        [
          'not a zip by name',
          { filename: 'dita.tar.gz', content: 'x' },
          'File: a grammar package must be a zip file (a DTD folder with its OASIS catalog.xml)',
        ],
        [
          'not a zip inside',
          { filename: 'dita.zip', content: 'not a zip at all' },
          'File: a grammar package must be a zip file (a DTD folder with its OASIS catalog.xml)',
        ],
        [
          'no catalog',
          { filename: 'dtds.zip', content: await writeZip([{ path: 'dtd/topic.dtd', content: Buffer.from('<!ELEMENT topic (#PCDATA)>') }]) },
          'File: the zip has no OASIS catalog.xml at its top or one folder down',
        ],
        [
          'several catalogs one folder down',
          {
            filename: 'two.zip',
            content: await writeZip([
              { path: 'a/catalog.xml', content: Buffer.from(catalog('')) },
              { path: 'b/catalog.xml', content: Buffer.from(catalog('')) },
            ]),
          },
          'File: the zip has no catalog.xml at its top but several one folder down (a/catalog.xml, b/catalog.xml); keep one',
        ],
        [
          'an empty catalog',
          { filename: 'empty.zip', content: await writeZip([{ path: 'catalog.xml', content: Buffer.from(catalog('')) }]) },
          'File: catalog.xml is not an OASIS catalog, or has no public or system entry',
        ],
        [
          'no DITA version',
          {
            filename: 'acme.zip',
            content: await writeZip([
              { path: 'catalog.xml', content: Buffer.from(catalog('<public publicId="-//ACME//DTD Thing//EN" uri="thing.dtd"/>')) },
              { path: 'thing.dtd', content: Buffer.from('<!ELEMENT thing (#PCDATA)>') },
            ]),
          },
          'File: the catalog names no DITA public identifier with a version (e.g. -//OASIS//DTD DITA 1.3 Topic//EN)',
        ],
        [
          'a missing DTD',
          {
            filename: 'gone.zip',
            content: await writeZip([
              { path: 'catalog.xml', content: Buffer.from(catalog('<public publicId="-//OASIS//DTD DITA 1.3 Thing//EN" uri="dtd/thing.dtd"/>')) },
            ]),
          },
          'File: the catalog points at dtd/thing.dtd, which is not in the package',
        ],
        [
          'a catalog entry outside the package',
          {
            filename: 'out.zip',
            content: await writeZip([
              { path: 'catalog.xml', content: Buffer.from(catalog('<public publicId="-//OASIS//DTD DITA 1.3 Thing//EN" uri="/etc/hostname"/>')) },
            ]),
          },
          /^File: the catalog points at (\.\.\/)+etc\/hostname, which is not in the package$/,
        ],
        [
          'a DTD that does not parse',
          {
            filename: 'broken.zip',
            content: await writeZip([
              { path: 'broken/catalog.xml', content: Buffer.from(catalog('<public publicId="-//OASIS//DTD DITA 1.3 Thing//EN" uri="thing.dtd"/>')) },
              { path: 'broken/thing.dtd', content: Buffer.from('<!ELEMENT thing (a|>') },
            ]),
          },
          "File: the DTD broken/thing.dtd does not parse: ContentDecl : Name or '(' expected",
        ],
        ['a bad name', { filename: 'ok.zip', content: dita13Zip }, 'Name is not in a valid format', { name: '../x' }],
      ];
      for (const [what, file, message, fields] of cases) {
        const res = await install(admin, file, fields);
        expect(res.body.code, what).toBe(400);
        if (typeof message === 'string') expect(res.body.msg, what).toContain(message);
        else expect(res.body.msg, what).toMatch(message);
      }
      const zh = await install(callerFor(t.app, admin.token, 'zh'), {
        filename: 'dtds.zip',
        content: await writeZip([{ path: 'x.dtd', content: Buffer.from('') }]),
      });
      expect(zh.body.msg).toBe('文件：压缩包的顶层和下一层文件夹中都没有 OASIS 目录 catalog.xml');
      expect(await installed()).toEqual([]);
      expect(await stored()).toEqual([]);
      expect(await unpacked()).toEqual([]);
      expect((await admin.get('/prod-api/ccms/grammar/list')).body.total).toBe(0);
    });

    it('lets only holders of the permission install, list and delete', async () => {
      const reader = await userWith(t, 'gramread', [GrammarPerm.list]);
      const nobody = await userWith(t, 'gramnone', ['ccms:doctype:list']);
      expect((await install(reader.caller, { filename: 'dita-1.3.zip', content: dita13Zip })).body.code).toBe(403);
      expect((await install(nobody.caller, { filename: 'dita-1.3.zip', content: dita13Zip })).body.code).toBe(403);
      expect((await nobody.caller.get('/prod-api/ccms/grammar/list')).body.code).toBe(403);
      expect((await reader.caller.get('/prod-api/ccms/grammar/list')).body.code).toBe(200);
      expect((await reader.caller.delete('/prod-api/ccms/grammar/1')).body.code).toBe(403);
      // Doctypes' hint reads the status with the doctype permission alone.
      expect((await nobody.caller.get('/prod-api/ccms/grammar/status')).body.code).toBe(200);
      expect(await installed()).toEqual([]);
    });

    it('installs DITA 1.3: listed with its version, Doctypes show it, and the map with <ditavalref> saves', async () => {
      const res = await install(admin, { filename: 'dita-1.3.zip', content: dita13Zip });
      expect(res.body.code, res.body.msg).toBe(200);
      expect(res.body.data.version).toBe('1.3');
      const list = await admin.get('/prod-api/ccms/grammar/list');
      expect(list.body.rows).toEqual([
        expect.objectContaining({
          name: 'dita-1.3',
          standard: 'DITA',
          version: '1.3',
          catalogPath: 'dita-1.3/catalog.xml',
          fileName: 'dita-1.3.zip',
          createBy: 'admin',
        }),
      ]);
      expect(list.body.rows[0].fileCount).toBeGreaterThan(100);
      expect(list.body.rows[0]).not.toHaveProperty('storageKey');
      expect(await stored()).toHaveLength(1);
      expect(await mapType()).toMatchObject({ grammarFound: true, grammarVersion: '1.3', grammarSource: 'package', grammarPackage: 'dita-1.3' });
      expect((await admin.get('/prod-api/ccms/grammar/status')).body.data.installed).toBe(1);

      const again = await install(admin, { filename: 'dita-1.3.zip', content: dita13Zip });
      expect(again.body.msg).toBe('Name: a grammar package "dita-1.3" is already installed');

      const saved = await saveMap('maps/installing.ditamap', INSTALLING);
      expect(saved.body.code, saved.body.msg).toBe(200);
      expect(saved.body.data.warnings).toEqual([]);
      expect(await remote().show('content', 'main', 'maps/installing.ditamap')).toBe(INSTALLING);
    });

    it('resolves an explicit version only in a package of that version, a generic one in the newest', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-grammars-'));
      try {
        const registry = grammarRegistry({ db: t.database.db, storage: t.app.storage, dataDir, log: t.app.log });
        const doctype = (publicId: string) => parseXml(`<!DOCTYPE map PUBLIC "${publicId}" "map.dtd">\n<map/>`, 'm.ditamap').doctype;
        expect(await registry.resolve(doctype('-//OASIS//DTD DITA 1.3 Map//EN'))).toMatchObject({ version: '1.3', source: 'package', packageName: 'dita-1.3' });
        expect(await registry.resolve(doctype('-//OASIS//DTD DITA 1.2 Map//EN'))).toMatchObject({ version: '1.2', source: 'machine', packageName: null });
        expect(await registry.resolve(doctype('-//OASIS//DTD DITA Map//EN'))).toMatchObject({ version: '1.3', packageName: 'dita-1.3' });
        expect(await registry.resolve(doctype('-//OASIS//DTD DITA 1.x Map//EN'))).toMatchObject({ version: '1.3', packageName: 'dita-1.3' });
        expect(await registry.resolve(doctype('-//ACME//DTD Other//EN'))).toBeUndefined();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('is seen by another node on the same database and file storage, and a delete drops it everywhere', async () => {
      // A second node: its own data directory (clones, unpacked packages), the first node's file storage (as a shared object store).
      const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-node2-'));
      await symlink(path.join(t.dataDir, 'files'), path.join(dataDir, 'files'));
      let other: FastifyInstance | undefined;
      try {
        other = await buildApp({
          config: { ...loadConfig({ CCMS_DATA_DIR: dataDir }), webDir: undefined },
          database: t.database,
          secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
          logger: false,
        });
        await other.ready();
        const signedIn = await callerFor(other, null).post('/prod-api/login', { username: 'admin', password: ADMIN_PASSWORD });
        const there = callerFor(other, signedIn.body.token);
        const check = async () => {
          const res = await there.post('/prod-api/ccms/topic-editor/validate', { libraryId, path: 'maps/installing.ditamap', content: INSTALLING });
          expect(res.body.code, res.body.msg).toBe(200);
          return (res.body.data.problems as { severity: string; message: string }[]).filter((p) => p.severity === 'error');
        };
        expect(await check()).toEqual([]);
        expect(await mapType(there)).toMatchObject({ grammarVersion: '1.3', grammarSource: 'package', grammarPackage: 'dita-1.3' });
        expect(await unpacked(dataDir)).toHaveLength(1);

        const [row] = await installed();
        expect((await admin.delete(`/prod-api/ccms/grammar/${row?.grammarId}`)).body.code).toBe(200);
        expect(await installed()).toEqual([]);
        expect(await stored()).toEqual([]);
        expect(await unpacked()).toEqual([]);
        // The other node: back to the machine catalog at its next check, its copy gone.
        expect((await check()).map((p) => p.message)).toContainEqual(expect.stringMatching(/ditavalref/));
        expect(await unpacked(dataDir)).toEqual([]);
        expect(await mapType(there)).toMatchObject({ grammarVersion: '1.2', grammarSource: 'machine', grammarPackage: null });
      } finally {
        await other?.close();
        await rm(dataDir, { recursive: true, force: true });
      }
      expect((await admin.delete('/prod-api/ccms/grammar/99999')).body.msg).toBe('Grammar package 99999 does not exist');
    });
  });
});
