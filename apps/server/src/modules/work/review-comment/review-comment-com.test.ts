import { ReviewCommentPerm } from '@ccms/contracts/work/review-comment';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsReviewComment } from '../../../db/schema';
import { CATALOG_PERMS } from '../../content/catalog/catalog-test-kit';
import { allowLoopbackRemotes, multipart, type TestUser, userWith } from '../../content/content-test-kit';
import { bikeLibrary, bikeMissing } from '../../content/s1000d/s1000d-test-kit';

/**
 * Review comments of the Bike library as S1000D comment files: a comment on a Bike data module and
 * its reply go out as a COM of type q and one of type r; deleted and taken back in, they come back
 * as the thread and its reply (the reply resolving it); taken in again, nothing is duplicated; a
 * comment on a module the library lacks is skipped; what is not a comment is refused by name.
 */
const suite = describe.skipIf(bikeMissing(false));
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const F121 = 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML';
const DMC121 = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A';
let t: TestApp;
let owner: TestUser;
let outsider: TestUser;
let stranger: TestUser;
let libraryId = 0;

const from = { enterpriseName: 'ESG', city: 'Munich', country: 'Germany' };
const exportBody = (more: Record<string, unknown> = {}) => ({ libraryId, senderIdent: 'c3002', from, ...more });

