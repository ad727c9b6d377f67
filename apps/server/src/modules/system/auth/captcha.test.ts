import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { sysCaptcha } from '../../../db/schema';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, mathChallenge } from './captcha-image';
import { crc32, PNG_SIGNATURE } from './png';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captcha: true });
});
afterAll(() => t.close());

interface Chunk {
  type: string;
  data: Buffer;
}

/** The chunks of a PNG file, each checked against its CRC. */
function chunksOf(png: Buffer): Chunk[] {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

/** A picture's decoded rows (filter byte dropped) after checking the file is a well-formed RGB PNG. */
function decode(img: string) {
  const png = Buffer.from(img, 'base64');
  const chunks = chunksOf(png);
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]?.data ?? Buffer.alloc(0);
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
  const stride = width * 3 + 1;
  expect(raw.length).toBe(height * stride);
  const rows = Array.from({ length: height }, (_, y) => {
    expect(raw[y * stride]).toBe(0);
    return raw.subarray(y * stride + 1, (y + 1) * stride);
  });
  return { width, height, rows };
}

const answerOf = async (uuid: string) => (await t.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)))[0]?.code ?? '';

describe('GET /captchaImage', () => {
  it('answers a PNG as base64 without a data: prefix, as RuoYi does', async () => {
    const res = await t.anonymous.get('/prod-api/captchaImage');
    expect(res.body).toMatchObject({ code: 200, captchaEnabled: true });
    expect(res.body.img).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const { width, height, rows } = decode(res.body.img);
    expect([width, height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    // Not a blank picture: the glyphs and the noise give it many colours.
    const colours = new Set(rows.flatMap((row) => Array.from({ length: width }, (_, x) => row.readUIntBE(x * 3, 3))));
    expect(colours.size).toBeGreaterThan(20);
  });

  it('gives every captcha its own picture, and its answer signs in once', async () => {
    const first = await t.anonymous.get('/prod-api/captchaImage');
    const second = await t.anonymous.get('/prod-api/captchaImage');
    expect(first.body.uuid).not.toBe(second.body.uuid);
    expect(first.body.img).not.toBe(second.body.img);
    const code = await answerOf(first.body.uuid);
    expect(code).toMatch(/^\d+$/);
    const signIn = () => t.anonymous.post('/prod-api/login', { username: 'admin', password: 'admin123', uuid: first.body.uuid, code });
    const ok = await signIn();
    expect(ok.body.code).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
    expect((await signIn()).body).toEqual({ code: 400, msg: 'The captcha has expired' });
  });
});

describe('mathChallenge', () => {
  it('asks a sum, difference or product of two digits whose answer is the stored text, never negative', () => {
    for (let i = 0; i < 200; i++) {
      const { expression, answer } = mathChallenge();
      const m = /^([1-9])([+\-×])([1-9])=\?$/.exec(expression);
      expect(m).not.toBeNull();
      const [a, op, b] = [Number(m?.[1]), m?.[2], Number(m?.[3])];
      expect(Number(answer)).toBe(op === '+' ? a + b : op === '-' ? a - b : a * b);
      expect(Number(answer)).toBeGreaterThanOrEqual(0);
    }
  });
});
