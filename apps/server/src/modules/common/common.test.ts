import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../test/harness';
import { sysConfig, sysOperLog } from '../../db/schema';
import { UPLOAD_MAX_SIZE_KEY } from './common.service';

let t: TestApp;
let user: Caller;
let files: string;

interface Part {
  field: string;
  filename: string;
  content: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function form(parts: Part[]) {
  const boundary = '----ccmsTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (caller: Caller, url: string, parts: Part[]) => caller.request({ method: 'POST', url, ...form(parts) });

/** Every file under the upload folder, relative to it. */
async function uploaded(): Promise<string[]> {
  const dir = path.join(files, 'upload');
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}

const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  files = path.join(t.dataDir, 'files');
  // Any signed-in user may upload and download: this one holds no permission at all.
  user = await callerWith(t, 'plain', []);
  await writeFile(path.join(t.dataDir, 'secret.txt'), 'outside the storage');
  await mkdir(path.join(files, 'download'), { recursive: true });
  await writeFile(path.join(files, 'download', 'a1b2_report.xlsx'), 'xlsx bytes');
  await writeFile(path.join(files, 'download', 'note.sh'), 'echo');
  await symlink(path.join(t.dataDir, 'secret.txt'), path.join(files, 'download', 'link.txt'));
});
afterAll(() => t.close());

describe('POST /common/upload', () => {
  it('stores the file under upload/yyyy/mm/dd with a sanitized, randomized name', async () => {
    const res = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'My Report (v2).PDF', content: '%PDF-1.4 test' }]);
    expect(res.status).toBe(200);
    const now = new Date();
    const day = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}`;
    expect(res.body).toMatchObject({ code: 200, originalFilename: 'My Report (v2).PDF' });
    expect(res.body.newFileName).toMatch(/^My_Report_v2_[0-9a-f]{16}\.pdf$/);
    expect(res.body.fileName).toBe(`/profile/upload/${day}/${res.body.newFileName}`);
    expect(res.body.url).toMatch(new RegExp(`^http://[^/]+/prod-api/profile/upload/${day}/`));
    expect(await readFile(path.join(files, 'upload', day, res.body.newFileName), 'utf8')).toBe('%PDF-1.4 test');
  });

  it('keeps only the last part of a client path in the name', async () => {
    const res = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: '../../etc/passwd.txt', content: 'x' }]);
    expect(res.body.newFileName).toMatch(/^passwd_[0-9a-f]{16}\.txt$/);
    expect(res.body.fileName.startsWith('/profile/upload/')).toBe(true);
  });

  it.each([
    [
      'virus.exe',
      'File: wrong file format, please upload files in doc/docx/xls/xlsx/ppt/pptx/txt/pdf/png/jpg/jpeg/gif/bmp/zip/rar/gz/xml/dita/ditamap/mp4 format',
    ],
    [
      'noextension',
      'File: wrong file format, please upload files in doc/docx/xls/xlsx/ppt/pptx/txt/pdf/png/jpg/jpeg/gif/bmp/zip/rar/gz/xml/dita/ditamap/mp4 format',
    ],
    [
      'page.html',
      'File: wrong file format, please upload files in doc/docx/xls/xlsx/ppt/pptx/txt/pdf/png/jpg/jpeg/gif/bmp/zip/rar/gz/xml/dita/ditamap/mp4 format',
    ],
  ])('refuses %s by type and stores nothing', async (filename, msg) => {
    const before = await uploaded();
    const res = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename, content: 'x' }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg });
    expect(await uploaded()).toEqual(before);
  });

  it('accepts DITA sources and the other listed types', async () => {
    for (const name of ['topic.dita', 'book.ditamap', 'clip.mp4', 'sheet.xlsx', 'archive.gz']) {
      expect((await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: name, content: 'x' }])).body.code).toBe(200);
    }
  });

  it('allows files strictly smaller than 5 MB by default', async () => {
    const before = await uploaded();
    const over = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'big.zip', content: Buffer.alloc(5 * MB + 1) }]);
    expect(over.body).toEqual({ code: 400, msg: 'File: the file size cannot exceed 5 MB' });
    const exact = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'big.zip', content: Buffer.alloc(5 * MB) }]);
    expect(exact.body).toEqual({ code: 400, msg: 'File: the file size cannot exceed 5 MB' });
    expect(await uploaded()).toEqual(before);
    const under = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'big.zip', content: Buffer.alloc(5 * MB - 1) }]);
    expect(under.body.code).toBe(200);
  });

  it(`takes its limit from sys_config ${UPLOAD_MAX_SIZE_KEY}`, async () => {
    await t.database.db.insert(sysConfig).values({ configName: 'upload size', configKey: UPLOAD_MAX_SIZE_KEY, configValue: '1' });
    try {
      const res = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'mid.zip', content: Buffer.alloc(2 * MB) }]);
      expect(res.body).toEqual({ code: 400, msg: 'File: the file size cannot exceed 1 MB' });
      const zh = await user.request({
        method: 'POST',
        url: '/prod-api/common/upload',
        ...form([{ field: 'file', filename: 'mid.zip', content: Buffer.alloc(2 * MB) }]),
        headers: { 'accept-language': 'zh', ...form([]).headers },
      });
      expect(zh.body.msg).toBe('文件：上传文件大小不能超过1MB');
    } finally {
      await t.database.db.delete(sysConfig).where(eq(sysConfig.configKey, UPLOAD_MAX_SIZE_KEY));
    }
  });

  it('needs a file in the "file" field of a multipart form, and a signed-in caller', async () => {
    expect((await user.post('/prod-api/common/upload', { file: 'x' })).body).toEqual({ code: 400, msg: 'File: choose a file to upload' });
    const wrong = await upload(user, '/prod-api/common/upload', [{ field: 'attachment', filename: 'a.txt', content: 'x' }]);
    expect(wrong.body).toEqual({ code: 400, msg: 'File: choose a file to upload' });
    const anon = await upload(t.anonymous, '/prod-api/common/upload', [{ field: 'file', filename: 'a.txt', content: 'x' }]);
    expect(anon.status).toBe(401);
  });
});

