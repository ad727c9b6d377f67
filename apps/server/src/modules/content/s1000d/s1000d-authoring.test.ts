import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, type TestUser, userWith } from '../content-test-kit';
import { bikeLibrary, bikeMissing, installS1000dGrammars } from './s1000d-test-kit';

/**
 * S1000D authoring over the Bike sample with the 5.0 schemas and the default BREX installed: a new
 * proced data module from the DMC builder and its template validates with no problem; issuing it
 * renames the file in one commit, tags the commit on the remote and keeps the PM's dmRef resolving;
 * the next in-work renames it again and makes it draft; bad codes and callers are refused.
 */
const suite = describe.skipIf(bikeMissing());
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let libraryId = 0;

const BRAKE_PM = 'PMC-BRAKE-C3002-EPWG1-00';
const DMC = {
  modelIdentCode: 'BRAKE',
  systemDiffCode: 'AAA',
  systemCode: 'DA1',
  subSystemCode: '2',
  subSubSystemCode: '0',
  assyCode: '00',
  disassyCode: '00',
  disassyCodeVariant: 'AA',
  infoCode: '720',
  infoCodeVariant: 'A',
  itemLocationCode: 'A',
};
const CODE = 'DMC-BRAKE-AAA-DA1-20-00-00AA-720A-A';

