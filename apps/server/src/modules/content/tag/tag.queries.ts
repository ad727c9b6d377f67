import type { TaggedQuery, TagQuery } from '@ccms/contracts/content/tag';
import { and, asc, count, desc, eq, inArray, like, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsTag, ccmsTagAssignment } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { tagName: ccmsTag.tagName, createTime: ccmsTag.createTime, updateTime: ccmsTag.updateTime };

/** Paths carrying the tag (a left join counts none as 0). */
const uses = () => count(ccmsTagAssignment.assignmentId);

/** A page of a library's tags, each with how many paths carry it. */
export async function listTags(db: Db, q: TagQuery) {
  const where = and(eq(ccmsTag.libraryId, q.libraryId), q.tagName ? like(ccmsTag.tagName, containing(q.tagName)) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ tag: ccmsTag, uses: uses() })
      .from(ccmsTag)
      .leftJoin(ccmsTagAssignment, eq(ccmsTagAssignment.tagId, ccmsTag.tagId))
      .where(where)
      .groupBy(ccmsTag.tagId)
      .orderBy(...orderBy(q, sortable, asc(ccmsTag.tagName)), desc(ccmsTag.tagId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsTag).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.tag, uses: Number(r.uses) })), total: total?.n ?? 0 };
}

export async function findTag(db: Db, tagId: number) {
  const [row] = await db
    .select({ tag: ccmsTag, uses: uses() })
    .from(ccmsTag)
    .leftJoin(ccmsTagAssignment, eq(ccmsTagAssignment.tagId, ccmsTag.tagId))
    .where(eq(ccmsTag.tagId, tagId))
    .groupBy(ccmsTag.tagId);
  return row ? { ...row.tag, uses: Number(row.uses) } : null;
}

export const tagOptions = (db: Db, libraryId: number) =>
  db
    .select({ tagId: ccmsTag.tagId, tagName: ccmsTag.tagName, color: ccmsTag.color })
    .from(ccmsTag)
    .where(eq(ccmsTag.libraryId, libraryId))
    .orderBy(asc(ccmsTag.tagName));

/** True when the library already has a tag of this name (other than `exceptId`). */
export async function tagNameClash(db: Db, libraryId: number, tagName: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ tagId: ccmsTag.tagId })
    .from(ccmsTag)
    .where(and(eq(ccmsTag.libraryId, libraryId), eq(ccmsTag.tagName, tagName), exceptId ? ne(ccmsTag.tagId, exceptId) : undefined));
  return row !== undefined;
}

export const tagsById = (db: Db, tagIds: number[]) =>
  tagIds.length === 0 ? Promise.resolve([]) : db.select().from(ccmsTag).where(inArray(ccmsTag.tagId, tagIds));

/** The tags on each of these paths of a branch (for lists of documents or topics too). */
export async function tagsOfPaths(db: Db, q: { libraryId: number; branch: string; paths: string[] }) {
  const out = new Map<string, { tagId: number; tagName: string; color: string }[]>();
  if (q.paths.length === 0) return out;
  const rows = await db
    .select({ path: ccmsTagAssignment.path, tagId: ccmsTag.tagId, tagName: ccmsTag.tagName, color: ccmsTag.color })
    .from(ccmsTagAssignment)
    .innerJoin(ccmsTag, eq(ccmsTag.tagId, ccmsTagAssignment.tagId))
    .where(and(eq(ccmsTagAssignment.libraryId, q.libraryId), eq(ccmsTagAssignment.branch, q.branch), inArray(ccmsTagAssignment.path, q.paths)))
    .orderBy(asc(ccmsTag.tagName));
  for (const r of rows) out.set(r.path, [...(out.get(r.path) ?? []), { tagId: r.tagId, tagName: r.tagName, color: r.color }]);
  return out;
}

/** A page of the paths one tag is on. */
export async function taggedPaths(db: Db, tagId: number, q: TaggedQuery) {
  const where = and(eq(ccmsTagAssignment.tagId, tagId), q.branch ? eq(ccmsTagAssignment.branch, q.branch) : undefined) as SQL;
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        assignmentId: ccmsTagAssignment.assignmentId,
        branch: ccmsTagAssignment.branch,
        path: ccmsTagAssignment.path,
        createBy: ccmsTagAssignment.createBy,
        createTime: ccmsTagAssignment.createTime,
      })
      .from(ccmsTagAssignment)
      .where(where)
      .orderBy(asc(ccmsTagAssignment.branch), asc(ccmsTagAssignment.path))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsTagAssignment).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
