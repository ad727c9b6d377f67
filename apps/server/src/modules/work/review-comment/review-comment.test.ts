import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsReviewComment } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../../content/content-test-kit';

/**
 * Review comments anchored to selected text (issue 38, item 6): the selector (element, range,
 * quote, prefix, suffix) is stored as given; a bad one is refused naming its field and stores
 * nothing; saving the topic re-anchors each thread to its quote, flags it only when the quote is
 * gone, and finds it again when the quote comes back.
 */
const remote = useGitServer();
const PATH = 'topics/power.dita';
const TOPIC = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
  '<concept id="power">',
  '  <title>Power</title>',
  '  <conbody>',
  '    <p id="p1">Check the cable.</p>',
  '    <p>Press the red switch to turn it on.</p>',
  '  </conbody>',
  '</concept>',
  '',
].join('\n');
const MAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map><title>Guide</title><topicref href="../topics/power.dita"/></map>\n';

let t: TestApp;
let writer: TestUser;
let reviewer: TestUser;
let onlyList: TestUser;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('anchors', { files: { 'maps/guide.ditamap': MAP, [PATH]: TOPIC } });
  const perms = ['ccms:topic:list', TopicEditorPerm.open, TopicEditorPerm.edit, ReviewCommentPerm.list, ReviewCommentPerm.add];
  writer = await userWith(t, 'anwriter', perms);
  reviewer = await userWith(t, 'anreview', perms);
  onlyList = await userWith(t, 'anlist', ['ccms:topic:list', TopicEditorPerm.open, ReviewCommentPerm.list]);
  const admin = await t.login();
  const res = await admin.post('/prod-api/ccms/library', libraryBody('anchors', remote().url('anchors')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reviewer.userId, 'read');
  await grant(t, libraryId, 'user', onlyList.userId, 'read');
  const listed = await admin.get('/prod-api/ccms/topic/list', { libraryId });
  expect(listed.body.total, listed.raw).toBe(1);
});
afterAll(async () => {
  await t?.close();
});

/** What the editor sends for a selection of "red switch" in the second paragraph. */
const SELECTION = {
  elementId: '',
  elementPath: '/concept/conbody[1]/p[2]',
  rangeStart: 10,
  rangeEnd: 20,
  quote: 'red switch',
  prefix: 'Check the cable. Press the ',
  suffix: ' to turn it on.',
};
const comment = (c: Caller, more: Record<string, unknown> = {}) =>
  c.post('/prod-api/ccms/review-comment', { libraryId, path: PATH, ...SELECTION, body: 'Which switch?', ...more });
const threads = async () => (await reviewer.caller.get('/prod-api/ccms/review-comment/list', { libraryId, path: PATH })).body.rows;
const stored = async () => (await t.database.db.select({ n: count() }).from(ccmsReviewComment))[0]?.n;

async function saveTopic(edit: (xml: string) => string) {
  const open = (await writer.caller.get('/prod-api/ccms/topic-editor/open', { libraryId, path: PATH })).body.data;
  const saved = await writer.caller.put('/prod-api/ccms/topic-editor/save', {
    libraryId,
    path: PATH,
    content: edit(open.content),
    baseCommit: open.baseCommit,
    baseBlob: open.baseBlob,
  });
  expect(saved.body.code, saved.raw).toBe(200);
}

describe('review comments anchored to selected text', () => {
  it('refuses a bad selector naming the field, in the caller’s language, and stores nothing', async () => {
    const before = await stored();
    const backwards = await comment(reviewer.caller, { rangeStart: 20, rangeEnd: 10 });
    expect(backwards.body).toMatchObject({ code: 400, msg: 'Selection end must not be before the start of the selected text' });
    const notQuote = await comment(reviewer.caller, { rangeEnd: 25 });
    expect(notQuote.body).toMatchObject({ code: 400, msg: 'The selected range (up to Selection end) must be as long as the quoted text' });
    const longContext = await comment(reviewer.caller, { prefix: 'x'.repeat(201) });
    expect(longContext.body).toMatchObject({ code: 400, msg: expect.stringContaining('Text before the quote') });
    const contextAlone = await comment(reviewer.caller, { quote: '', rangeStart: 0, rangeEnd: 0 });
    expect(contextAlone.body).toMatchObject({ code: 400, msg: 'Quoted text is required with the text before and after it' });
    const zh = await comment(callerFor(t.app, reviewer.caller.token, 'zh'), { rangeStart: 20, rangeEnd: 10 });
    expect(zh.body).toMatchObject({ code: 400, msg: '选区终点不能在选中文字的开始位置之前' });
    // No element at all: a sentence, not a raw message key.
    const nowhere = await comment(reviewer.caller, { elementPath: '' });
    expect(nowhere.body).toMatchObject({ code: 400, msg: 'Element path is required' });
    expect(await stored()).toBe(before);
  });

  it('commenting needs the add permission', async () => {
    const before = await stored();
    expect((await comment(onlyList.caller)).body.code).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('stores the selector; a save that edits the sentence before the words moves the anchor with them; a deleted quote is flagged and found again when it comes back', async () => {
    const made = await comment(reviewer.caller);
    expect(made.body.code, made.raw).toBe(200);
    const id = made.body.data.id;
    const thread = () => threads().then((rows: Array<{ id: number }>) => rows.find((r) => r.id === id));
    expect(await thread()).toMatchObject({ ...SELECTION, outdated: false });

    // The author rewrites the sentence before the words and adds a paragraph above it.
    await saveTopic((xml) =>
      xml.replace('<p>Press the red switch', '<p>Before you start, read the manual.</p>\n    <p>When the lamp is off, press the red switch'),
    );
    expect(await thread()).toMatchObject({
      outdated: false,
      elementPath: '/concept/conbody[1]/p[3]',
      rangeStart: 32,
      rangeEnd: 42,
      quote: 'red switch',
      prefix: expect.stringMatching(/is off, press the $/),
    });

    await saveTopic((xml) => xml.replace('the red switch to turn', 'the button to turn'));
    expect(await thread()).toMatchObject({ outdated: true, quote: 'red switch' });
    expect((await reviewer.caller.get('/prod-api/ccms/review-comment/list', { libraryId, state: 'outdated' })).body.total).toBe(1);

    await saveTopic((xml) => xml.replace('the button to turn', 'the red switch to turn'));
    expect(await thread()).toMatchObject({ outdated: false, elementPath: '/concept/conbody[1]/p[3]', rangeStart: 32 });
  });
});
