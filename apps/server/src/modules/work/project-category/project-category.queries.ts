import type { ProjectCategoryQuery } from '@ccms/contracts/work/project-category';
import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsProjectCategory } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = {
  name: ccmsProjectCategory.name,
  value: ccmsProjectCategory.value,
  sort: ccmsProjectCategory.sort,
  createTime: ccmsProjectCategory.createTime,
};

function filters(q: Partial<ProjectCategoryQuery>): SQL | undefined {
  return and(
    q.name ? ilike(ccmsProjectCategory.name, containing(q.name)) : undefined,
    q.value ? ilike(ccmsProjectCategory.value, containing(q.value)) : undefined,
    q.status ? eq(ccmsProjectCategory.status, q.status) : undefined,
  );
}

export async function listCategories(db: Db, q: ProjectCategoryQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ccmsProjectCategory)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(ccmsProjectCategory.sort)), asc(ccmsProjectCategory.categoryId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsProjectCategory).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCategory(db: Db, categoryId: number) {
  const [row] = await db.select().from(ccmsProjectCategory).where(eq(ccmsProjectCategory.categoryId, categoryId));
  return row;
}

export async function findValueClash(db: Db, value: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ccmsProjectCategory.categoryId })
    .from(ccmsProjectCategory)
    .where(and(eq(ccmsProjectCategory.value, value), exceptId ? ne(ccmsProjectCategory.categoryId, exceptId) : undefined));
  return row;
}

/** Categories (of the given ids) that live projects use. */
export function categoriesInUse(db: Db, categoryIds: number[]) {
  return db
    .selectDistinct({ name: ccmsProjectCategory.name })
    .from(ccmsProjectCategory)
    .innerJoin(ccmsProject, and(eq(ccmsProject.category, ccmsProjectCategory.value), eq(ccmsProject.delFlag, '0')))
    .where(inArray(ccmsProjectCategory.categoryId, categoryIds));
}
