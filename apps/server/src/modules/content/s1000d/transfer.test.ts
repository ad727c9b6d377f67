import { readFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, multipart, type TestUser, userWith } from '../content-test-kit';
import { addS1000dLibrary, bikeMissing, S1000D_CORPORA } from './s1000d-test-kit';

/**
 * Transfer packages between two S1000D libraries on real git remotes: the Bike set sends PM EPWG1
 * (a DDN and the files it lists) and a receiving CSDB that holds one of its modules takes it in as
 * one commit, saying by code and issue what was added and what it already had; a later issue then
 * replaces the earlier file; a bad package changes nothing.
 */
const BIKE = S1000D_CORPORA.bike ?? '';
const suite = describe.skipIf(bikeMissing(false));
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const F121 = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML';
const EPWG1 = 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
let t: TestApp;
let owner: TestUser;
let sender = 0;
let receiver = 0;

const party = (enterpriseName: string) => ({ enterpriseName, city: 'London', country: 'UK' });
const exportBody = (more: Record<string, unknown>) => ({
  libraryId: sender,
  senderIdent: 'C3002',
  receiverIdent: 'u8025',
  from: party('ESG'),
  to: party('UK MoD'),
  authorization: 'TPSMG',
  ...more,
});

const addLibrary = (name: string) => addS1000dLibrary(owner.caller, remote(), name);

