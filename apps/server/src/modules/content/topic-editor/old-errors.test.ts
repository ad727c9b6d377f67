import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusForTests } from '../../../../../../test-support/corpus';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, libraryBody } from '../content-test-kit';

/**
 * Saves never refuse a problem the edit did not bring (issue 38): the errors the file had as
 * committed come back as warnings (same code and message, counted; lines may move), only new
 * ones refuse the save. Against the machine's catalog (DITA 1.2) here: no grammar package installed.
 */
const corpus = corpusForTests();
const remote = useGitServer();

/** A real map of the DITA-OT docs already holding a DITA 1.3 <ditavalref> as committed. */
const PUBLISHING = corpus ? readFileSync(path.join(corpus, 'topics/publishing.ditamap'), 'utf8') : '';

/** A topic whose line 6 breaks the DTD (an attribute no DITA version declares): in the file before any edit here. */
const OLD_ERROR = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
<concept id="old">
  <title>Old error</title>
  <conbody>
    <p madeup="1">Written before validation was strict.</p>
    <p>Second paragraph.</p>
  </conbody>
</concept>
`;

let t: TestApp;
let admin: Caller;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  admin = await t.login();
  await remote().createRepo('old', { files: { 'topics/old.dita': OLD_ERROR, ...(corpus ? { 'maps/publishing.ditamap': PUBLISHING } : {}) } });
  const res = await admin.post('/prod-api/ccms/library', libraryBody('old', remote().url('old')));
  expect(res.body.code, res.body.msg).toBe(200);
  libraryId = res.body.data.libraryId;
});
afterAll(async () => {
  await t?.close();
});

const commits = async () => (await remote().log('old', 'main')).length;

describe('a file that already had an error', () => {
  async function openTopic() {
    const res = await admin.get('/prod-api/ccms/topic-editor/open', { libraryId, path: 'topics/old.dita' });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { baseCommit: string; baseBlob: string; content: string };
  }
  const saveTopic = async (content: string) => {
    const doc = await openTopic();
    return admin.put('/prod-api/ccms/topic-editor/save', { libraryId, path: 'topics/old.dita', content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob });
  };

  it('saves an edit of another line with the old error as a warning (its line moved)', async () => {
    // A line added above the old error moves it from line 6 to 7.
    const edited = OLD_ERROR.replace('  <title>Old error</title>', '  <title>Old error</title>\n  <shortdesc>Added by this edit.</shortdesc>');
    const res = await saveTopic(edited);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.warnings).toEqual([
      expect.objectContaining({
        line: 7,
        severity: 'warning',
        code: 'dtd.invalid',
        preexisting: true,
        message: expect.stringMatching(/^Already in the file.*madeup/),
      }),
    ]);
    expect(await remote().show('old', 'main', 'topics/old.dita')).toBe(edited);
  });

  it('refuses an edit that brings a new error, naming it; the old one stays a warning', async () => {
    const before = await commits();
    const current = (await openTopic()).content;
    const res = await saveTopic(current.replace('<p>Second paragraph.</p>', '<p>Second paragraph.</p>\n    <madeupelement/>'));
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/madeupelement/);
    const problems = res.body.data.problems as { severity: string; preexisting?: boolean; message: string }[];
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.message)).toContainEqual(expect.stringMatching(/madeupelement/));
    expect(problems.filter((p) => p.preexisting).map((p) => p.message)).toEqual([expect.stringMatching(/madeup/)]);
    expect(await commits()).toBe(before);
  });

  it('counts errors: a second copy of the old error is new, so refused', async () => {
    const before = await commits();
    const current = (await openTopic()).content;
    const res = await saveTopic(current.replace('<p>Second paragraph.</p>', '<p madeup="2">Second paragraph.</p>'));
    expect(res.body.code).toBe(400);
    // Two errors of the same code and message now, one before: one is old (a warning), the other refuses.
    const problems = res.body.data.problems as { severity: string; preexisting?: boolean; message: string }[];
    expect(problems.filter((p) => /madeup/.test(p.message)).map((p) => [p.severity, p.preexisting ?? false])).toEqual([
      ['warning', true],
      ['error', false],
    ]);
    expect(await commits()).toBe(before);
  });

  it('merges with a change made since: an error of either earlier version is no refusal', async () => {
    const doc = await openTopic();
    await remote().commit(
      'old',
      'main',
      { 'topics/old.dita': doc.content.replace('<title>Old error</title>', '<title>Retitled meanwhile</title>') },
      'someone else',
    );
    const mine = doc.content.replace('Second paragraph.', 'Second paragraph, mine.');
    const res = await admin.put('/prod-api/ccms/topic-editor/save', {
      libraryId,
      path: 'topics/old.dita',
      content: mine,
      baseCommit: doc.baseCommit,
      baseBlob: doc.baseBlob,
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.merged).toBe(true);
    expect(res.body.data.content).toContain('Retitled meanwhile');
    expect(res.body.data.content).toContain('Second paragraph, mine.');
    expect(res.body.data.warnings).toEqual([expect.objectContaining({ severity: 'warning', preexisting: true, code: 'dtd.invalid' })]);
  });

  it('does the same for the explorer’s save', async () => {
    const tree = await admin.get('/prod-api/ccms/explorer/tree', { libraryId });
    const baseCommit = tree.body.data.commit;
    const current = (await remote().show('old', 'main', 'topics/old.dita')) ?? '';
    const ok = await admin.put('/prod-api/ccms/explorer/file', {
      libraryId,
      path: 'topics/old.dita',
      baseCommit,
      message: 'explorer edit',
      content: current.replace('<p>Second paragraph', '<p>The second paragraph'),
    });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.data.warnings).toEqual([expect.objectContaining({ severity: 'warning', preexisting: true, code: 'dtd.invalid' })]);
    const refused = await admin.put('/prod-api/ccms/explorer/file', {
      libraryId,
      path: 'topics/old.dita',
      baseCommit: ok.body.data.commit,
      message: 'explorer edit',
      content: current.replace('<p>Second paragraph', '<madeupelement/><p>Second paragraph'),
    });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/madeupelement/);
  });
});

describe('the map editor', () => {
  async function saveMap(p: string, content: string) {
    const open = await admin.get('/prod-api/ccms/map-editor/open', { libraryId, path: p });
    expect(open.body.code, open.body.msg).toBe(200);
    const doc = open.body.data;
    return admin.put('/prod-api/ccms/map-editor/save', { libraryId, path: p, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob });
  }

  it.skipIf(!corpus)('saves an edit of a map that already had <ditavalref>: its DITA 1.3 errors come back as warnings, not refusals', async () => {
    const edited = PUBLISHING.replace(/<title>([^<]*)<\/title>/, '<title>$1 (edited)</title>');
    expect(edited).not.toBe(PUBLISHING);
    const res = await saveMap('maps/publishing.ditamap', edited);
    expect(res.body.code, res.body.msg).toBe(200);
    const warnings = res.body.data.warnings as { severity: string; preexisting?: boolean; message: string; code: string }[];
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => w.severity === 'warning')).toBe(true);
    expect(warnings.filter((w) => w.preexisting).map((w) => w.message)).toContainEqual(
      expect.stringMatching(/^Already in the file before this edit .*ditavalref/),
    );
    expect(await remote().show('old', 'main', 'maps/publishing.ditamap')).toBe(edited);
  });
});

describe('the preview (rendered on a worker thread)', () => {
  const preview = (caller: Caller, content: string) => caller.post('/prod-api/ccms/topic-editor/preview', { libraryId, path: 'topics/old.dita', content });

  it('checks the text against its DTD and renders it, the problems in the caller’s language', async () => {
    const en = await preview(admin, OLD_ERROR);
    expect(en.body.code, en.body.msg).toBe(200);
    expect(en.body.data.html).toContain('Written before validation was strict.');
    expect(en.body.data.problems).toEqual([
      expect.objectContaining({ line: 6, severity: 'error', code: 'dtd.invalid', message: expect.stringMatching(/^Not valid against the DTD: .*madeup/) }),
    ]);
    const zh = await preview(callerFor(t.app, admin.token, 'zh'), OLD_ERROR);
    expect(zh.body.data.problems).toEqual([expect.objectContaining({ line: 6, code: 'dtd.invalid', message: expect.stringMatching(/^不符合 DTD：.*madeup/) })]);
  });

  it('only checks text that is not well-formed: no rendering, the place of the fault', async () => {
    const res = await preview(admin, OLD_ERROR.replace('</conbody>', ''));
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.html).toBe('');
    expect(res.body.data.problems).toEqual([expect.objectContaining({ severity: 'error', code: 'xml.notWellFormed' })]);
  });
});
