import type { Db } from '../../../db/client';
import { sysLogininfor } from '../../../db/schema';
import type { ClientInfo } from '../../../platform/auth/session';

/** One sign-in outcome in the login log (monitor → login log), with the message the caller was shown. */
export async function recordLogin(db: Db, userName: string, client: ClientInfo, ok: boolean, msg: string) {
  await db.insert(sysLogininfor).values({
    userName: userName.slice(0, 50),
    ipaddr: client.ip.slice(0, 128),
    browser: client.browser,
    os: client.os,
    status: ok ? '0' : '1',
    msg: msg.slice(0, 255),
  });
}

/** The `msg` of an answer as sent (translated by then), or '' when it has none. */
export function messageOf(payload: unknown): string {
  if (typeof payload !== 'string') return '';
  try {
    const body: unknown = JSON.parse(payload);
    return body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' ? body.msg : '';
  } catch {
    return '';
  }
}
