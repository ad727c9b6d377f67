import { randomUUID } from 'node:crypto';
import { CAPTCHA_VALID_MS } from '@ccms/contracts/constants';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysCaptcha } from '../../../db/schema';
import { badRequest } from '../../../platform/http/errors';
import { mathChallenge, renderCaptcha } from './captcha-image';

/**
 * A new arithmetic captcha: the image goes to the browser as base64 of a PNG without a data: prefix
 * (RuoYi's `img`, which its client shows as an image data URL), the answer stays in the database.
 */
export async function issueCaptcha(db: Db) {
  const { expression, answer } = mathChallenge();
  const uuid = randomUUID();
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expireTime, sql`now()`));
  await db.insert(sysCaptcha).values({ uuid, code: answer, expireTime: new Date(Date.now() + CAPTCHA_VALID_MS) });
  return { uuid, img: renderCaptcha(expression).toString('base64') };
}

/** Checks an answer once: the row is deleted whatever the outcome, so an answer never works twice. */
export async function consumeCaptcha(db: Db, uuid: string | undefined, code: string | undefined) {
  if (!code?.trim()) throw badRequest('login.code.required');
  if (!uuid) throw badRequest('login.captcha.expired');
  const [row] = await db.delete(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)).returning();
  if (!row || row.expireTime.getTime() < Date.now()) throw badRequest('login.captcha.expired');
  if (row.code.trim().toLowerCase() !== code.trim().toLowerCase()) throw badRequest('login.captcha.wrong');
}
