import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysLoginFailure } from '../../../db/schema';

/** Lifts every sign-in lock of a user (all addresses): an administrator's unlock or password reset. */
export const clearLoginFailures = (db: Db, userId: number) => db.delete(sysLoginFailure).where(eq(sysLoginFailure.userId, userId));
