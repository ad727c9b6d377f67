import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { parseRange } from '../../../platform/http/byte-range';
import { allowLoopbackRemotes, grant, libraryBody, multipart, type TestUser, userWith } from '../content-test-kit';
import { mp4, PNG, RESOURCE_PERMS } from '../graphic/resource-test-kit';

const remote = useGitServer();
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let libraryId = 0;
const clip = mp4(5000);

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('media', {
    files: {
      'videos/intro.mp4': clip,
      'topics/watch.dita': '<topic id="watch"><title>Watch</title><body><object data="../videos/intro.mp4" type="video/mp4"/></body></topic>\n',
    },
  });
  const owner = await userWith(t, 'vowner', RESOURCE_PERMS);
  writer = await userWith(t, 'vwriter', RESOURCE_PERMS);
  reader = await userWith(t, 'vreader', RESOURCE_PERMS);
  stranger = await userWith(t, 'vstranger', RESOURCE_PERMS);
  libraryId = (await owner.caller.post('/prod-api/ccms/library', libraryBody('media', remote().url('media')))).body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
});
afterAll(async () => {
  await t?.close();
});

const upload = (c: Caller, fields: Record<string, string | number>, files: { filename: string; content: Buffer | string }[]) =>
  c.request({ method: 'POST', url: '/prod-api/ccms/video/upload', ...multipart(fields, files) });
const head = async () => (await remote().log('media', 'main'))[0]?.hash;

describe('videos', () => {
  it('lists videos with name, upload time and a stream URL, and where they are used', async () => {
    const res = await reader.caller.get('/prod-api/ccms/video/list', { libraryId });
    expect(res.body).toMatchObject({ code: 200, total: 1, branch: 'main' });
    expect(res.body.rows[0]).toMatchObject({
      name: 'intro.mp4',
      path: 'videos/intro.mp4',
      size: clip.length,
      contentType: 'video/mp4',
      uploadBy: 'Remote Person',
      refs: 1,
    });
    expect(res.body.rows[0].uploadTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.rows[0].url).toMatch(/^\/ccms\/video\/stream\?.*ticket=/);
    const usage = await reader.caller.get('/prod-api/ccms/video/usage', { libraryId, path: 'videos/intro.mp4' });
    expect(usage.body.data.rows).toMatchObject([{ sourcePath: 'topics/watch.dita', kind: 'object', title: 'Watch' }]);
  });

  it('streams the whole file and byte ranges (206), as a <video> asks, through the ticket', async () => {
    const url = `/prod-api${(await reader.caller.get('/prod-api/ccms/video/list', { libraryId })).body.rows[0].url}`;
    const whole = await t.anonymous.get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.bytes.equals(clip)).toBe(true);

    const first = await t.anonymous.request({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${clip.length}`);
    expect(first.bytes.equals(clip.subarray(0, 100))).toBe(true);
    const middle = await t.anonymous.request({ method: 'GET', url, headers: { range: 'bytes=1000-' } });
    expect(middle.headers['content-range']).toBe(`bytes 1000-${clip.length - 1}/${clip.length}`);
    expect(middle.bytes.equals(clip.subarray(1000))).toBe(true);
    const tail = await t.anonymous.request({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.bytes.equals(clip.subarray(clip.length - 10))).toBe(true);
    const beyond = await t.anonymous.request({ method: 'GET', url, headers: { range: `bytes=${clip.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${clip.length}`);

    const bearer = await reader.caller.request({
      method: 'GET',
      url: '/prod-api/ccms/video/stream',
      query: { libraryId: String(libraryId), path: 'videos/intro.mp4' },
      headers: { range: 'bytes=4-11' },
    });
    expect(bearer.bytes.toString('latin1')).toBe('ftypisom');
    const stranger1 = await stranger.caller.get('/prod-api/ccms/video/stream', { libraryId, path: 'videos/intro.mp4' });
    expect(stranger1).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    expect((await t.anonymous.get('/prod-api/ccms/video/stream', { libraryId, path: 'videos/intro.mp4' })).status).toBe(401);
  });

  it('uploads a video as a commit; refuses other formats and read-only users without committing', async () => {
    const before = await head();
    const wrong = await upload(writer.caller, { libraryId }, [{ filename: 'clip.avi', content: 'RIFF' }]);
    expect(wrong.body).toMatchObject({ code: 400, msg: 'Wrong file format, please upload videos in mp4/webm/ogg format!' });
    const renamed = await upload(writer.caller, { libraryId }, [{ filename: 'still.mp4', content: PNG }]);
    expect(renamed.body.code).toBe(400);
    const denied = await upload(reader.caller, { libraryId }, [{ filename: 'r.mp4', content: mp4(10) }]);
    expect(denied).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    expect(await head()).toBe(before);

    const ok = await upload(writer.caller, { libraryId, folder: 'videos/new' }, [{ filename: 'demo.mp4', content: mp4(100) }]);
    expect(ok.body.data.paths).toEqual(['videos/new/demo.mp4']);
    expect((await remote().log('media', 'main'))[0]).toMatchObject({ hash: ok.body.data.commit, subject: 'Upload demo.mp4', author: 'vwriter nick' });
    const list = await reader.caller.get('/prod-api/ccms/video/list', { libraryId });
    expect(list.body.rows.map((r: { path: string; uploadBy: string }) => [r.path, r.uploadBy])).toEqual([
      ['videos/intro.mp4', 'Remote Person'],
      ['videos/new/demo.mp4', 'vwriter nick'],
    ]);

    const del = await writer.caller.request({ method: 'DELETE', url: '/prod-api/ccms/video', payload: { libraryId, paths: ['videos/new/demo.mp4'] } });
    expect(del.body.code).toBe(200);
    expect(await remote().show('media', 'main', 'videos/new/demo.mp4')).toBeNull();
  });
});

describe('parseRange', () => {
  it('reads one range, a suffix, an open end; sends the whole file for what it does not serve; 416 for what cannot be', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-0', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5-4', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
