import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duId, duPath, duXml, effectiveFor0101, flightopsPackage, pslXml } from '../../../../../../packages/flightops/test/kit';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { outputFinished } from '../../../../test/outputs';
import { threadTasksDone } from '../../../../test/thread-metrics';
import { ccmsPublishConfig } from '../../../db/schema';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, libraryBody, libraryPrepared, multipart, type TestUser, userWith } from '../content-test-kit';

/**
 * An AirbusFlightOps library through the API, on a package of the product's profile (30 DUs, an
 * FCOM PSL, a fleet of two aircraft: packages/flightops/test/kit.ts) on a local git remote, with a
 * QRH whose PSL names a DU nobody wrote and a DU that breaks the profile: DUs are topics with their
 * solutions' effectivity, PSLs documents whose toc is the manual's, duRefs links; the effectivity
 * filter per aircraft; saves checked by the profile's rules; the FCOM published for an aircraft
 * (HTML5 and PDF with only its solutions); a revision frozen, validated by review and dispatched
 * with its highlights and the list of effective DUs.
 */
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const PSL = 'fcom/psl.xml';
const QRH = 'qrh/psl.xml';
const BAD = 'qrh/du/DU-BAD.xml';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let reader: TestUser;
let libraryId = 0;

type Row = { path: string; no: string; title: string; facts: Record<string, string>; topicId: number; refs: number };

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('ops', {
    files: {
      ...flightopsPackage('fcom'),
      [QRH]:
        '<psl manual="QRH" revision="2026-04"><title>Quick reference handbook</title>\n<chapter><title>Abnormal</title>\n<duRef ref="DU-21-001"/>\n<duRef ref="DU-99-999"/>\n</chapter></psl>\n',
      [BAD]: '<du id="DU-BAD" type="memo" manual="QRH">\n  <title>Broken</title>\n</du>\n',
    },
  });
  await git(['--git-dir', path.join(remote().root, 'ops.git'), 'branch', 'manufacturer', 'main']);
  admin = await t.login();
  reader = await userWith(t, 'fopsreader', CATALOG_PERMS.concat(['ccms:library:query', 'ccms:document:edit', 'ccms:publication:add']));
  const res = await admin.post(api('/ccms/library'), { ...libraryBody('ops', remote().url('ops')), libraryType: 'AirbusFlightOps' });
  expect(res.status, res.raw).toBe(200);
  libraryId = res.body.data.libraryId;
  await libraryPrepared(admin, libraryId);
  await grant(t, libraryId, 'user', reader.userId, 'read');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function topics(branch?: string): Promise<Row[]> {
  const res = await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 100, ...(branch ? { branch } : {}) });
  expect(res.body.code, res.raw).toBe(200);
  return res.body.rows;
}