beforeAll(async () => {
  if (bikeMissing(false)) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('bike', { folder: BIKE });
  const csdb = path.join(BIKE, 'csdb');
  await remote().createRepo('receiver', { files: { [`data/${F121}`]: readFileSync(path.join(csdb, F121)), 'README.md': 'A receiving CSDB' } });
  owner = await userWith(t, 'xfer', CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', 'ccms:document:export', 'ccms:topic:query']));
  sender = await addLibrary('bike');
  receiver = await addLibrary('receiver');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function pmId(libraryId: number, file: string): Promise<number> {
  const list = await owner.caller.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
  const row = list.body.rows.find((r: { path: string }) => r.path.endsWith(file));
  if (!row) throw new Error(`no document ${file}`);
  return row.documentId;
}

suite('an S1000D transfer package', () => {
  let zip: Buffer;

  it('sends a publication module: a DDN first, then the PM, its 72 data modules, their ICNs, tables and BREX, each listed by the DDN', async () => {
    const res = await owner.caller.post(api('/ccms/s1000d/transfer/export'), exportBody({ documentId: await pmId(sender, EPWG1) }));
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const year = new Date().getUTCFullYear();
    expect(decodeURIComponent(String(res.headers['download-filename']))).toBe(`DDN-S1000DBIKE-C3002-U8025-${year}-00001.zip`);
    zip = res.bytes;
    const files = await JSZip.loadAsync(zip);
    const names = Object.keys(files.files);
    // The Bike set keeps DDN ...-2012-00001 only: this year's first is 00001.
    const ddnName = names[0] ?? '';
    expect(ddnName).toBe(`DDN-S1000DBIKE-C3002-U8025-${year}-00001.XML`);
    expect(names[1]).toBe(EPWG1);
    const ddn = (await files.file(ddnName)?.async('string')) ?? '';
    const listed = [...ddn.matchAll(/<dispatchFileName>([^<]+)<\/dispatchFileName>/g)].map((m) => m[1]);
    expect(listed).toEqual(names.slice(1));
    expect(names.filter((n) => n.startsWith('DMC-')).length).toBeGreaterThanOrEqual(72);
    expect(names.some((n) => n.startsWith('ICN-'))).toBe(true);
    expect(names).toContain('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML');
    expect(ddn).toContain('<brexDmRef>');
  });

  it('refuses a day after which nothing changed, and both a PM and a day, naming the field', async () => {
    const late = await owner.caller.post(api('/ccms/s1000d/transfer/export'), exportBody({ since: '2999-01-01' }));
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('Changed since: no S1000D file of the branch changed since 2999-01-01');
    const both = await owner.caller.post(api('/ccms/s1000d/transfer/export'), exportBody({ since: '2000-01-01', documentId: 1 }));
    expect(both.status).toBe(400);
    expect(both.body.msg).toContain('Document');
    const since = await owner.caller.post(api('/ccms/s1000d/transfer/export'), exportBody({ since: '2000-01-01' }));
    expect(since.status, since.raw).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(since.bytes)).files).length).toBeGreaterThan(100);
  });

  it('sends nothing to a caller without the export permission, or with it but no grant on the library', async () => {
    const body = exportBody({ documentId: await pmId(sender, EPWG1) });
    const reader = await userWith(t, 'xnoexp', ['ccms:document:list', 'ccms:document:query']);
    expect((await reader.caller.post(api('/ccms/s1000d/transfer/export'), body)).status).toBe(403);
    const stranger = await userWith(t, 'xstrang', ['ccms:document:export']);
    const denied = await stranger.caller.post(api('/ccms/s1000d/transfer/export'), body);
    expect(denied.status, denied.raw).toBe(403);
    expect(denied.headers['content-type']).not.toBe('application/zip');
  });

  it('takes the package in as one commit into the folder the receiver keeps its objects in: added by code and issue, the module it had unchanged', async () => {
    const form = multipart({ libraryId: receiver }, [{ filename: 'epwg1.zip', content: zip }]);
    const res = await owner.caller.request({ method: 'POST', url: api('/ccms/s1000d/transfer/import'), payload: form.payload, headers: form.headers });
    expect(res.status, res.raw).toBe(200);
    const data = res.body.data;
    expect(data.commit).toMatch(/^[0-9a-f]{40}$/);
    const byAction = (a: string) => data.changes.filter((c: { action: string }) => c.action === a);
    expect(byAction('unchanged').map((c: { path: string }) => c.path)).toEqual([`data/${F121}`]);
    expect(byAction('added').length).toBe(data.changes.length - 1);
    expect(data.changes.find((c: { code: string }) => c.code === 'PMC-S1000DBIKE-C3002-00001-01')).toMatchObject({
      path: `data/${EPWG1}`,
      kind: 'pm',
      from: null,
      to: '000-01',
      action: 'added',
    });
    expect(data.ddn).toMatchObject({ listedNotSent: [], sentNotListed: [] });
    expect(await remote().show('receiver', 'main', `data/${EPWG1}`)).toContain('<pm');
    const log = await remote().log('receiver', 'main');
    expect(log[0]?.subject).toBe('Take in transfer package epwg1.zip');
    // The receiver's catalogue has the PM with its 72 modules resolved.
    const list = await owner.caller.get(api('/ccms/document/list'), { libraryId: receiver, pageSize: 50 });
    expect(list.body.rows.map((r: { path: string }) => r.path)).toContain(`data/${EPWG1}`);
  });

  it('a later issue replaces the earlier file in the same commit (git keeps the earlier one in history)', async () => {
    const text = readFileSync(path.join(BIKE ?? '', 'csdb', F121), 'utf8');
    const next = text.replace(/(<issueInfo\s+issueNumber=")008(")/, '$1009$2');
    const pack = new JSZip();
    pack.file(F121.replace('_008-00_', '_009-00_'), next);
    const form = multipart({ libraryId: receiver, message: 'Issue 009 of 121A from the prime' }, [
      { filename: 'issue9.zip', content: await pack.generateAsync({ type: 'nodebuffer' }) },
    ]);
    const res = await owner.caller.request({ method: 'POST', url: api('/ccms/s1000d/transfer/import'), payload: form.payload, headers: form.headers });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.changes).toEqual([
      {
        path: `data/${F121.replace('_008-00_', '_009-00_')}`,
        kind: 'dm',
        code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A',
        from: '008-00',
        to: '009-00',
        action: 'newIssue',
        replaces: `data/${F121}`,
      },
    ]);
    expect(res.body.data.ddn).toBeNull();
    expect(await remote().show('receiver', 'main', `data/${F121}`)).toBeNull();
    expect(await remote().show('receiver', 'main', `data/${F121.replace('_008-00_', '_009-00_')}`)).toContain('issueNumber="009"');
  });

  it('refuses a package with a file that is not S1000D, naming it, and commits nothing; a reader may not take one in', async () => {
    const before = (await remote().log('receiver', 'main')).length;
    const pack = new JSZip();
    pack.file('notes.txt', 'hello');
    const form = multipart({ libraryId: receiver }, [{ filename: 'bad.zip', content: await pack.generateAsync({ type: 'nodebuffer' }) }]);
    const res = await owner.caller.request({ method: 'POST', url: api('/ccms/s1000d/transfer/import'), payload: form.payload, headers: form.headers });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('File "notes.txt" is not an S1000D object or an ICN');
    expect((await remote().log('receiver', 'main')).length).toBe(before);
    const reader = await userWith(t, 'xread', ['ccms:document:list', 'ccms:document:query']);
    const denied = await reader.caller.request({ method: 'POST', url: api('/ccms/s1000d/transfer/import'), payload: form.payload, headers: form.headers });
    expect(denied.status).toBe(403);
  });
});
