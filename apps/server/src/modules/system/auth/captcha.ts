import { randomUUID } from 'node:crypto';
import { CAPTCHA_VALID_MS } from '@ccms/contracts/constants';
import { eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../../db/client';
import { sysCaptcha } from '../../../db/schema';
import { badRequest } from '../../../platform/http/errors';

/** A new arithmetic captcha: the image goes to the browser, the answer stays in the database. */
export async function issueCaptcha(db: Db) {
  const { data, text } = svgCaptcha.createMathExpr({ mathMin: 1, mathMax: 9, mathOperator: '+-', noise: 2, width: 120, height: 40 });
  const uuid = randomUUID();
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expireTime, sql`now()`));
  await db.insert(sysCaptcha).values({ uuid, code: text, expireTime: new Date(Date.now() + CAPTCHA_VALID_MS) });
  return { uuid, img: Buffer.from(data).toString('base64') };
}

/** Checks an answer once: the row is deleted whatever the outcome, so an answer never works twice. */
export async function consumeCaptcha(db: Db, uuid: string | undefined, code: string | undefined) {
  if (!code?.trim()) throw badRequest('login.code.required');
  if (!uuid) throw badRequest('login.captcha.expired');
  const [row] = await db.delete(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)).returning();
  if (!row || row.expireTime.getTime() < Date.now()) throw badRequest('login.captcha.expired');
  if (row.code.trim().toLowerCase() !== code.trim().toLowerCase()) throw badRequest('login.captcha.wrong');
}