describe('an AirbusFlightOps library', () => {
  it('indexes each DU as a topic (id, type, manual, solutions with their effectivity) and each PSL as a document', async () => {
    const rows = await topics();
    expect(rows).toHaveLength(31);
    const du2 = rows.find((r) => r.path === duPath(2));
    expect(du2).toMatchObject({ no: 'DU-21-002', title: 'Air conditioning item 2', code: 'description', manualType: 'FCOM', docType: 'du' });
    expect(du2?.facts).toMatchObject({ standard: 'flightops', kind: 'du', type: 'description', manual: 'FCOM', solutions: 'S1=0101; S2=0205 + 12345' });
    expect(rows.find((r) => r.path === duPath(1))?.refs).toBe(2);
    const docs = await admin.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
    expect(docs.body.rows.map((d: { path: string }) => d.path).sort()).toEqual([PSL, QRH]);
    const fcom = docs.body.rows.find((d: { path: string }) => d.path === PSL);
    expect(fcom).toMatchObject({ docNbr: 'FCOM', name: 'Flight crew operating manual', revision: '2026-04', topicCount: 30, brokenCount: 0 });
  });

  it("the PSL's chapters, sections and DU references are the document's toc", async () => {
    const docs = await admin.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
    const fcom = docs.body.rows.find((d: { path: string }) => d.path === PSL);
    const toc = await admin.get(api(`/ccms/document/${fcom.documentId}/toc`));
    expect(toc.body.code, toc.raw).toBe(200);
    const nodes = toc.body.data.nodes;
    expect(nodes.map((n: { title: string }) => n.title)).toEqual(['Air conditioning', 'Electrical', 'Pneumatic']);
    const refs = nodes[1].children[0].children;
    expect(refs).toHaveLength(10);
    expect(refs[0]).toMatchObject({ element: 'duRef', title: 'Electrical item 11', href: 'DU-24-011', path: duPath(11), hasContent: true, broken: false });
  });

  it('a duRef to no DU is a broken link and a located problem; a DU that breaks the profile is a problem row', async () => {
    const broken = await admin.get(api('/ccms/catalog/broken'), { libraryId, pageSize: 50 });
    expect(broken.body.rows).toEqual([expect.objectContaining({ sourcePath: QRH, value: 'DU-99-999', line: 4 })]);
    const problems = await admin.get(api('/ccms/catalog/problems'), { libraryId, pageSize: 50 });
    const found = problems.body.rows.map((p: { path: string; code: string; line: number }) => [p.path, p.code, p.line]).sort();
    expect(found).toEqual([
      [BAD, 'fo-du-solution', 1],
      [BAD, 'fo-du-type', 1],
      [QRH, 'fo-psl-missing', 4],
    ]);
  });

  it('filters the DUs by aircraft: MSN or registration of the fleet; an unknown aircraft is refused, naming the field', async () => {
    const fleet = await reader.caller.get(api('/ccms/flightops/fleet'), { libraryId });
    expect(fleet.body.data.aircraft.map((a: { msn: string }) => a.msn)).toEqual(['0101', '0205']);
    const a0101 = await reader.caller.get(api('/ccms/flightops/effective'), { libraryId, aircraft: 'B-6101' });
    expect(a0101.body.code, a0101.raw).toBe(200);
    const expected = Array.from({ length: 30 }, (_, i) => i + 1)
      .filter(effectiveFor0101)
      .map(duId);
    expect(a0101.body.data.aircraft).toEqual({ msn: '0101', registration: 'B-6101', mods: [] });
    expect(a0101.body.data.effective.map((d: { id: string }) => d.id).sort()).toEqual(expected.sort());
    expect(a0101.body.data.notEffective.map((d: { id: string }) => d.id).sort()).toEqual(['DU-21-007', 'DU-24-014', 'DU-36-021', 'DU-36-028', 'DU-BAD']);
    const du2 = a0101.body.data.effective.find((d: { id: string }) => d.id === 'DU-21-002');
    expect(du2.solutions).toEqual([
      { id: 'S1', effectivity: '0101', effective: true },
      { id: 'S2', effectivity: '0205 + 12345', effective: false },
    ]);
    const a0205 = await reader.caller.get(api('/ccms/flightops/effective'), { libraryId, aircraft: '0205' });
    expect(a0205.body.data.effective).toHaveLength(30);
    const unknown = await reader.caller.request({
      method: 'GET',
      url: `${api('/ccms/flightops/effective')}?libraryId=${libraryId}&aircraft=0999`,
      headers: { 'accept-language': 'zh' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('飞机：机队（fleet.xml）中没有 MSN 或注册号为“0999”的飞机');
  });

  it('the editor opens a DU, refuses an edit that breaks the profile (located, zh and en) and commits a valid one', async () => {
    const target = duPath(1);
    const opened = await admin.get(api('/ccms/topic-editor/open'), { libraryId, path: target });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const doc = opened.body.data as EditorDocument & { standard: string };
    expect(doc.standard).toBe('flightops');
    const save = (content: string, lang = 'en') =>
      admin.request({
        method: 'PUT',
        url: api('/ccms/topic-editor/save'),
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload: { libraryId, path: target, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
      });
    const before = (await remote().log('ops', 'main')).length;
    const bad = doc.content.replace('<solution id="S2">', '<solution id="S1">');
    expect(bad).not.toBe(doc.content);
    const refused = await save(bad);
    expect(refused.status, refused.raw).toBe(400);
    const line = doc.content.split('\n').findIndex((l) => l.includes('<solution id="S2">')) + 1;
    expect(refused.body.data.problems).toEqual([
      expect.objectContaining({ code: 'fo-solution-twice', line, severity: 'error', message: 'Solution id "S1" is used twice' }),
    ]);
    expect((await save(bad, 'zh')).body.data.problems[0].message).toBe('解决方案 id“S1”重复');
    expect((await remote().log('ops', 'main')).length).toBe(before);
    // The preview renders the unsaved DU: every solution under its effectivity, or the one effective for an aircraft.
    const preview = (applicAssignment?: Record<string, string>) =>
      admin.post(api('/ccms/topic-editor/preview'), { libraryId, path: target, content: doc.content, ...(applicAssignment ? { applicAssignment } : {}) });
    const rendered = await threadTasksDone('content', 'flightops');
    const all = (await preview()).body.data.html as string;
    expect(all).toContain('ALPHA-0101-1');
    expect(all).toContain('BRAVO-0205-1');
    expect(all).toContain('Solution S2 · Effectivity: 0205');
    const b6205 = (await preview({ aircraft: 'B-6205' })).body.data.html as string;
    expect(b6205).toContain('BRAVO-0205-1');
    expect(b6205).not.toContain('ALPHA-0101-1');
    // Both rendered on a content thread; the aircraft found in the branch's fleet here.
    expect(await threadTasksDone('content', 'flightops')).toBe(rendered + 2);
    const good = doc.content.replace('ALPHA-0101-1 select OFF.', 'ALPHA-0101-1 select OFF, then ON.');
    const saved = await save(good);
    expect(saved.body.code, saved.raw).toBe(200);
    expect(await remote().show('ops', 'main', target)).toContain('ALPHA-0101-1 select OFF, then ON.');
  });

  it('publishes the FCOM for MSN 0101: HTML5 and PDF with only its solutions; a DU is not a PSL, an unknown aircraft is refused', async () => {
    const notPsl = await admin.post(api('/ccms/publication'), { libraryId, name: 'nope', branch: 'main', ditaMap: duPath(1), ditaVal: '0101' });
    expect(notPsl.status).toBe(400);
    expect(notPsl.body.msg).toBe(`DITA map: "${duPath(1)}" is not a publication structure list (PSL, root psl)`);
    const noAircraft = await admin.post(api('/ccms/publication'), { libraryId, name: 'nope', branch: 'main', ditaMap: PSL, ditaVal: 'B-9999' });
    expect(noAircraft.status).toBe(400);
    expect(noAircraft.body.msg).toBe('DITAVAL: the fleet (fleet.xml) has no aircraft with MSN or registration "B-9999"');
    const created = await admin.post(api('/ccms/publication'), { libraryId, name: 'FCOM for B-6101', branch: 'main', ditaMap: PSL, ditaVal: 'B-6101' });
    expect(created.body.code, created.raw).toBe(200);
    const { html, pdf } = await publish(created.body.data.publicationId);
    const index = await readFile(path.join(html, 'index.html'), 'utf8');
    expect(index).toContain('MSN 0101 / B-6101');
    expect(index).toContain('<li class="fo-nav-na">Air conditioning item 7</li>');
    expect(existsSync(path.join(html, 'DU-21-007.html'))).toBe(false);
    const page = await readFile(path.join(html, 'DU-21-001.html'), 'utf8');
    expect(page).toContain('ALPHA-0101-1 select OFF, then ON.');
    expect(page).not.toContain('BRAVO-0205');
    const text = pdfText(pdf);
    expect(text).toContain('ALPHA-0101-3');
    expect(text).not.toContain('BRAVO-0205');
    expect(text).toContain('List of effective DUs');
    expect(text).not.toContain('Highlights');
  });

  it('freezes a revision for validation, refuses its dispatch until a reviewer approves, then dispatches it with highlights and LEDU', async () => {
    // A manufacturer revision: DU 4 revised, DU 31 added; loaded onto main as revision/2026-10 with its highlights.
    const zip = new JSZip();
    for (const [f, c] of Object.entries(flightopsPackage('.'))) if (f !== 'fleet.xml') zip.file(f.replace(/^\.\//, ''), c);
    zip.file('du/DU-21-004.xml', duXml(4, { alpha: 'ALPHA-0101-4 REVISED select OFF.' }));
    zip.file('psl.xml', pslXml('2026-10'));
    const form = multipart({ libraryId, revision: '2026-10', folder: 'fcom' }, [
      { filename: 'rev.zip', content: await zip.generateAsync({ type: 'nodebuffer' }) },
    ]);
    const loaded = await admin.request({ method: 'POST', url: api('/ccms/flightops/revision'), payload: form.payload, headers: form.headers });
    expect(loaded.body.code, loaded.raw).toBe(200);
    const highlights = await remote().show('ops', 'revision/2026-10', 'fcom/highlights.xml');
    expect(highlights).toContain('<change du="DU-21-004" path="fcom/du/DU-21-004.xml" kind="revised"/>');

    const denied = await reader.caller.post(api('/ccms/flightops/freeze'), { libraryId, branch: 'revision/2026-10', name: '2026-10' });
    expect(denied.status).toBe(403);
    const frozen = await admin.post(api('/ccms/flightops/freeze'), { libraryId, branch: 'revision/2026-10', name: '2026-10' });
    expect(frozen.body.code, frozen.raw).toBe(200);
    expect(frozen.body.data).toMatchObject({ tag: 'freeze/2026-10', frozenBranch: 'frozen/2026-10', dus: 31 });
    // The freeze is an annotated tag on the remote (who froze what, from which branch), the frozen branch at its commit.
    const bare = ['--git-dir', path.join(remote().root, 'ops.git')];
    const rev = async (ref: string) => (await git([...bare, 'rev-parse', ref])).trim();
    const tagged = await rev('freeze/2026-10^{commit}');
    expect(tagged).toBe(await rev('revision/2026-10'));
    expect(await rev('frozen/2026-10')).toBe(tagged);
    expect((await git([...bare, 'cat-file', '-t', 'freeze/2026-10'])).trim()).toBe('tag');
    expect(await git([...bare, 'cat-file', '-p', 'freeze/2026-10'])).toMatch(/^tagger .+\n\nFreeze freeze\/2026-10 of revision\/2026-10 for validation/m);
    const fcom = frozen.body.data.documents.find((d: { path: string }) => d.path === PSL);
    expect(fcom.status).toBe('underReview');
    const again = await admin.post(api('/ccms/flightops/freeze'), { libraryId, branch: 'revision/2026-10', name: '2026-10' });
    expect(again.body.msg).toBe('Name: the frozen branch "frozen/2026-10" exists already; choose another name');
    // A tag of that name on the remote (made outside the product) refuses the freeze too: nothing is pushed.
    await git([...bare, 'tag', 'freeze/taken', 'main']);
    const taken = await admin.post(api('/ccms/flightops/freeze'), { libraryId, branch: 'revision/2026-10', name: 'taken' });
    expect(taken.body.msg).toBe('Name: the freeze tag "freeze/taken" is on the remote already; choose another name');
    expect(await rev('refs/heads/frozen/taken').catch(() => null)).toBeNull();
    // A frozen branch made on the remote outside the product (the clone has not seen it) is not moved: the atomic push refuses both refs.
    await git([...bare, 'branch', 'frozen/outside', 'main']);
    const outside = await admin.post(api('/ccms/flightops/freeze'), { libraryId, branch: 'revision/2026-10', name: 'outside' });
    expect(outside.body.msg).toBe('Name: the frozen branch "frozen/outside" exists already; choose another name');
    expect(await rev('frozen/outside')).toBe(await rev('main'));
    expect(await rev('refs/tags/freeze/outside').catch(() => null)).toBeNull();
    // The frozen revision is not edited: the topic editor refuses a save on its branch.
    const onFrozen = await admin.get(api('/ccms/topic-editor/open'), { libraryId, branch: 'frozen/2026-10', path: duPath(2) });
    const frozenSave = await admin.request({
      method: 'PUT',
      url: api('/ccms/topic-editor/save'),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: {
        libraryId,
        branch: 'frozen/2026-10',
        path: duPath(2),
        content: onFrozen.body.data.content.replace('ALPHA-0101-2', 'ALPHA-0101-2 edited'),
        baseCommit: onFrozen.body.data.baseCommit,
        baseBlob: onFrozen.body.data.baseBlob,
      },
    });
    expect(frozenSave.status).toBe(400);
    const readOnly =
      'Branch: "frozen/2026-10" is a frozen revision (tag freeze/2026-10: what its review approves and its dispatch publishes) and cannot be changed; change the working branch and freeze again';
    expect(frozenSave.body.msg).toBe(readOnly);
    // Every other writer commits through the library's commit too: the explorer's save and upload are refused alike, in zh as well.
    const explorerSave = await admin.request({
      method: 'PUT',
      url: api('/ccms/explorer/file'),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: {
        libraryId,
        branch: 'frozen/2026-10',
        path: duPath(2),
        content: onFrozen.body.data.content.replace('ALPHA-0101-2', 'ALPHA-0101-2 edited'),
        baseCommit: tagged,
        message: 'edit a frozen DU',
      },
    });
    expect(explorerSave.status, explorerSave.raw).toBe(400);
    expect(explorerSave.body.msg).toBe(readOnly);
    const upload = multipart({ libraryId, branch: 'frozen/2026-10', path: 'fcom/du', message: 'add a DU to a frozen revision' }, [
      { filename: 'DU-21-099.xml', content: duXml(99) },
    ]);
    const uploaded = await admin.request({
      method: 'POST',
      url: api('/ccms/explorer/upload'),
      payload: upload.payload,
      headers: { ...upload.headers, 'accept-language': 'zh' },
    });
    expect(uploaded.status, uploaded.raw).toBe(400);
    expect(uploaded.body.msg).toBe('分支：“frozen/2026-10”是冻结的修订（标签 freeze/2026-10，审阅与分发的对象），不能修改；请在工作分支上修改后重新冻结');
    expect(await rev('frozen/2026-10')).toBe(tagged);
    const listed = await admin.get(api('/ccms/flightops/frozen'), { libraryId });
    // (frozen/outside, made outside the product, is listed too once the clone fetches it.)
    expect(listed.body.data.revisions.find((r: { name: string }) => r.name === '2026-10')).toMatchObject({
      tag: 'freeze/2026-10',
      branch: 'frozen/2026-10',
      commit: tagged,
    });

    const body = { libraryId, name: 'FCOM 2026-10 for B-6205', branch: 'frozen/2026-10', ditaMap: PSL, ditaVal: 'B-6205' };
    const early = await admin.post(api('/ccms/publication'), body);
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe(`DITA map: "${PSL}" of the frozen revision has not passed its review (status: underReview), so it cannot be dispatched`);
    // Only a reviewer approves (the reader may not); the administrator reviews.
    expect((await reader.caller.put(api(`/ccms/document/${fcom.documentId}/status`), { status: 'approved' })).body.code).not.toBe(200);
    const approved = await admin.put(api(`/ccms/document/${fcom.documentId}/status`), { status: 'approved' });
    expect(approved.body.code, approved.raw).toBe(200);

    const created = await admin.post(api('/ccms/publication'), body);
    expect(created.body.code, created.raw).toBe(200);
    // The dispatch publishes exactly the tagged commit: a branch moved on the remote (outside the product) or a tag gone refuses it.
    const [probe] = await t.database.db
      .insert(ccmsPublishConfig)
      .values({ libraryId, configName: 'probe', format: 'html5', lang: 'en', publishPath: 'probe' })
      .returning();
    const dispatch = () => admin.post(api('/ccms/output/publish'), { publicationId: created.body.data.publicationId, configIds: [probe?.configId] });
    const before = await rev('main');
    await git([...bare, 'update-ref', 'refs/heads/frozen/2026-10', before]);
    const moved = await dispatch();
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe(
      `Branch: the frozen branch "frozen/2026-10" is now at ${before.slice(0, 12)} but its freeze tag "freeze/2026-10" names ${tagged.slice(0, 12)}; the branch changed after the freeze, so it cannot be dispatched; freeze again`,
    );
    await git([...bare, 'update-ref', 'refs/heads/frozen/2026-10', tagged]);
    const tagObject = await rev('refs/tags/freeze/2026-10');
    await git([...bare, 'update-ref', '-d', 'refs/tags/freeze/2026-10']);
    expect((await dispatch()).body.msg).toBe(
      'Branch: the remote has no freeze tag "freeze/2026-10", so "frozen/2026-10" cannot be dispatched; freeze the working branch again',
    );
    await git([...bare, 'update-ref', 'refs/tags/freeze/2026-10', tagObject]);
    const { html, pdf } = await publish(created.body.data.publicationId);
    const index = await readFile(path.join(html, 'index.html'), 'utf8');
    expect(index).toContain('Highlights · Revision 2026-10');
    expect(index).toContain('List of effective DUs');
    const text = pdfText(pdf);
    expect(text).toContain('Highlights');
    expect(text).toMatch(/DU-21-004\s+.*Revised/);
    expect(text).toContain('BRAVO-0205-2');
    expect(text).not.toContain('ALPHA-0101');
  });
});

async function publish(publicationId: number): Promise<{ html: string; pdf: string }> {
  const configs = await t.database.db
    .insert(ccmsPublishConfig)
    .values([
      { libraryId, configName: `web-${publicationId}`, format: 'html5', lang: 'en', publishPath: `web-${publicationId}` },
      { libraryId, configName: `print-${publicationId}`, format: 'pdf', lang: 'en', publishPath: `print-${publicationId}` },
    ])
    .returning();
  const published = await admin.post(api('/ccms/output/publish'), { publicationId, configIds: configs.map((c) => c.configId) });
  expect(published.body.code, published.raw).toBe(200);
  const [html, pdf] = await Promise.all(published.body.data.map((o: { outputId: number }) => outputFinished(admin, o.outputId)));
  expect(html, JSON.stringify(html)).toMatchObject({ status: 'success', format: 'html5' });
  expect(pdf, JSON.stringify(pdf)).toMatchObject({ status: 'success', format: 'pdf' });
  const dir = (outputId: number) => path.join(t.dataDir, 'publish', 'outputs', String(outputId));
  return { html: dir(html.outputId), pdf: path.join(dir(pdf.outputId), 'FCOM.pdf') };
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