beforeAll(async () => {
  if (bikeMissing()) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await installS1000dGrammars(await t.login());
  const perms = CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', 'ccms:library:edit', 'ccms:topic:query', 'ccms:topic:add', 'ccms:topic:edit']);
  owner = await userWith(t, 'dmowner', perms);
  reader = await userWith(t, 'dmreader', perms);
  libraryId = await bikeLibrary(owner.caller, remote(), 'bike');
  await grant(t, libraryId, 'user', reader.userId, 'read');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function pmDocument(code: string) {
  const list = await owner.caller.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
  const row = list.body.rows.find((r: { path: string }) => path.basename(r.path).startsWith(`${code}_`));
  if (!row) throw new Error(`no document ${code}`);
  return row as { documentId: number; path: string; topicCount: number; brokenCount: number };
}

interface TocNode {
  element: string;
  href: string | null;
  path: string | null;
  broken: boolean;
  topicId: number | null;
  children: TocNode[];
}
const flat = (nodes: TocNode[]): TocNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
async function refTo(documentId: number, code: string) {
  const toc = await owner.caller.get(api(`/ccms/document/${documentId}/toc`));
  expect(toc.status).toBe(200);
  return flat(toc.body.data.nodes).find((n) => n.element === 'dmRef' && (n.href ?? '').startsWith(code));
}

let modulePath = '';
let topicId = 0;

suite('S1000D authoring: a new data module, issued, then the next in-work', () => {
  it("the DMC builder's options come from the library and its project BREX", async () => {
    const res = await owner.caller.get(api('/ccms/s1000d/dmc-options'), { libraryId });
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.modelIdentCodes).toEqual(expect.arrayContaining(['S1000DBIKE', 'S1000DLIGHTING', 'BRAKE']));
    expect(o.systemDiffCodes).toEqual(['AAA']);
    expect(o.projectBrex).toBe('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D');
    expect(o.folder).toBe('csdb');
    expect(o.enterpriseCode).toMatch(/^[A-Z0-9]{5}$/);
    expect(o.sns).toBeNull();
    // The Bike BREX allows 57 information codes: 520 is one, 952 (fact 5) is not.
    const info = new Map(o.infoCodes.map((c: { code: string; allowed: boolean }) => [c.code, c.allowed]));
    expect(info.get('520')).toBe(true);
    expect(info.get('952')).toBe(false);
    expect(o.pms.map((p: { code: string }) => p.code)).toContain(BRAKE_PM);
  });

  it('a bad code is refused naming the segment, in the caller language; nothing is committed', async () => {
    const before = (await remote().log('bike', 'main')).length;
    const body = { libraryId, schema: 'proced', dmc: { ...DMC, systemCode: 'D-1' }, techName: 'Brake pads' };
    const bad = await owner.caller.post(api('/ccms/s1000d/module'), body);
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe('System: "D-1" does not match its pattern (2–3 A–Z/0–9)');
    const zh = await owner.caller.request({ method: 'POST', url: api('/ccms/s1000d/module'), payload: body, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.msg).toContain('系统：“D-1”不符合格式');
    // The project BREX's information codes: 952 is not one of the Bike's.
    const info = await owner.caller.post(api('/ccms/s1000d/module'), { ...body, dmc: { ...DMC, infoCode: '952' } });
    expect(info.body.code).toBe(400);
    expect(info.body.msg).toMatch(/^Information code: the project BREX does not allow "952"/);
    // A code that exists.
    const taken = await owner.caller.post(api('/ccms/s1000d/module'), { ...body, dmc: { ...DMC, subSystemCode: '1', subSubSystemCode: '0', infoCode: '251' } });
    expect(taken.body.code).toBe(400);
    expect(taken.body.msg).toBe(
      'DMC: code DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A already has a data module "csdb/DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A_001-00_EN-US.XML"',
    );
    expect((await remote().log('bike', 'main')).length).toBe(before);
  });

  it('a reader of the library (no write level) gets 403 and nothing is committed', async () => {
    const res = await reader.caller.post(api('/ccms/s1000d/module'), { libraryId, schema: 'proced', dmc: DMC, techName: 'Brake pads' });
    expect(res.status).toBe(403);
    const cycle = await reader.caller.post(api('/ccms/s1000d/in-work'), { libraryId, path: 'csdb/DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A_001-00_EN-US.XML' });
    expect(cycle.status).toBe(403);
    const settings = await reader.caller.put(api('/ccms/s1000d/settings'), { libraryId, issueNeedsApproval: true });
    expect(settings.status).toBe(403);
  });

  it('creates a proced module from the template at 000-01, added to the BRAKE PM in the same commit: 0 problems against the 5.0 schemas and the project BREX', async () => {
    const pm = await pmDocument(BRAKE_PM);
    const res = await owner.caller.post(api('/ccms/s1000d/module'), {
      libraryId,
      schema: 'proced',
      dmc: DMC,
      techName: 'Brake pads',
      infoName: 'Install procedures',
      pmPath: pm.path,
    });
    expect(res.body).toMatchObject({ code: 200 });
    const made = res.body.data;
    expect(made).toMatchObject({ code: CODE, issue: '000-01', path: `csdb/${CODE}_000-01_EN-US.XML`, problems: [] });
    expect(made.topicId).toBeGreaterThan(0);
    modulePath = made.path;
    topicId = made.topicId;
    const log = await remote().log('bike', 'main');
    expect(log[0]?.subject).toBe(`New data module ${CODE}`);
    const text = await remote().show('bike', 'main', modulePath);
    expect(text).toContain('xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_5-0/xml_schema_flat/proced.xsd"');
    expect(text).toContain('<dmRefIdent><dmCode modelIdentCode="S1000DBIKE"');
    // The editor's validate says the same: no problem at all.
    const validate = await owner.caller.post(api('/ccms/topic-editor/validate'), { libraryId, path: modulePath, content: text });
    expect(validate.status).toBe(200);
    expect(validate.body.data.problems).toEqual([]);
    // The PM lists it, resolved.
    const after = await pmDocument(BRAKE_PM);
    expect(after.topicCount).toBe(pm.topicCount + 1);
    expect(await refTo(pm.documentId, CODE)).toMatchObject({ broken: false, path: modulePath, topicId });
    const again = await owner.caller.post(api('/ccms/s1000d/module'), { libraryId, schema: 'descript', dmc: DMC, techName: 'Brake pads' });
    expect(again.body.msg).toBe(`DMC: code ${CODE} already has a data module "${modulePath}"`);
  });

  it('issue: refused while the library wants approval first; then 001-00 in one commit, renamed, tagged on the remote, approved; the PM still resolves', async () => {
    const needs = await owner.caller.put(api('/ccms/s1000d/settings'), { libraryId, issueNeedsApproval: true });
    expect(needs.body.data).toEqual({ libraryId, issueNeedsApproval: true });
    const body = { libraryId, path: modulePath, issueType: 'new', reasons: [{ text: 'First issue', highlight: true }] };
    const waiting = await owner.caller.post(api('/ccms/s1000d/issue'), body);
    expect(waiting.body.code).toBe(400);
    expect(waiting.body.msg).toBe(`Status: the library requires review approval before Issue; "${modulePath}" is draft`);
    await owner.caller.put(api('/ccms/s1000d/settings'), { libraryId, issueNeedsApproval: false });

    const commits = (await remote().log('bike', 'main')).length;
    const res = await owner.caller.post(api('/ccms/s1000d/issue'), body);
    expect(res.body).toMatchObject({ code: 200 });
    const issued = res.body.data;
    expect(issued).toMatchObject({
      previousPath: modulePath,
      path: `csdb/${CODE}_001-00_EN-US.XML`,
      issue: '001-00',
      issueType: 'new',
      status: 'approved',
      tag: `issue/${CODE}/001`,
      topicId,
      problems: [],
    });
    const log = await remote().log('bike', 'main');
    expect(log).toHaveLength(commits + 1);
    expect(log[0]?.subject).toBe(`${CODE}: issue 001 (new)`);
    expect(await remote().show('bike', 'main', modulePath)).toBeNull();
    const text = await remote().show('bike', 'main', issued.path);
    expect(text).toContain('<issueInfo issueNumber="001" inWork="00"/>');
    // Issue 001: no reason for update (the default BREX forbids it there).
    expect(text).not.toContain('<reasonForUpdate');
    expect(text).toContain('<dmStatus issueType="new">');
    const tagged = (await git(['--git-dir', path.join(remote().root, 'bike.git'), 'rev-parse', `refs/tags/issue/${CODE}/001^{commit}`])).trim();
    expect(tagged).toBe(issued.commit);
    const detail = await owner.caller.get(api(`/ccms/topic/${topicId}`));
    expect(detail.body.data).toMatchObject({ path: issued.path, status: 'approved' });
    const pm = await pmDocument(BRAKE_PM);
    expect(await refTo(pm.documentId, CODE)).toMatchObject({ broken: false, path: issued.path, topicId });
    expect(pm.brokenCount).toBe(0);
    const issues = await owner.caller.get(api('/ccms/s1000d/issues'), { libraryId, path: issued.path });
    expect(issues.body.data).toMatchObject({ code: CODE, current: { issue: '001-00', status: 'approved' } });
    expect(issues.body.data.rows.map((r: { issueNumber: string; path: string }) => [r.issueNumber, r.path])).toEqual([['001', issued.path]]);
    modulePath = issued.path;
    // Issued: issuing again is refused until an in-work starts.
    const twice = await owner.caller.post(api('/ccms/s1000d/issue'), { ...body, path: issued.path });
    expect(twice.body.msg).toBe('001-00 is issued: start the next in-work first');
  });

  it('start next in-work: 001-00 → 001-01, renamed, draft; an edit proposes change marks against issue 001; issue 002 carries them; the two issues compare', async () => {
    const res = await owner.caller.post(api('/ccms/s1000d/in-work'), { libraryId, path: modulePath });
    expect(res.body).toMatchObject({ code: 200 });
    expect(res.body.data).toMatchObject({ path: `csdb/${CODE}_001-01_EN-US.XML`, issue: '001-01', status: 'draft', tag: null, topicId });
    modulePath = res.body.data.path;
    expect((await owner.caller.get(api(`/ccms/topic/${topicId}`))).body.data.status).toBe('draft');
    // An author's edit (as a save would commit it): the step's text changes, a step is added.
    const text = (await remote().show('bike', 'main', modulePath)) ?? '';
    const edited = text
      .replace('<para>Step 1.</para>', '<para>Put the new pads in the caliper.</para>')
      .replace('</mainProcedure>', '  <proceduralStep>\n          <para>Tighten the bolt.</para>\n        </proceduralStep>\n      </mainProcedure>');
    await remote().commit('bike', 'main', { [modulePath]: edited }, 'Pads procedure');
    expect((await owner.caller.post(`${api('/ccms/catalog/reindex')}?libraryId=${libraryId}`)).status).toBe(200);
    const marks = await owner.caller.get(api('/ccms/s1000d/change-marks'), { libraryId, path: modulePath });
    expect(marks.status).toBe(200);
    expect(marks.body.data.previous).toMatchObject({ issueNumber: '001' });
    expect(marks.body.data.marks.map((m: { element: string; changeType: string }) => [m.element, m.changeType])).toEqual([
      ['para', 'modify'],
      ['proceduralStep', 'add'],
    ]);
    const issued = await owner.caller.post(api('/ccms/s1000d/issue'), {
      libraryId,
      path: modulePath,
      issueType: 'changed',
      reasons: [{ text: 'Pads procedure written', highlight: true }],
      marks: marks.body.data.marks.map((m: { path: string; changeType: string }) => ({ path: m.path, changeType: m.changeType })),
    });
    expect(issued.body).toMatchObject({ code: 200, data: { path: `csdb/${CODE}_002-00_EN-US.XML`, tag: `issue/${CODE}/002`, problems: [] } });
    modulePath = issued.body.data.path;
    const out = (await remote().show('bike', 'main', modulePath)) ?? '';
    expect(out).toContain('<para changeMark="1" changeType="modify" reasonForUpdateRefIds="rfu-0001">Put the new pads');
    expect(out).toContain('<proceduralStep changeMark="1" changeType="add" reasonForUpdateRefIds="rfu-0001">');
    const compare = await owner.caller.get(api('/ccms/s1000d/issues/compare'), { libraryId, path: issued.body.data.path, from: '001', to: '002' });
    expect(compare.status).toBe(200);
    expect(compare.body.data).toMatchObject({ changed: true, from: { label: '001-00' }, to: { label: '002-00' } });
    expect(compare.body.data.added).toBeGreaterThan(0);
    const missing = await owner.caller.get(api('/ccms/s1000d/issues/compare'), { libraryId, path: issued.body.data.path, from: '007', to: 'current' });
    expect(missing.body).toMatchObject({ code: 400, msg: 'From: issue 007 does not exist' });
  });

  it('a new publication module lists the new module (resolved) at 000-01; a bad PM code names its field; a code taken is refused', async () => {
    const bad = await owner.caller.post(api('/ccms/s1000d/pm'), {
      libraryId,
      pmCode: { modelIdentCode: 'BRAKE', pmIssuer: 'C30', pmNumber: 'PADS1', pmVolume: '00' },
      pmTitle: 'Brake pads manual',
      dmPaths: [modulePath],
    });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Issuer code: "C30" does not match its pattern (5 A–Z/0–9)' });
    const body = {
      libraryId,
      pmCode: { modelIdentCode: 'BRAKE', pmIssuer: 'C3002', pmNumber: 'PADS1', pmVolume: '00' },
      pmTitle: 'Brake pads manual',
      dmPaths: [modulePath],
    };
    const res = await owner.caller.post(api('/ccms/s1000d/pm'), body);
    expect(res.body).toMatchObject({
      code: 200,
      data: { code: 'PMC-BRAKE-C3002-PADS1-00', path: 'csdb/PMC-BRAKE-C3002-PADS1-00_000-01_EN-US.XML', problems: [] },
    });
    const pm = await pmDocument('PMC-BRAKE-C3002-PADS1-00');
    expect(pm).toMatchObject({ topicCount: 1, brokenCount: 0 });
    expect(await refTo(pm.documentId, CODE)).toMatchObject({ broken: false, path: modulePath, topicId });
    const again = await owner.caller.post(api('/ccms/s1000d/pm'), body);
    expect(again.body.msg).toBe(
      'Publication module code: code PMC-BRAKE-C3002-PADS1-00 already has a publication module "csdb/PMC-BRAKE-C3002-PADS1-00_000-01_EN-US.XML"',
    );

    // The PM's own cycle: issued (renamed, tagged, its document found under the new name), then a new in-work compared with issue 001.
    const issued = await owner.caller.post(api('/ccms/s1000d/issue'), { libraryId, path: res.body.data.path, issueType: 'new' });
    expect(issued.body).toMatchObject({
      code: 200,
      data: { path: 'csdb/PMC-BRAKE-C3002-PADS1-00_001-00_EN-US.XML', tag: 'issue/PMC-BRAKE-C3002-PADS1-00/001', status: 'approved' },
    });
    const doc = await pmDocument('PMC-BRAKE-C3002-PADS1-00');
    expect(issued.body.data.documentId).toBe(doc.documentId);
    expect(doc).toMatchObject({ path: issued.body.data.path, topicCount: 1, brokenCount: 0 });
    const next = await owner.caller.post(api('/ccms/s1000d/in-work'), { libraryId, path: issued.body.data.path });
    expect(next.body.data).toMatchObject({ path: 'csdb/PMC-BRAKE-C3002-PADS1-00_001-01_EN-US.XML', status: 'draft' });
    const compare = await owner.caller.get(api('/ccms/s1000d/issues/compare'), { libraryId, path: next.body.data.path, from: '001', to: 'current' });
    expect(compare.body.data).toMatchObject({ changed: true, added: 1, removed: 1, from: { label: '001-00' }, to: { label: '001-01' } });
  });

  it('DMRL entries: a planned module goes into a new DMRL, then into the Bike DML; the same code twice is refused', async () => {
    const planned = { ...DMC, infoCode: '520' };
    const fresh = await owner.caller.post(api('/ccms/s1000d/dmrl-entry'), {
      libraryId,
      newDml: { modelIdentCode: 'BRAKE', senderIdent: 'C3002', yearOfDataIssue: '2026', seqNumber: '00001' },
      dmc: planned,
      techName: 'Brake pads',
      infoName: 'Remove procedures',
    });
    expect(fresh.body).toMatchObject({
      code: 200,
      data: { code: 'DML-BRAKE-C3002-P-2026-00001', path: 'csdb/DML-BRAKE-C3002-P-2026-00001_000-01.XML', problems: [] },
    });
    const bikeDml = 'csdb/DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML';
    const added = await owner.caller.post(api('/ccms/s1000d/dmrl-entry'), { libraryId, dmlPath: bikeDml, dmc: planned, techName: 'Brake pads' });
    expect(added.body).toMatchObject({ code: 200, data: { code: 'DML-S1000DBIKE-C3002-C-2012-00001', path: bikeDml } });
    const text = (await remote().show('bike', 'main', bikeDml)) ?? '';
    expect(text.match(/<dmlEntry[\s>]/g)).toHaveLength(89);
    expect(text).toContain('infoCode="520" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent><dmRefAddressItems><dmTitle><techName>Brake pads</techName>');
    const twice = await owner.caller.post(api('/ccms/s1000d/dmrl-entry'), { libraryId, dmlPath: bikeDml, dmc: planned, techName: 'Brake pads' });
    expect(twice.body).toMatchObject({ code: 400, msg: 'DMC: the list already holds DMC-BRAKE-AAA-DA1-20-00-00AA-520A-A' });
    const none = await owner.caller.post(api('/ccms/s1000d/dmrl-entry'), { libraryId, dmc: planned, techName: 'Brake pads' });
    expect(none.body).toMatchObject({ code: 400, msg: 'dmlPath, newDml: choose a data module list, or give the code of a new one' });
  });
});
