import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, libraryBody, libraryPrepared, multipart, type TestUser, userWith } from '../content-test-kit';

/**
 * A manufacturer revision loaded onto an airline's customised manual through the API, on a real git
 * remote: 30 DUs with solutions for two aircraft (docs/flightops-profile.md) delivered on the
 * manufacturer branch, 5 airline edits on main, a revision touching 8 DUs (3 of them edited by the
 * airline, 1 on the same line). The package lands on the manufacturer branch as delivered; the merge
 * is one commit on revision/2026-10 made from main: every airline edit kept, every untouched DU
 * revised, exactly the one conflict listed with its three versions, main itself untouched.
 */
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let libraryId = 0;

const du = (n: number, lines: Partial<Record<'title' | 'msn1' | 'msn2' | 'note', string>> = {}) =>
  [
    `<du id="DU-${n}" type="procedure" manual="FCOM">`,
    `  <title>${lines.title ?? `Procedure ${n}`}</title>`,
    '  <solution id="S1"><effectivity msn="0101"/>',
    `    <para>${lines.msn1 ?? `Step for MSN 0101, DU ${n}.`}</para>`,
    '  </solution>',
    '  <solution id="S2"><effectivity msn="0205"/>',
    `    <para>${lines.msn2 ?? `Step for MSN 0205, DU ${n}.`}</para>`,
    '  </solution>',
    `  <note>${lines.note ?? 'none'}</note>`,
    '</du>',
    '',
  ].join('\n');
const file = (n: number) => `fcom/du/DU-${String(n).padStart(3, '0')}.xml`;
const inZip = (n: number) => `du/DU-${String(n).padStart(3, '0')}.xml`;
const PSL = '<psl manual="FCOM" revision="2026-04"><title>FCOM</title><chapter><title>All</title><duRef ref="DU-1"/></chapter></psl>\n';
const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);

const airlineEdits: Record<number, Parameters<typeof du>[1]> = {
  3: { note: 'Airline: brief the cabin' },
  7: { note: 'Airline: see OM-A 8.3' },
  11: { note: 'Airline note' },
  20: { note: 'Airline: company SOP' },
  25: { msn2: 'Airline wording for MSN 0205.' },
};
const revisionEdits: Record<number, Parameters<typeof du>[1]> = {
  1: { title: 'Procedure 1 (rev 2)' },
  2: { title: 'Procedure 2 (rev 2)' },
  4: { msn1: 'Revised step for MSN 0101, DU 4.' },
  5: { msn2: 'Revised step for MSN 0205, DU 5.' },
  6: { title: 'Procedure 6 (rev 2)' },
  3: { msn1: 'Revised step for MSN 0101, DU 3.' },
  7: { title: 'Procedure 7 (rev 2)' },
  25: { msn2: 'Manufacturer wording for MSN 0205.' },
};

async function revisionZip(): Promise<Buffer> {
  const zip = new JSZip();
  for (let n = 1; n <= 30; n++) zip.file(inZip(n), du(n, revisionEdits[n]));
  zip.file('psl.xml', PSL.replace('2026-04', '2026-10'));
  zip.file('graphics/logo.png', LOGO);
  return zip.generateAsync({ type: 'nodebuffer' });
}

