import type { ProjectCategory, ProjectCategoryBody, ProjectCategoryQuery, ProjectCategoryUpdate } from '@ccms/contracts/work/project-category';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsProjectCategory } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { categoriesInUse, findCategory, findValueClash, listCategories } from './project-category.queries';

type Row = typeof ccmsProjectCategory.$inferSelect;

const present = ({ categoryId, updateBy: _u, updateTime: _t, ...rest }: Row): ProjectCategory => ({ id: categoryId, ...rest });

/** The project category dictionary: name, value, status, sort. */
export function projectCategoryService(db: Db) {
  return {
    async list(q: ProjectCategoryQuery) {
      const page = await listCategories(db, q);
      return { rows: page.rows.map(present), total: page.total };
    },
    async get(id: number) {
      const row = await findCategory(db, id);
      if (!row) throw notFound('notFound.row', { what: `category ${id}` });
      return present(row);
    },
    async create(auth: AuthContext, body: ProjectCategoryBody) {
      if (await findValueClash(db, body.value)) throw badRequest('projectCategory.valueExists', { value: body.value });
      const [created] = await db
        .insert(ccmsProjectCategory)
        .values({ ...body, createBy: auth.userName })
        .returning({ id: ccmsProjectCategory.categoryId });
      return created?.id ?? 0;
    },
    async update(auth: AuthContext, body: ProjectCategoryUpdate) {
      const row = await findCategory(db, body.id);
      if (!row) throw notFound('notFound.row', { what: `category ${body.id}` });
      if (await findValueClash(db, body.value, body.id)) throw badRequest('projectCategory.valueExists', { value: body.value });
      const { id, ...fields } = body;
      await db.transaction(async (tx) => {
        await tx
          .update(ccmsProjectCategory)
          .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
          .where(eq(ccmsProjectCategory.categoryId, id));
        // Projects keep their category when its value is renamed.
        if (row.value !== body.value) await tx.update(ccmsProject).set({ category: body.value }).where(eq(ccmsProject.category, row.value));
      });
    },
    async remove(ids: number[]) {
      const [used] = await categoriesInUse(db, ids);
      if (used) throw badRequest('projectCategory.inUse', { name: used.name });
      await db.delete(ccmsProjectCategory).where(inArray(ccmsProjectCategory.categoryId, ids));
    },
  };
}
