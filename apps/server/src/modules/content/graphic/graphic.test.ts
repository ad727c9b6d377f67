import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsCatalogIndex, ccmsCatalogLink } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, libraryPrepared, multipart, type TestUser, userWith } from '../content-test-kit';
import { checkGraphic } from './graphic.service';
import { JPEG, PNG, pngOfSize, RESOURCE_PERMS, RESOURCE_SEED } from './resource-test-kit';

const remote = useGitServer();
let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let libraryId = 0;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('docs', { files: RESOURCE_SEED });
  owner = await userWith(t, 'gowner', RESOURCE_PERMS);
  writer = await userWith(t, 'gwriter', RESOURCE_PERMS, 'gwriter@example.test');
  reader = await userWith(t, 'greader', RESOURCE_PERMS);
  stranger = await userWith(t, 'gstranger', RESOURCE_PERMS);
  const res = await owner.caller.post('/prod-api/ccms/library', libraryBody('docs', remote().url('docs')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
  // A new library is indexed at once; this file's "where used" reads the files until the catalogue
  // has indexed the head, so the index the creation made is dropped once it has settled.
  await libraryPrepared(owner.caller, libraryId);
  await t.database.db.delete(ccmsCatalogIndex).where(eq(ccmsCatalogIndex.libraryId, libraryId));
});
afterAll(async () => {
  await t?.close();
});

const upload = (c: Caller, fields: Record<string, string | number>, files: { filename: string; content: Buffer | string }[]) =>
  c.request({ method: 'POST', url: '/prod-api/ccms/graphic/upload', ...multipart(fields, files) });
const head = async () => (await remote().log('docs', 'main'))[0]?.hash;
/** The path and query of a media URL from a list answer, under the API base. */
const apiPath = (url: string) => `/prod-api${url}`;

describe('graphics list and files', () => {
  it('lists the images of the default branch with their last commit, references and ticketed URLs', async () => {
    const res = await reader.caller.get('/prod-api/ccms/graphic/list', { libraryId });
    expect(res.body).toMatchObject({ code: 200, total: 2, branch: 'main', libraryId });
    expect(res.body.commit).toBe(await head());
    const [logo, unused] = res.body.rows;
    expect(logo).toMatchObject({
      path: 'images/logo.png',
      name: 'logo.png',
      folder: 'images',
      size: PNG.length,
      contentType: 'image/png',
      createBy: 'Remote Person',
      refs: 2,
    });
    expect(logo.createTime).toMatch(/^\d{4}-/);
    expect(unused).toMatchObject({ path: 'images/unused.jpg', refs: 0 });
    expect(logo.url).toMatch(/^\/ccms\/graphic\/raw\?libraryId=\d+&branch=main&path=images%2Flogo\.png&ticket=/);
    expect(logo.thumbnailUrl).toMatch(/^\/ccms\/graphic\/thumbnail\?/);

    const filtered = await reader.caller.get('/prod-api/ccms/graphic/list', { libraryId, name: 'unused', pageSize: 10 });
    expect(filtered.body.rows.map((r: { name: string }) => r.name)).toEqual(['unused.jpg']);
  });

  it('serves raw and thumbnail bytes to <img> through the ticket, with an ETag, and refuses a forged or foreign ticket', async () => {
    const [logo] = (await reader.caller.get('/prod-api/ccms/graphic/list', { libraryId })).body.rows;
    const raw = await t.anonymous.get(apiPath(logo.url));
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('image/png');
    expect(raw.bytes.equals(PNG)).toBe(true);
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await t.anonymous.get(apiPath(logo.thumbnailUrl));
    expect(thumb.bytes.equals(PNG)).toBe(true);
    const again = await t.anonymous.request({ method: 'GET', url: apiPath(logo.url), headers: { 'if-none-match': String(raw.headers.etag) } });
    expect(again.status).toBe(304);

    const forged = await t.anonymous.get(apiPath(logo.url.replace(/ticket=[^&]+/, 'ticket=1.zzz.abc.def')));
    expect(forged).toMatchObject({ status: 401, body: { msg: 'The media link has expired, please refresh the page' } });
    const noTicket = await t.anonymous.get('/prod-api/ccms/graphic/raw', { libraryId, path: 'images/logo.png' });
    expect(noTicket.status).toBe(401);
    // The stranger's own ticket for this library: the session is fine, the library level is not.
    const strangerTicket = (await stranger.caller.get('/prod-api/ccms/graphic/list', { libraryId })).body;
    expect(strangerTicket).toMatchObject({ code: 403, msg: 'No relevant permissions' });
    const strangerRaw = await stranger.caller.get('/prod-api/ccms/graphic/raw', { libraryId, path: 'images/logo.png' });
    expect(strangerRaw).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    // A user with library access but without the graphics permission.
    const noPerm = await userWith(t, 'gnoperm', ['ccms:library:list']);
    await grant(t, libraryId, 'user', noPerm.userId, 'read');
    const denied = await noPerm.caller.get('/prod-api/ccms/graphic/raw', { libraryId, path: 'images/logo.png' });
    expect(denied).toMatchObject({ status: 403, body: { msg: 'The current operation has no permission' } });
    const notImage = await reader.caller.get('/prod-api/ccms/graphic/raw', { libraryId, path: 'topics/intro.dita' });
    expect(notImage).toMatchObject({ status: 400, body: { msg: '"topics/intro.dita" is not an image' } });
  });

  it('refuses paths that leave the library', async () => {
    for (const path of ['../../etc/passwd.png', '/etc/x.png', 'images/../../x.png', '.git/x.png']) {
      const res = await reader.caller.get('/prod-api/ccms/graphic/raw', { libraryId, path });
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toContain('is not allowed');
    }
  });
});