describe('POST /common/uploads', () => {
  it('stores several files and answers comma-joined lists', async () => {
    const res = await upload(user, '/prod-api/common/uploads', [
      { field: 'files', filename: 'one.txt', content: '1' },
      { field: 'files', filename: 'two.png', content: '2' },
    ]);
    expect(res.body.code).toBe(200);
    expect(res.body.originalFilenames).toBe('one.txt,two.png');
    expect(res.body.fileNames.split(',')).toHaveLength(2);
    expect(res.body.newFileNames).toMatch(/^one_[0-9a-f]{16}\.txt,two_[0-9a-f]{16}\.png$/);
    expect(res.body.urls.split(',')[1]).toContain('/prod-api/profile/upload/');
  });

  it('stores nothing when one file is refused, or when there are more than 5', async () => {
    const before = await uploaded();
    const mixed = await upload(user, '/prod-api/common/uploads', [
      { field: 'files', filename: 'good.txt', content: '1' },
      { field: 'files', filename: 'bad.bat', content: '2' },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.msg).toMatch(/^Files: wrong file format/);
    const many = await upload(
      user,
      '/prod-api/common/uploads',
      Array.from({ length: 6 }, (_, i) => ({ field: 'files', filename: `f${i}.txt`, content: 'x' })),
    );
    expect(many.body).toEqual({ code: 400, msg: 'Files: the number of files cannot exceed 5' });
    expect(await uploaded()).toEqual(before);
  });
});

describe('operation log', () => {
  it('records every upload, single or several, kept or refused, under the uploader', async () => {
    const logs = () =>
      t.database.db
        .select()
        .from(sysOperLog)
        .where(and(eq(sysOperLog.title, 'upload'), eq(sysOperLog.operName, 'logger')))
        .orderBy(sysOperLog.operId);
    const uploader = await callerWith(t, 'logger', []);
    expect((await upload(uploader, '/prod-api/common/upload', [{ field: 'file', filename: 'a.txt', content: 'a' }])).body.code).toBe(200);
    const two = [
      { field: 'files', filename: 'b.txt', content: 'b' },
      { field: 'files', filename: 'c.txt', content: 'c' },
    ];
    expect((await upload(uploader, '/prod-api/common/uploads', two)).body.code).toBe(200);
    expect((await upload(uploader, '/prod-api/common/upload', [{ field: 'file', filename: 'x.bat', content: 'x' }])).status).toBe(400);
    await expect
      .poll(async () => (await logs()).map((l) => [l.operUrl, l.businessType, l.status]))
      .toEqual([
        ['/prod-api/common/upload', 1, 0],
        ['/prod-api/common/uploads', 1, 0],
        ['/prod-api/common/upload', 1, 1],
      ]);
    const [first, second, refused] = await logs();
    expect(first?.jsonResult).toContain('a.txt');
    expect(second?.jsonResult).toContain('b.txt,c.txt');
    expect(refused?.errorMsg).toMatch(/wrong file format/);
  });
});

describe('GET /common/download/resource', () => {
  it('sends back an uploaded file by the fileName the upload answered', async () => {
    const up = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: '说明 书.docx', content: 'docx bytes' }]);
    const res = await user.get('/prod-api/common/download/resource', { resource: up.body.fileName });
    expect(res.status).toBe(200);
    expect(res.raw).toBe('docx bytes');
    expect(decodeURIComponent(String(res.headers['download-filename']))).toBe(up.body.newFileName);
    expect(up.body.newFileName).toMatch(/^说明_书_[0-9a-f]{16}\.docx$/);
    const byKey = await user.get('/prod-api/common/download/resource', { resource: up.body.fileName.replace('/profile/', '') });
    expect(byKey.raw).toBe('docx bytes');
    expect((await t.anonymous.get('/prod-api/common/download/resource', { resource: up.body.fileName })).status).toBe(401);
  });

  it.each([
    ['/profile/upload/../download/a1b2_report.xlsx'],
    ['/profile/upload/2024/../../secret.txt'],
    ['upload/..%2f..%2fsecret.txt'],
    ['/profile/download/a1b2_report.xlsx'],
    ['download/a1b2_report.xlsx'],
    ['/etc/passwd'],
    ['/profile/upload//etc/passwd.txt'],
    ['upload\\..\\secret.txt'],
    ['upload/x\u0000.txt'],
  ])('refuses %j with 400 naming resource', async (resource) => {
    const res = await user.get('/prod-api/common/download/resource', { resource });
    expect(res.status).toBe(400);
    // A NUL is refused by the request validator, before the file-name rules, still naming the field.
    expect(res.body.msg).toMatch(/^Resource(: the file name is not allowed, download refused| must not contain a NUL character)$/);
  });

  it('refuses the raw encoded forms the web might send', async () => {
    for (const q of ['%2e%2e%2fsecret.txt', 'upload%2f%2e%2e%2f%2e%2e%2fsecret.txt', 'upload%2F%252e%252e%252fsecret.txt', '%2Fetc%2Fpasswd']) {
      const res = await user.request({ method: 'GET', url: `/prod-api/common/download/resource?resource=${q}` });
      expect(res.status, q).toBe(400);
    }
  });

  it('refuses a link inside upload/ that points outside', async () => {
    await mkdir(path.join(files, 'upload', 'links'), { recursive: true });
    await symlink(path.join(t.dataDir, 'secret.txt'), path.join(files, 'upload', 'links', 'escape.txt'));
    await symlink(t.dataDir, path.join(files, 'upload', 'links', 'dir'));
    for (const resource of ['/profile/upload/links/escape.txt', '/profile/upload/links/dir/secret.txt']) {
      const res = await user.get('/prod-api/common/download/resource', { resource });
      expect(res.status).toBe(400);
      expect(res.raw).not.toContain('outside the storage');
    }
  });

  it('answers 404 for a missing upload', async () => {
    expect((await user.get('/prod-api/common/download/resource', { resource: '/profile/upload/2020/01/01/none.pdf' })).body).toEqual({
      code: 404,
      msg: 'The file does not exist',
    });
  });
});

