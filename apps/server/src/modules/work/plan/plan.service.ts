import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { Plan, PlanBody, PlanFilter, PlanQuery, PlanUpdate } from '@ccms/contracts/work/plan';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsPlan, ccmsTask } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { libraryExists, userExists } from '../project/project.queries';
import { assertProjectAccess, assertSameProject, isSystemAdmin } from '../project/project-access';
import { planColumns } from './plan.excel';
import { filteredPlans, findPlan, findPlanTitleClash, findReleaseRow, listPlans, type PlanJoined, plansByIds } from './plan.queries';

export function presentPlan(row: PlanJoined): Plan {
  const { planId, delFlag: _d, ...rest } = row.plan;
  const total = row.tasksTotal ?? 0;
  const completed = row.tasksCompleted ?? 0;
  return {
    ...rest,
    id: planId,
    projectTitle: row.projectTitle,
    libraryName: row.libraryName ?? '',
    releaseTitle: row.releaseTitle ?? '',
    ownerName: row.ownerName ?? '',
    reviewerName: row.reviewerName ?? '',
    tasksTotal: total,
    tasksCompleted: completed,
    progress: total === 0 ? 0 : Math.round((completed / total) * 100),
  };
}

function fieldsOf(body: PlanBody, ownerId: number) {
  return {
    title: body.title,
    libraryId: body.libraryId ?? null,
    branch: body.branch,
    releaseId: body.releaseId ?? null,
    description: body.description,
    beginDate: body.beginDate ?? null,
    dueDate: body.dueDate ?? null,
    ownerId,
    reviewerId: body.reviewerId ?? null,
    reviewRule: body.reviewRule,
    status: body.status,
    enable: body.enable,
    notice: body.notice,
    noticeType: body.noticeType,
  };
}

/** Plans of a project: readers see them, writers change them. */
export function planService(db: Db) {
  async function load(auth: AuthContext, planId: number, need: 'read' | 'write') {
    const row = await findPlan(db, planId);
    if (!row) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `plan ${planId}` }) : forbidden('noRelevantPermissions');
    await assertProjectAccess(db, auth, row.plan.projectId, need);
    return row;
  }

  async function checkFields(body: PlanBody, exceptId?: number) {
    if (await findPlanTitleClash(db, body.projectId, body.title, exceptId)) throw badRequest('plan.titleExists', { title: body.title });
    if (body.libraryId && !(await libraryExists(db, body.libraryId))) throw badRequest('project.libraryMissing');
    if (body.releaseId) {
      const release = await findReleaseRow(db, body.releaseId);
      if (!release) throw badRequest('plan.releaseMissing');
      assertSameProject(body.projectId, release.projectId);
    }
    for (const field of ['ownerId', 'reviewerId'] as const) {
      const id = body[field];
      if (id && !(await userExists(db, id))) throw badRequest('project.userMissing', { field });
    }
  }

  return {
    async list(auth: AuthContext, q: PlanQuery) {
      const page = await listPlans(db, auth, q);
      return { rows: page.rows.map(presentPlan), total: page.total };
    },
    async export(auth: AuthContext, q: PlanFilter, lang: Language) {
      return toXlsx(translate(lang, 'plan.excel.sheet'), planColumns(lang), (await filteredPlans(db, auth, q)).map(presentPlan), lang);
    },
    async get(auth: AuthContext, id: number) {
      return presentPlan(await load(auth, id, 'read'));
    },
    async create(auth: AuthContext, body: PlanBody) {
      await assertProjectAccess(db, auth, body.projectId, 'write');
      await checkFields(body);
      const [created] = await db
        .insert(ccmsPlan)
        .values({ projectId: body.projectId, ...fieldsOf(body, body.ownerId ?? auth.userId), createBy: auth.userName })
        .returning({ id: ccmsPlan.planId });
      return created?.id ?? 0;
    },
    async update(auth: AuthContext, body: PlanUpdate) {
      const row = await load(auth, body.id, 'write');
      assertSameProject(row.plan.projectId, body.projectId);
      await checkFields(body, body.id);
      const updated = await db
        .update(ccmsPlan)
        .set({
          ...fieldsOf(body, body.ownerId ?? row.plan.ownerId ?? auth.userId),
          rowVersion: sql`${ccmsPlan.rowVersion} + 1`,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(and(eq(ccmsPlan.planId, body.id), eq(ccmsPlan.rowVersion, body.rowVersion)))
        .returning({ id: ccmsPlan.planId });
      if (updated.length === 0) throw conflict();
    },
    /** Enables (open) or disables (close) a plan. */
    async setEnabled(auth: AuthContext, id: number, enable: boolean) {
      await load(auth, id, 'write');
      await db
        .update(ccmsPlan)
        .set({ enable, rowVersion: sql`${ccmsPlan.rowVersion} + 1`, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsPlan.planId, id));
    },
    /** Deletes plans; their tasks stay in the project, without a plan. */
    async remove(auth: AuthContext, ids: number[]) {
      const found = await plansByIds(db, ids);
      if (found.length !== ids.length)
        throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `plan ${ids.join(',')}` }) : forbidden('noRelevantPermissions');
      for (const projectId of new Set(found.map((p) => p.projectId))) await assertProjectAccess(db, auth, projectId, 'write');
      await db.transaction(async (tx) => {
        await tx.update(ccmsPlan).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(inArray(ccmsPlan.planId, ids));
        await tx.update(ccmsTask).set({ planId: null }).where(inArray(ccmsTask.planId, ids));
      });
    },
  };
}