describe('where used', () => {
  it('lists the topics that reference an image, by href and by key, from the files when the catalogue has not indexed the commit', async () => {
    const res = await reader.caller.get('/prod-api/ccms/graphic/usage', { libraryId, path: 'images/logo.png' });
    expect(res.body.data).toMatchObject({ path: 'images/logo.png', branch: 'main', source: 'scan' });
    expect(res.body.data.rows.map((r: { sourcePath: string; kind: string; line: number; title: string }) => [r.sourcePath, r.kind, r.line, r.title])).toEqual([
      ['topics/by-key.dita', 'image', 4, 'By key'],
      ['topics/intro.dita', 'image', 6, 'Introduction'],
    ]);
    const none = await reader.caller.get('/prod-api/ccms/graphic/usage', { libraryId, path: 'images/unused.jpg' });
    expect(none.body.data.rows).toEqual([]);
  });

  it('reads the catalogue link graph when it has indexed the head commit', async () => {
    const commit = (await reader.caller.get('/prod-api/ccms/graphic/list', { libraryId })).body.commit;
    await t.database.db.insert(ccmsCatalogIndex).values({ libraryId, branch: 'main', commit });
    await t.database.db.insert(ccmsCatalogLink).values({
      libraryId,
      branch: 'main',
      sourcePath: 'topics/indexed.dita',
      line: 9,
      col: 3,
      kind: 'image',
      value: '../images/unused.jpg',
      targetPath: 'images/unused.jpg',
      status: 'resolved',
      resolved: true,
    });
    try {
      const res = await reader.caller.get('/prod-api/ccms/graphic/usage', { libraryId, path: 'images/unused.jpg' });
      expect(res.body.data).toMatchObject({ source: 'catalog', rows: [{ sourcePath: 'topics/indexed.dita', line: 9, col: 3, kind: 'image' }] });
      const list = await reader.caller.get('/prod-api/ccms/graphic/list', { libraryId, name: 'unused' });
      expect(list.body.rows[0].refs).toBe(1);
    } finally {
      await t.database.db.delete(ccmsCatalogLink);
      await t.database.db.delete(ccmsCatalogIndex);
    }
  });
});