describe('GET /common/download', () => {
  it('sends a file of the download folder under the name after its first "_"', async () => {
    const res = await user.get('/prod-api/common/download', { fileName: 'a1b2_report.xlsx' });
    expect(res.status).toBe(200);
    expect(res.raw).toBe('xlsx bytes');
    expect(res.headers['download-filename']).toBe('report.xlsx');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''report.xlsx");
    expect(await stat(path.join(files, 'download', 'a1b2_report.xlsx'))).toBeTruthy();
  });

  it('removes the file after sending it when delete=true', async () => {
    await writeFile(path.join(files, 'download', 'once_export.xlsx'), 'one shot');
    const res = await user.get('/prod-api/common/download', { fileName: 'once_export.xlsx', delete: 'true' });
    expect(res.raw).toBe('one shot');
    const gone = path.join(files, 'download', 'once_export.xlsx');
    for (let i = 0; i < 50 && (await stat(gone).catch(() => null)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stat(gone).catch(() => null)).toBeNull();
  });

  it.each([
    ['../secret.txt'],
    ['..'],
    ['sub/../../secret.txt'],
    ['/etc/passwd'],
    ['C:/windows/win.ini'],
    ['..\\secret.txt'],
    ['a\u0000.xlsx'],
    ['%2e%2e/secret.txt'],
    ['%2e%2e%2fsecret.txt'],
  ])('refuses %j with 400 naming fileName, removing nothing', async (fileName) => {
    const res = await user.get('/prod-api/common/download', { fileName, delete: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^File name(: the file name is not allowed, download refused| must not contain a NUL character)$/);
    expect(await readFile(path.join(t.dataDir, 'secret.txt'), 'utf8')).toBe('outside the storage');
  });

  it('refuses raw encoded traversal in the query string', async () => {
    for (const q of ['..%2Fsecret.txt', '%2E%2E%2Fsecret.txt', '%252e%252e%252fsecret.txt', '%2Fetc%2Fpasswd', '..%5Csecret.txt', 'a%00.xlsx']) {
      const res = await user.request({ method: 'GET', url: `/prod-api/common/download?fileName=${q}` });
      expect(res.status, q).toBe(400);
    }
  });

  it('refuses a symlink that leads outside the download folder', async () => {
    const res = await user.get('/prod-api/common/download', { fileName: 'link.txt', delete: 'true' });
    expect(res.status).toBe(400);
    expect(res.raw).not.toContain('outside the storage');
    expect(await readFile(path.join(t.dataDir, 'secret.txt'), 'utf8')).toBe('outside the storage');
  });

  it('refuses types outside the list, a missing name, a missing file', async () => {
    expect((await user.get('/prod-api/common/download', { fileName: 'note.sh' })).body).toEqual({
      code: 400,
      msg: 'File name: files of type sh cannot be downloaded',
    });
    expect((await user.get('/prod-api/common/download')).body).toEqual({ code: 400, msg: 'File name is required' });
    expect((await user.get('/prod-api/common/download', { fileName: 'nothere.xlsx' })).status).toBe(404);
    expect((await t.anonymous.get('/prod-api/common/download', { fileName: 'a1b2_report.xlsx' })).status).toBe(401);
  });
});

describe('GET /profile/upload/*', () => {
  it('shows an uploaded image inline without a token, and sends other files as attachments', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const image = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'wing.png', content: png }]);
    const shown = await t.anonymous.get(`/prod-api${image.body.fileName}`);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    const doc = await upload(user, '/prod-api/common/upload', [{ field: 'file', filename: 'page.txt', content: '<script>x</script>' }]);
    const sent = await t.anonymous.get(`/prod-api${doc.body.fileName}`);
    expect(sent.headers['content-type']).toBe('application/octet-stream');
    expect(String(sent.headers['content-disposition'])).toMatch(/^attachment/);
  });

  it('refuses paths that leave the upload folder', async () => {
    expect((await t.anonymous.get('/prod-api/profile/upload/..%2f..%2fsecret.txt')).status).toBe(400);
    expect((await t.anonymous.get('/prod-api/profile/upload/2026/01/01/none_0000.png')).status).toBe(404);
  });
});