async function load(fields: Record<string, string | number>, zip: Buffer, caller = writer.caller) {
  const form = multipart({ libraryId, ...fields }, [{ filename: 'rev-2026-10.zip', content: zip }]);
  return caller.request({ method: 'POST', url: api('/ccms/flightops/revision'), payload: form.payload, headers: form.headers });
}

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  const delivered: Record<string, string | Buffer> = { 'fcom/psl.xml': PSL, 'fcom/graphics/logo.png': LOGO, 'README.md': '# FCOM\n' };
  for (let n = 1; n <= 30; n++) delivered[file(n)] = du(n);
  await remote().createRepo('fcom', { files: delivered });
  await git(['--git-dir', path.join(remote().root, 'fcom.git'), 'branch', 'manufacturer', 'main']);
  const edits: Record<string, string> = {};
  for (const [n, e] of Object.entries(airlineEdits)) edits[file(Number(n))] = du(Number(n), e);
  edits['fcom/airline-supplement.xml'] =
    '<du id="AIRLINE-1" type="description"><title>Company supplement</title><solution><para>Ours.</para></solution></du>\n';
  await remote().commit('fcom', 'main', edits, 'Airline customisation');
  writer = await userWith(t, 'fopsw', CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', 'ccms:document:import']));
  reader = await userWith(t, 'fopsr', CATALOG_PERMS.concat(['ccms:library:query', 'ccms:document:import']));
  const res = await writer.caller.post(api('/ccms/library'), { ...libraryBody('fcom', remote().url('fcom')), libraryType: 'AirbusFlightOps' });
  expect(res.status, res.raw).toBe(200);
  libraryId = res.body.data.libraryId;
  await libraryPrepared(writer.caller, libraryId);
  await grant(t, libraryId, 'user', reader.userId, 'read');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('loading a manufacturer revision', () => {
  it('refuses what it cannot do, naming the field, and changes nothing', async () => {
    const zip = await revisionZip();
    const noBranch = await load({ revision: '2026-10', folder: 'fcom', manufacturerBranch: 'oem' }, zip);
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.msg).toBe('Manufacturer branch: the library has no branch "oem" (the branch that keeps the manufacturer revisions as delivered)');
    const badName = await load({ revision: 'rev 10/x', folder: 'fcom' }, zip);
    expect(badName.status).toBe(400);
    expect(badName.body.msg).toContain('Revision name');
    const denied = await load({ revision: '2026-10', folder: 'fcom' }, zip, reader.caller);
    expect(denied.status).toBe(403);
    expect((await remote().log('fcom', 'manufacturer')).length).toBe(1);
  });

  it('merges per DU into revision/2026-10 in one commit: airline edits kept, untouched DUs revised, one conflict with its three versions', async () => {
    const res = await load({ revision: '2026-10', folder: 'fcom' }, await revisionZip());
    expect(res.status, res.raw).toBe(200);
    const data = res.body.data;
    expect(data.revisionBranch).toBe('revision/2026-10');
    expect(data.revised).toEqual([1, 2, 4, 5, 6].map(file).concat(['fcom/psl.xml']).sort());
    expect(data.merged).toEqual([3, 7].map(file));
    expect(data.airlineKept).toEqual([11, 20].map(file));
    expect(data.added).toEqual([]);
    expect(data.deleted).toEqual([]);
    expect(data.conflicts).toEqual([
      {
        path: file(25),
        reason: 'bothChanged',
        binary: false,
        base: du(25),
        manufacturer: du(25, revisionEdits[25]),
        airline: du(25, airlineEdits[25]),
        lines: [{ from: 7, to: 7 }],
      },
    ]);
    // The package as delivered on the manufacturer branch; the logo (unchanged bytes) not rewritten.
    expect(await remote().show('fcom', 'manufacturer', file(4))).toBe(du(4, revisionEdits[4]));
    expect(await remote().show('fcom', 'manufacturer', file(25))).toBe(du(25, revisionEdits[25]));
    expect((await remote().log('fcom', 'manufacturer'))[0]?.subject).toBe('Manufacturer revision 2026-10');
    // The merge: one commit on the revision branch over main.
    const log = await remote().log('fcom', 'revision/2026-10');
    expect(log.length).toBe((await remote().log('fcom', 'main')).length + 1);
    expect(log[0]?.subject).toBe('Revision 2026-10 onto main');
    expect(await remote().show('fcom', 'revision/2026-10', file(3))).toBe(du(3, { ...revisionEdits[3], ...airlineEdits[3] }));
    expect(await remote().show('fcom', 'revision/2026-10', file(7))).toBe(du(7, { ...revisionEdits[7], ...airlineEdits[7] }));
    expect(await remote().show('fcom', 'revision/2026-10', file(1))).toBe(du(1, revisionEdits[1]));
    expect(await remote().show('fcom', 'revision/2026-10', file(11))).toBe(du(11, airlineEdits[11]));
    expect(await remote().show('fcom', 'revision/2026-10', file(25))).toBe(du(25, airlineEdits[25]));
    expect(await remote().show('fcom', 'revision/2026-10', 'fcom/airline-supplement.xml')).toContain('Company supplement');
    expect(await remote().show('fcom', 'main', file(1))).toBe(du(1));
  });

  it('resolves the conflict on the revision branch as one commit; only a revision branch, only by a writer', async () => {
    const body = {
      libraryId,
      branch: 'revision/2026-10',
      path: file(25),
      content: du(25, { msn2: 'Manufacturer wording for MSN 0205, airline brief added.' }),
    };
    const notRevision = await writer.caller.post(api('/ccms/flightops/revision/resolve'), { ...body, branch: 'main' });
    expect(notRevision.status).toBe(400);
    expect(notRevision.body.msg).toContain('Branch');
    expect((await reader.caller.post(api('/ccms/flightops/revision/resolve'), body)).status).toBe(403);
    const before = (await remote().log('fcom', 'revision/2026-10')).length;
    const res = await writer.caller.post(api('/ccms/flightops/revision/resolve'), body);
    expect(res.status, res.raw).toBe(200);
    const log = await remote().log('fcom', 'revision/2026-10');
    expect(log.length).toBe(before + 1);
    expect(log[0]?.subject).toBe(`Resolve ${file(25)} (revision/2026-10)`);
    expect(await remote().show('fcom', 'revision/2026-10', file(25))).toBe(body.content);
  });

  it('the same revision name again is refused: its branch exists', async () => {
    const again = await load({ revision: '2026-10', folder: 'fcom' }, await revisionZip());
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Revision name: the branch "revision/2026-10" exists already; choose another revision name');
  });
});
