import {
  canChangeDocumentStatus,
  canChangeTopicStatus,
  INITIAL_STATUS,
  isReviewerOnlyStatus,
  nextDocumentStatuses,
  nextTopicStatuses,
  type StatusChange,
} from '@ccms/contracts/content/status';
import { isMessageKey } from '@ccms/contracts/messages';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsCatalogMeta, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { ReviewHooks } from './review-hooks';

/** What git does not hold, by library, branch and path: status, owner and the other properties. */

export type MetaRow = typeof ccmsCatalogMeta.$inferSelect;
export type MetaPatch = Partial<Pick<MetaRow, 'status' | 'owner' | 'percentage' | 'approval' | 'category' | 'department' | 'manualStatus' | 'tags'>>;

/** Join condition of the metadata row of an indexed object. */
export const metaOf = (libraryId: PgColumn, branch: PgColumn, path: PgColumn): SQL =>
  and(eq(ccmsCatalogMeta.libraryId, libraryId), eq(ccmsCatalogMeta.branch, branch), eq(ccmsCatalogMeta.path, path)) as SQL;

/** Metadata columns as lists show them (defaults where no row exists yet). */
export const metaColumns = {
  status: sql<string>`coalesce(${ccmsCatalogMeta.status}, ${INITIAL_STATUS})`,
  owner: sql<string>`coalesce(${ccmsCatalogMeta.owner}, '')`,
  percentage: sql<number>`coalesce(${ccmsCatalogMeta.percentage}, 0)`,
  approval: sql<string>`coalesce(${ccmsCatalogMeta.approval}, '')`,
  category: sql<string>`coalesce(${ccmsCatalogMeta.category}, '')`,
  department: sql<string>`coalesce(${ccmsCatalogMeta.department}, '')`,
  manualStatus: sql<string>`coalesce(${ccmsCatalogMeta.manualStatus}, '')`,
  tags: sql<string[]>`coalesce(${ccmsCatalogMeta.tags}, '[]'::jsonb)`,
};

export async function findMeta(db: Db, libraryId: number, branch: string, path: string): Promise<MetaRow | undefined> {
  const [row] = await db
    .select()
    .from(ccmsCatalogMeta)
    .where(and(eq(ccmsCatalogMeta.libraryId, libraryId), eq(ccmsCatalogMeta.branch, branch), eq(ccmsCatalogMeta.path, path)));
  return row;
}

/** Creates or updates the metadata row; absent fields keep their value. */
export async function saveMeta(db: Db, libraryId: number, branch: string, path: string, patch: MetaPatch, userName: string): Promise<void> {
  const now = new Date();
  await db
    .insert(ccmsCatalogMeta)
    .values({ libraryId, branch, path, ...patch, createBy: userName, updateBy: userName, updateTime: now })
    .onConflictDoUpdate({
      target: [ccmsCatalogMeta.libraryId, ccmsCatalogMeta.branch, ccmsCatalogMeta.path],
      set: { ...patch, updateBy: userName, updateTime: now },
    });
}

/** The owner must be an existing user (by user name); a 400 naming the field otherwise. */
export async function assertOwner(db: Db, owner: string | undefined): Promise<void> {
  if (owner === undefined || owner === '') return;
  const [user] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userName, owner), eq(sysUser.delFlag, '0')));
  if (!user) throw badRequest('owner.missing', { name: owner });
}

/**
 * Moves a document or topic to `to` by hand if the transition is allowed; otherwise a 400 that
 * names both statuses ("The status cannot change from "draft" to "published"") and nothing
 * changes. Approved, published and distributed are set by the workflow; by hand only by a
 * reviewer of the content (`review` answers; without it only a system administrator).
 */
export async function changeStatus(
  db: Db,
  kind: 'document' | 'topic',
  target: { id: number; libraryId: number; branch: string; path: string },
  to: string,
  auth: AuthContext,
  review: ReviewHooks | undefined,
): Promise<StatusChange> {
  const meta = await findMeta(db, target.libraryId, target.branch, target.path);
  const from = meta?.status ?? INITIAL_STATUS;
  const allowed = kind === 'document' ? canChangeDocumentStatus(from, to) : canChangeTopicStatus(from, to);
  if (!allowed) {
    // One sentence per pair names both statuses; a status outside the list is named as a bad field.
    const refusal = `status.refused.${from}.${to}`;
    throw isMessageKey(refusal) ? badRequest(refusal) : badRequest('field.invalidFormat', { field: 'status' });
  }
  if (isReviewerOnlyStatus(to)) {
    const reviewer = review ? await review.reviews(auth, { kind, ...target }) : auth.isAdmin;
    if (!reviewer) throw badRequest(`status.reviewerOnly.${to}`);
  }
  await saveMeta(db, target.libraryId, target.branch, target.path, { status: to }, auth.userName);
  const next = kind === 'document' ? nextDocumentStatuses(to) : nextTopicStatuses(to);
  return { kind, id: target.id, path: target.path, from, to, nextStatuses: [...next] };
}
