import type { PostFilter, PostQuery } from '@ccms/contracts/system/post';
import { and, asc, count, eq, inArray, like, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysPost, sysUserPost } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { postSort: sysPost.postSort, postCode: sysPost.postCode, postName: sysPost.postName, createTime: sysPost.createTime };

function filters(q: PostFilter): SQL | undefined {
  return and(
    q.postCode ? like(sysPost.postCode, containing(q.postCode)) : undefined,
    q.postName ? like(sysPost.postName, containing(q.postName)) : undefined,
    q.status ? eq(sysPost.status, q.status) : undefined,
  );
}

export async function listPosts(db: Db, q: PostQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysPost)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(sysPost.postSort)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysPost).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every post the filters select, for exports. */
export const filteredPosts = (db: Db, q: PostFilter) => db.select().from(sysPost).where(filters(q)).orderBy(asc(sysPost.postSort));

export const allPosts = (db: Db) => db.select().from(sysPost).where(eq(sysPost.status, '0')).orderBy(asc(sysPost.postSort));

export async function findPost(db: Db, postId: number) {
  const [row] = await db.select().from(sysPost).where(eq(sysPost.postId, postId));
  return row;
}

/** Another post already holding this code or name (excluding `exceptId`). */
export async function findClash(db: Db, field: 'postCode' | 'postName', value: string, exceptId?: number) {
  const [row] = await db
    .select({ postId: sysPost.postId })
    .from(sysPost)
    .where(and(eq(sysPost[field], value), exceptId ? ne(sysPost.postId, exceptId) : undefined));
  return row;
}

export async function postsInUse(db: Db, postIds: number[]) {
  return db
    .selectDistinct({ postId: sysUserPost.postId, postName: sysPost.postName })
    .from(sysUserPost)
    .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(inArray(sysUserPost.postId, postIds));
}