beforeAll(async () => {
  if (bikeMissing(false)) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  owner = await userWith(t, 'commenter', CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', ReviewCommentPerm.list, ReviewCommentPerm.add]));
  outsider = await userWith(t, 'nocomment', CATALOG_PERMS.concat(['ccms:library:query']));
  stranger = await userWith(t, 'stranger', CATALOG_PERMS.concat(['ccms:library:query', ReviewCommentPerm.list, ReviewCommentPerm.add]));
  libraryId = await bikeLibrary(owner.caller, remote(), 'bike');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function importFiles(files: { filename: string; content: Buffer | string }[], caller = owner.caller) {
  const form = multipart({ libraryId }, files);
  return caller.request({ method: 'POST', url: api('/ccms/s1000d/comments/import'), payload: form.payload, headers: form.headers });
}

async function threads() {
  const res = await owner.caller.get(api('/ccms/review-comment/list'), { libraryId, path: F121, pageSize: 50 });
  expect(res.status, res.raw).toBe(200);
  return res.body.rows as Array<{
    id: number;
    body: string;
    quote: string;
    state: string;
    elementId: string;
    authorName: string;
    replies: Array<{ body: string }>;
  }>;
}

suite('review comments as S1000D comment files (COM)', () => {
  let files: Record<string, string> = {};
  let threadId = 0;

  it('exports a comment on a Bike data module and its reply as a COM of type q and a response of type r that names it', async () => {
    const made = await owner.caller.post(api('/ccms/review-comment'), {
      libraryId,
      path: F121,
      elementId: 'seq-0001',
      quote: 'Bicycle',
      body: 'Say which bicycle.\nThe road one?',
    });
    expect(made.status, made.raw).toBe(200);
    threadId = made.body.data.id;
    const replied = await owner.caller.post(api('/ccms/review-comment/reply'), { parentId: threadId, body: 'The road bicycle.' });
    expect(replied.status, replied.raw).toBe(200);
    await owner.caller.put(api('/ccms/review-comment/state'), { id: threadId, state: 'resolved' });

    const res = await owner.caller.post(api('/ccms/s1000d/comments/export'), exportBody());
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.bytes);
    files = {};
    for (const name of Object.keys(zip.files)) files[name] = (await zip.file(name)?.async('string')) ?? '';
    const year = new Date().getUTCFullYear();
    const seq = String(threadId).padStart(5, '0');
    const q = `COM-S1000DBIKE-C3002-${year}-${seq}-Q_EN-US.XML`;
    expect(Object.keys(files)).toHaveLength(2);
    expect(Object.keys(files)[0]).toBe(q);
    const r = Object.keys(files)[1] ?? '';
    expect(r).toMatch(new RegExp(`^COM-S1000DBIKE-C3002-${year}-\\d{5}-R_EN-US\\.XML$`));
    expect(files[q]).toContain('<commentCode modelIdentCode="S1000DBIKE" senderIdent="C3002"');
    expect(files[q]).toContain('<dmRef referredFragment="seq-0001"><dmRefIdent><dmCode modelIdentCode="S1000DBIKE" systemDiffCode="AAA"');
    expect(files[q]).toContain('<simplePara id="quote">Bicycle</simplePara>');
    expect(files[q]).toContain('<lastName>commenter</lastName>');
    expect(files[r]).toContain(`<remarks><simplePara>answers COM-S1000DBIKE-C3002-${year}-${seq}-Q</simplePara></remarks>`);
    expect(files[r]).toContain('<commentResponse responseType="rt01"/>');
    // Only open threads: this one is resolved.
    const open = await owner.caller.post(api('/ccms/s1000d/comments/export'), exportBody({ state: 'open' }));
    expect(open.status).toBe(400);
    expect(open.body.msg).toBe('No review comment on a data module of this library branch to export');
  });

  it('deleted, the comment and its reply come back from the files on the module their dmRef names; again, nothing is duplicated', async () => {
    await t.app.db.delete(ccmsReviewComment).where(eq(ccmsReviewComment.libraryId, libraryId));
    expect(await threads()).toEqual([]);
    const upload = Object.entries(files)
      .reverse()
      .map(([filename, content]) => ({ filename, content }));
    const res = await importFiles(upload);
    expect(res.status, res.raw).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ created: 2, existing: 0, skipped: 0 });
    expect(data.items.map((i: { commentType: string; action: string; dmCode: string; path: string }) => [i.commentType, i.action, i.dmCode, i.path])).toEqual([
      ['q', 'created', DMC121, F121],
      ['r', 'created', DMC121, F121],
    ]);
    const [thread, ...more] = await threads();
    expect(more).toEqual([]);
    expect(thread).toMatchObject({
      body: 'Say which bicycle.\nThe road one?',
      quote: 'Bicycle',
      elementId: 'seq-0001',
      authorName: 'commenter',
      state: 'resolved',
    });
    expect(thread?.replies.map((r) => r.body)).toEqual(['The road bicycle.']);

    const again = await importFiles(upload);
    expect(again.body.data).toMatchObject({ created: 0, existing: 2, skipped: 0 });
    expect((await threads()).length).toBe(1);
  });

  it('a zip of the files is taken in too; a comment on a module the library lacks is skipped with the reason, its response too', async () => {
    const zip = new JSZip();
    for (const [name, content] of Object.entries(files)) zip.file(name, content.replaceAll('infoCode="121"', 'infoCode="999"'));
    const res = await importFiles([{ filename: 'comments.zip', content: await zip.generateAsync({ type: 'nodebuffer' }) }]);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, existing: 0, skipped: 2 });
    expect(res.body.data.items.map((i: { dmCode: string; reason: string; path: string | null }) => [i.dmCode, i.reason, i.path])).toEqual([
      ['DMC-S1000DBIKE-AAA-D00-00-00-00AA-999A-A', 'moduleMissing', null],
      ['DMC-S1000DBIKE-AAA-D00-00-00-00AA-999A-A', 'moduleMissing', null],
    ]);
    // A response whose comment is nowhere: skipped, saying so.
    const [r] = Object.entries(files).filter(([n]) => n.includes('-R_'));
    const orphan = await importFiles([
      { filename: r?.[0] ?? '', content: (r?.[1] ?? '').replace(/answers COM-[A-Z0-9-]+/, 'answers COM-S1000DBIKE-C3002-2001-00001-Q') },
    ]);
    expect(orphan.body.data.items[0]).toMatchObject({ action: 'skipped', reason: 'answersMissing' });
  });

  it('a response naming no module (noReferences) lands in the thread of the branch whose exported code it answers', async () => {
    const res = await owner.caller.post(api('/ccms/s1000d/comments/export'), exportBody());
    const zip = await JSZip.loadAsync(res.bytes);
    const names = Object.keys(zip.files);
    const q = names.find((n) => n.includes('-Q_')) ?? '';
    const r = names.find((n) => n.includes('-R_')) ?? '';
    const code = q.replace(/_EN-US\.XML$/, '');
    const answer = ((await zip.file(r)?.async('string')) ?? '')
      .replace(/<commentRefs>[\s\S]*<\/commentRefs>/, '<commentRefs><noReferences/></commentRefs>')
      .replace('The road bicycle.', 'A later answer.');
    expect(answer).toContain(`answers ${code}`);
    const taken = await importFiles([{ filename: r, content: answer }]);
    expect(taken.status, taken.raw).toBe(200);
    expect(taken.body.data.items).toMatchObject([{ commentType: 'r', action: 'created', path: F121, dmCode: DMC121, reason: null }]);
    const [thread] = await threads();
    expect(thread?.replies.map((x) => x.body)).toEqual(['The road bicycle.', 'A later answer.']);
  });

  it('refuses a file that is not a comment, naming it in the caller language, and takes in nothing', async () => {
    const dm = await importFiles([
      { filename: Object.keys(files)[0] ?? '', content: Object.values(files)[0] ?? '' },
      { filename: 'DMC-X.XML', content: '<dmodule/>' },
    ]);
    expect(dm.status).toBe(400);
    expect(dm.body.msg).toBe('"DMC-X.XML" is not an S1000D comment: its root element is <dmodule>, not <comment>');
    const zh = await owner.caller.request({
      method: 'POST',
      url: api('/ccms/s1000d/comments/import'),
      ...(() => {
        const form = multipart({ libraryId }, [{ filename: 'note.txt', content: 'hello' }]);
        return { payload: form.payload, headers: { ...form.headers, 'accept-language': 'zh-CN' } };
      })(),
    });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('“note.txt”不是评论文件：请选择 COM-….XML 文件或它们的 zip');
    const none = await importFiles([]);
    expect(none.status).toBe(400);
    const bad = await owner.caller.post(api('/ccms/s1000d/comments/export'), exportBody({ senderIdent: 'TOO-LONG' }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Sender ident');
    expect((await threads()).length).toBe(1);
  });

  it('is refused without the review comment permissions', async () => {
    const out = await outsider.caller.post(api('/ccms/s1000d/comments/export'), exportBody());
    expect(out.status).toBe(403);
    const form = multipart({ libraryId }, [{ filename: Object.keys(files)[0] ?? '', content: Object.values(files)[0] ?? '' }]);
    const inn = await outsider.caller.request({ method: 'POST', url: api('/ccms/s1000d/comments/import'), payload: form.payload, headers: form.headers });
    expect(inn.status).toBe(403);
  });

  it('is refused on a library the caller has no grant on, even with the permissions, and takes in nothing', async () => {
    const out = await stranger.caller.post(api('/ccms/s1000d/comments/export'), exportBody());
    expect(out.status).toBe(403);
    const inn = await importFiles([{ filename: Object.keys(files)[0] ?? '', content: Object.values(files)[0] ?? '' }], stranger.caller);
    expect(inn.status).toBe(403);
    expect((await threads()).length).toBe(1);
  });
});
