import { S1000dAuthorPerm } from '@ccms/contracts/content/s1000d-authoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, type TestUser, userWith } from '../content-test-kit';
import { bikeLibrary, bikeMissing } from './s1000d-test-kit';

/**
 * The DMRL entry screen's round trip through the API (issue 31): a planned data module added to the
 * Bike DML (POST /ccms/s1000d/dmrl-entry, what the dialog of the coverage drawer sends) is, in the
 * coverage read next (GET /ccms/s1000d/dml-coverage), one more entry, missing, at the end of the list.
 */
const suite = describe.skipIf(bikeMissing(false));
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const DML = 'csdb/DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML';
let t: TestApp;
let author: TestUser;
let libraryId = 0;

beforeAll(async () => {
  if (bikeMissing(false)) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  author = await userWith(t, 'dmrlauthor', CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', S1000dAuthorPerm.create]));
  libraryId = await bikeLibrary(author.caller, remote(), 'bike');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

interface Row {
  code: string;
  state: string;
  line: number;
  entryIssueType: string | null;
  path: string | null;
}

suite('a new DMRL entry and the coverage', () => {
  it('adds a planned module to the Bike DML; the coverage then counts it missing, after the 88 entries it had', async () => {
    const before = await author.caller.get(api('/ccms/s1000d/dml-coverage'), { libraryId, path: DML });
    expect(before.body.code, before.body.msg).toBe(200);
    expect(before.body.data.coverage.counts.missing).toBe(0);
    expect(before.body.data.coverage.rows).toHaveLength(88);
    const dmc = {
      modelIdentCode: 'S1000DBIKE',
      systemDiffCode: 'AAA',
      systemCode: 'DA9',
      subSystemCode: '9',
      subSubSystemCode: '0',
      assyCode: '00',
      disassyCode: '00',
      disassyCodeVariant: 'AA',
      infoCode: '520',
      infoCodeVariant: 'A',
      itemLocationCode: 'A',
    };
    const added = await author.caller.post(api('/ccms/s1000d/dmrl-entry'), { libraryId, dmlPath: DML, dmc, techName: 'Saddle', infoName: 'Remove procedures' });
    expect(added.body.code, added.body.msg).toBe(200);
    expect(added.body.data).toMatchObject({ path: DML, code: 'DML-S1000DBIKE-C3002-C-2012-00001' });
    const after = await author.caller.get(api('/ccms/s1000d/dml-coverage'), { libraryId, path: DML });
    expect(after.body.data.commit).toBe(added.body.data.commit);
    const rows = after.body.data.coverage.rows as Row[];
    expect(rows).toHaveLength(89);
    expect(after.body.data.coverage.counts).toMatchObject({ missing: 1, issued: before.body.data.coverage.counts.issued });
    expect(rows.at(-1)).toMatchObject({ code: 'DMC-S1000DBIKE-AAA-DA9-90-00-00AA-520A-A', state: 'missing', entryIssueType: 'new', path: null });
  });

  it('refuses a new entry without the right to create modules, and one without its technical name, naming the field', async () => {
    const reader = await userWith(
      t,
      'dmrlreader',
      CATALOG_PERMS.filter((p) => p !== S1000dAuthorPerm.create),
    );
    const body = { libraryId, dmlPath: DML, dmc: { modelIdentCode: 'S1000DBIKE' }, techName: 'X' };
    const denied = await reader.caller.post(api('/ccms/s1000d/dmrl-entry'), body);
    expect(denied.status).toBe(403);
    const unnamed = await author.caller.request({
      method: 'POST',
      url: api('/ccms/s1000d/dmrl-entry'),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: { ...body, techName: '' },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.msg).toContain('Technical name');
  });
});