describe('graphic upload and delete', () => {
  it('commits an uploaded PNG as the signed-in user and lists it', async () => {
    const res = await upload(writer.caller, { libraryId, folder: 'images/new' }, [{ filename: 'chart.png', content: PNG }]);
    expect(res.body).toMatchObject({ code: 200, data: { branch: 'main', paths: ['images/new/chart.png'] } });
    const [last] = await remote().log('docs', 'main');
    expect(last).toMatchObject({ hash: res.body.data.commit, subject: 'Upload chart.png', author: 'gwriter nick', email: 'gwriter@example.test' });
    expect(Buffer.from((await remote().show('docs', 'main', 'images/new/chart.png')) ?? '', 'latin1').length).toBeGreaterThan(0);
    const list = await reader.caller.get('/prod-api/ccms/graphic/list', { libraryId, folder: 'images/new' });
    expect(list.body.rows).toMatchObject([{ path: 'images/new/chart.png', createBy: 'gwriter nick', refs: 0 }]);

    const jpeg = await upload(writer.caller, { libraryId, message: 'Add photo' }, [{ filename: 'photo.jpeg', content: JPEG }]);
    expect(jpeg.body.data.paths).toEqual(['images/photo.jpeg']);
    expect((await remote().log('docs', 'main'))[0]?.subject).toBe('Add photo');
  });

  it('refuses a wrong type, a renamed file, 2 MB or more, an existing name and a path outside, committing nothing', async () => {
    const before = await head();
    const cases: [string, Record<string, string | number>, { filename: string; content: Buffer | string }[], string][] = [
      ['gif', { libraryId }, [{ filename: 'anim.gif', content: Buffer.from('GIF89a') }], 'Wrong file format, please upload images in png/jpg/jpeg format!'],
      ['text as png', { libraryId }, [{ filename: 'fake.png', content: 'not an image' }], 'Wrong file format, please upload images in png/jpg/jpeg format!'],
      ['jpeg named png', { libraryId }, [{ filename: 'mixed.png', content: JPEG }], 'Wrong file format, please upload images in png/jpg/jpeg format!'],
      ['2 MB', { libraryId }, [{ filename: 'big.png', content: pngOfSize(2 * MB) }], 'Image size cannot exceed 2 MB!'],
      [
        'one bad of two',
        { libraryId },
        [
          { filename: 'ok.png', content: PNG },
          { filename: 'bad.bmp', content: 'BM' },
        ],
        'Wrong file format, please upload images in png/jpg/jpeg format!',
      ],
      ['exists', { libraryId }, [{ filename: 'logo.png', content: PNG }], '"images/logo.png" already exists'],
      ['folder outside', { libraryId, folder: '../outside' }, [{ filename: 'x.png', content: PNG }], 'Folder: the path "../outside" is not allowed'],
      ['no file', { libraryId }, [], 'No file was uploaded'],
      [
        'six files',
        { libraryId },
        Array.from({ length: 6 }, (_, i) => ({ filename: `m${i}.png`, content: PNG })),
        'The number of uploaded files cannot exceed 5!',
      ],
    ];
    for (const [name, fields, files, msg] of cases) {
      const res = await upload(writer.caller, fields, files);
      expect(res.body, name).toMatchObject({ code: 400, msg });
    }
    expect(await head()).toBe(before);
    // A file name carrying folders loses them (the multipart parser keeps the base name): it lands in the folder.
    const named = await upload(writer.caller, { libraryId }, [{ filename: '../../x.png', content: PNG }]);
    expect(named.body.data.paths).toEqual(['images/x.png']);
    // Just under the limit goes in; replacing an existing file needs overwrite.
    const under = await upload(writer.caller, { libraryId }, [{ filename: 'under.png', content: pngOfSize(2 * MB - 1) }]);
    expect(under.body.code).toBe(200);
    const replaced = await upload(writer.caller, { libraryId, overwrite: 'true' }, [{ filename: 'logo.png', content: pngOfSize(200) }]);
    expect(replaced.body).toMatchObject({ code: 200, data: { paths: ['images/logo.png'] } });
  });

  it('answers in Chinese for a zh caller', async () => {
    const zh = await writer.caller.request({
      method: 'POST',
      url: '/prod-api/ccms/graphic/upload',
      ...(() => {
        const m = multipart({ libraryId }, [{ filename: 'a.gif', content: 'GIF89a' }]);
        return { payload: m.payload, headers: { ...m.headers, 'accept-language': 'zh' } };
      })(),
    });
    expect(zh.body.msg).toBe('文件格式不正确，请上传png/jpg/jpeg图片格式文件!');
  });

  it('lets read see but not upload or delete, and needs the upload permission', async () => {
    const before = await head();
    const denied = await upload(reader.caller, { libraryId }, [{ filename: 'r.png', content: PNG }]);
    expect(denied).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    const strangerUp = await upload(stranger.caller, { libraryId }, [{ filename: 's.png', content: PNG }]);
    expect(strangerUp.body.msg).toBe('No relevant permissions');
    const noUpload = await userWith(
      t,
      'gnoup',
      RESOURCE_PERMS.filter((p) => p !== 'ccms:graphic:upload'),
    );
    await grant(t, libraryId, 'user', noUpload.userId, 'write');
    const refused = await upload(noUpload.caller, { libraryId }, [{ filename: 'n.png', content: PNG }]);
    expect(refused).toMatchObject({ status: 403, body: { msg: 'The current operation has no permission' } });
    const del = await reader.caller.request({ method: 'DELETE', url: '/prod-api/ccms/graphic', payload: { libraryId, paths: ['images/logo.png'] } });
    expect(del).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    expect(await head()).toBe(before);
  });

  it('deletes images in one commit; refuses a non-image or a path outside', async () => {
    const before = await head();
    const notImage = await writer.caller.request({ method: 'DELETE', url: '/prod-api/ccms/graphic', payload: { libraryId, paths: ['topics/intro.dita'] } });
    expect(notImage.body).toMatchObject({ code: 400, msg: '"topics/intro.dita" is not an image' });
    const outside = await writer.caller.request({ method: 'DELETE', url: '/prod-api/ccms/graphic', payload: { libraryId, paths: ['../x.png'] } });
    expect(outside.body.code).toBe(400);
    expect(await head()).toBe(before);

    const res = await writer.caller.request({
      method: 'DELETE',
      url: '/prod-api/ccms/graphic',
      payload: { libraryId, paths: ['images/new/chart.png', 'images/under.png'] },
    });
    expect(res.body).toMatchObject({ code: 200, data: { paths: ['images/new/chart.png', 'images/under.png'] } });
    expect((await remote().log('docs', 'main'))[0]?.subject).toBe('Delete chart.png, under.png');
    expect(await remote().show('docs', 'main', 'images/new/chart.png')).toBeNull();
    const gone = await writer.caller.request({ method: 'DELETE', url: '/prod-api/ccms/graphic', payload: { libraryId, paths: ['images/new/chart.png'] } });
    expect(gone.status).toBe(404);
  });
});

describe('checkGraphic', () => {
  /** An upload as the multipart reader hands it over: size and first bytes of the temp file. */
  const upload = (filename: string, content: Buffer) => ({ filename, path: '/nowhere', size: content.length, head: content.subarray(0, 64) });
  it('takes PNG and JPEG strictly under 2 MB by name and content', () => {
    expect(() => checkGraphic(upload('a.PNG', PNG))).not.toThrow();
    expect(() => checkGraphic(upload('a.jpg', JPEG))).not.toThrow();
    expect(() => checkGraphic(upload('a.png', pngOfSize(2 * MB - 1)))).not.toThrow();
    expect(() => checkGraphic(upload('a.png', pngOfSize(2 * MB)))).toThrow('graphic.tooLarge');
    expect(() => checkGraphic(upload('a.svg', Buffer.from('<svg/>')))).toThrow('graphic.wrongType');
  });
});
