import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysOidcProvider, sysUserIdentity } from '../../../db/schema';

export type ProviderRow = typeof sysOidcProvider.$inferSelect;

/** The provider settings row, or undefined before an administrator saved any. */
export async function findProvider(db: Db): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(sysOidcProvider).where(eq(sysOidcProvider.providerId, 1));
  return row;
}

export async function saveProvider(db: Db, values: Omit<typeof sysOidcProvider.$inferInsert, 'providerId'>) {
  await db
    .insert(sysOidcProvider)
    .values({ providerId: 1, ...values })
    .onConflictDoUpdate({ target: sysOidcProvider.providerId, set: values });
}

export async function findIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(sysUserIdentity)
    .where(and(eq(sysUserIdentity.issuer, issuer), eq(sysUserIdentity.subject, subject)));
  return row;
}

export const identitiesOf = (db: Db, userId: number) =>
  db
    .select({ identityId: sysUserIdentity.identityId, issuer: sysUserIdentity.issuer, subject: sysUserIdentity.subject, boundAt: sysUserIdentity.boundAt })
    .from(sysUserIdentity)
    .where(eq(sysUserIdentity.userId, userId))
    .orderBy(asc(sysUserIdentity.identityId));

/** Removes one of the user's own links; answers whether one was removed. */
export async function unbindIdentity(db: Db, userId: number, identityId: number): Promise<boolean> {
  const gone = await db
    .delete(sysUserIdentity)
    .where(and(eq(sysUserIdentity.identityId, identityId), eq(sysUserIdentity.userId, userId)))
    .returning({ id: sysUserIdentity.identityId });
  return gone.length > 0;
}
