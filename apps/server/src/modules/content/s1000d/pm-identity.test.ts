import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes } from '../content-test-kit';
import { bikeLibrary, bikeMissing } from './s1000d-test-kit';

/**
 * A publication module renamed by the Issue action (000-01 → 001-00 in its file name) stays the same
 * document (issue 31): its document id, status history and toc are found under the new name, and a
 * publication of it publishes the new file (before, the catalogue made a new document and the
 * publication named a file that was gone).
 */
const suite = describe.skipIf(bikeMissing(false));
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const BRAKE = 'csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML';
const BRAKE_ISSUED = 'csdb/PMC-BRAKE-C3002-EPWG1-00_001-00_EN-US.XML';
let t: TestApp;
let admin: Caller;
let libraryId = 0;

beforeAll(async () => {
  if (bikeMissing(false)) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  admin = await t.login();
  libraryId = await bikeLibrary(admin, remote(), 'bikepmid');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function documents(): Promise<Array<{ documentId: number; path: string; topicCount: number }>> {
  const list = await admin.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
  expect(list.body.code, list.raw).toBe(200);
  return list.body.rows;
}

suite('a publication module issued under a new file name', () => {
  it('keeps its document id and its publications across the rename', async () => {
    const listed = await documents();
    const before = listed.find((d) => d.path === BRAKE);
    expect(before).toBeDefined();
    const made = await admin.post(api('/ccms/publication'), { libraryId, name: 'Brake manual', branch: 'main', ditaMap: BRAKE, ditaVal: '1B070643' });
    expect(made.body.code, made.raw).toBe(200);
    const publicationId = made.body.data.publicationId;

    const issued = await admin.post(api('/ccms/s1000d/issue'), { libraryId, path: BRAKE, issueType: 'new' });
    expect(issued.body.code, issued.raw).toBe(200);
    expect(issued.body.data.path).toBe(BRAKE_ISSUED);
    expect(await remote().show('bikepmid', 'main', BRAKE)).toBeNull();

    const after = await documents();
    expect(after.find((d) => d.path === BRAKE)).toBeUndefined();
    const renamed = after.find((d) => d.path === BRAKE_ISSUED);
    expect(renamed).toMatchObject({ documentId: before?.documentId, topicCount: before?.topicCount });
    expect(issued.body.data.documentId).toBe(before?.documentId);
    expect(after.map((d) => d.documentId).sort()).toEqual(listed.map((d) => d.documentId).sort());
    const toc = await admin.get(api(`/ccms/document/${before?.documentId}/toc`));
    expect(toc.body.code, toc.raw).toBe(200);
    expect(JSON.stringify(toc.body.data.nodes)).toContain('DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A');

    const publication = await admin.get(api(`/ccms/publication/${publicationId}`));
    expect(publication.body.data).toMatchObject({ ditaMap: BRAKE_ISSUED });
  }, 120_000);
});
