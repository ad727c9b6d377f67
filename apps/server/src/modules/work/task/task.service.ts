import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { PLAN_STATUSES_LOCKING_TASKS, type PlanStatus } from '@ccms/contracts/work/plan';
import { effortSplit, type Task, type TaskBody, type TaskFilter, type TaskProgressBody, type TaskQuery, type TaskUpdate } from '@ccms/contracts/work/task';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsTask } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import type { NotificationService } from '../../system/notification/notification.service';
import { findPlanRow } from '../plan/plan.queries';
import { userExists } from '../project/project.queries';
import { assertProjectAccess, assertSameProject, isSystemAdmin, projectAllows, projectLevel } from '../project/project-access';
import { noticeChannelOf } from '../project/project-notice';
import { taskColumns } from './task.excel';
import { filteredTasks, findTask, listTasks, type TaskJoined, type TaskScope, tasksWithPlans } from './task.queries';

export function presentTask(row: TaskJoined): Task {
  const { taskId, delFlag: _d, ...rest } = row.task;
  return {
    ...rest,
    id: taskId,
    projectTitle: row.projectTitle,
    planTitle: row.planTitle ?? '',
    assigneeName: row.assigneeName ?? '',
    writerName: row.writerName ?? '',
  };
}

/** The stored fields of a body, with remain and exceed following the efforts. */
function fieldsOf(body: TaskBody) {
  return {
    planId: body.planId ?? null,
    title: body.title,
    category: body.category,
    assigneeId: body.assigneeId ?? null,
    writerId: body.writerId ?? null,
    status: body.status,
    beginDate: body.beginDate ?? null,
    dueDate: body.dueDate ?? null,
    description: body.description,
    effort: body.effort,
    effortCompleted: body.effortCompleted,
    ...effortSplit(body.effort, body.effortCompleted),
  };
}

/** Tasks of a project: readers see them, writers change them, an assignee or writer reports progress on their own. */
export function taskService(db: Db, notices?: Pick<NotificationService, 'notify'>) {
  /** Tells a new assignee (or writer) of a task; someone already on it is not told again. */
  async function tellAssigned(
    auth: AuthContext,
    task: { taskId: number; projectId: number; planId: number | null; title: string },
    now: (number | null)[],
    before: (number | null)[] = [],
  ) {
    const recipients = now.filter((id): id is number => id !== null && !before.includes(id));
    if (!notices || recipients.length === 0) return;
    await notices.notify({
      event: 'taskAssigned',
      recipients,
      params: { name: task.title, actor: auth.nickName || auth.userName },
      link: `/work/task?taskId=${task.taskId}`,
      channel: await noticeChannelOf(db, task.projectId, task.planId),
      actorId: auth.userId,
    });
  }

  async function load(auth: AuthContext, taskId: number, need: 'read' | 'write') {
    const row = await findTask(db, taskId);
    if (!row) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `task ${taskId}` }) : forbidden('noRelevantPermissions');
    await assertProjectAccess(db, auth, row.task.projectId, need);
    return row;
  }

  async function checkFields(body: TaskBody) {
    if (body.planId) {
      const plan = await findPlanRow(db, body.planId);
      if (!plan) throw badRequest('plan.missing');
      assertSameProject(body.projectId, plan.projectId);
    }
    for (const field of ['assigneeId', 'writerId'] as const) {
      const id = body[field];
      if (id && !(await userExists(db, id))) throw badRequest('project.userMissing', { field });
    }
  }

  const readable = (auth: AuthContext): TaskScope => ({ kind: 'readable', caller: auth });

  return {
    async list(auth: AuthContext, q: TaskQuery) {
      const page = await listTasks(db, readable(auth), q);
      return { rows: page.rows.map(presentTask), total: page.total };
    },
    /** Tasks assigned to the caller, or that the caller writes. */
    async mine(auth: AuthContext, q: TaskQuery) {
      const page = await listTasks(db, { kind: 'mine', userId: auth.userId }, q);
      return { rows: page.rows.map(presentTask), total: page.total };
    },
    async export(auth: AuthContext, q: TaskFilter, lang: Language) {
      return toXlsx(translate(lang, 'task.excel.sheet'), taskColumns(lang), (await filteredTasks(db, readable(auth), q)).map(presentTask), lang);
    },
    async get(auth: AuthContext, id: number) {
      const row = await findTask(db, id);
      // The assignee and the writer see their own task.
      if (row && (row.task.assigneeId === auth.userId || row.task.writerId === auth.userId)) return presentTask(row);
      return presentTask(await load(auth, id, 'read'));
    },
    async create(auth: AuthContext, body: TaskBody) {
      await assertProjectAccess(db, auth, body.projectId, 'write');
      await checkFields(body);
      const [created] = await db
        .insert(ccmsTask)
        .values({ projectId: body.projectId, ...fieldsOf(body), createBy: auth.userName })
        .returning({ id: ccmsTask.taskId });
      if (created)
        await tellAssigned(auth, { taskId: created.id, projectId: body.projectId, planId: body.planId ?? null, title: body.title }, [
          body.assigneeId ?? null,
          body.writerId ?? null,
        ]);
      return created?.id ?? 0;
    },
    async update(auth: AuthContext, body: TaskUpdate) {
      const row = await load(auth, body.id, 'write');
      assertSameProject(row.task.projectId, body.projectId);
      await checkFields(body);
      const updated = await db
        .update(ccmsTask)
        .set({ ...fieldsOf(body), rowVersion: sql`${ccmsTask.rowVersion} + 1`, updateBy: auth.userName, updateTime: new Date() })
        .where(and(eq(ccmsTask.taskId, body.id), eq(ccmsTask.rowVersion, body.rowVersion)))
        .returning({ id: ccmsTask.taskId });
      if (updated.length === 0) throw conflict();
      await tellAssigned(
        auth,
        { taskId: body.id, projectId: row.task.projectId, planId: body.planId ?? null, title: body.title },
        [body.assigneeId ?? null, body.writerId ?? null],
        [row.task.assigneeId, row.task.writerId],
      );
    },
    /** Status and hours spent, by a writer of the project or the task's own assignee or writer. */
    async progress(auth: AuthContext, body: TaskProgressBody) {
      const row = await findTask(db, body.id);
      if (!row) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `task ${body.id}` }) : forbidden('noRelevantPermissions');
      const own = row.task.assigneeId === auth.userId || row.task.writerId === auth.userId;
      if (!own && !projectAllows(await projectLevel(db, auth, row.task.projectId), 'write')) throw forbidden('noRelevantPermissions');
      const updated = await db
        .update(ccmsTask)
        .set({
          status: body.status,
          effortCompleted: body.effortCompleted,
          ...effortSplit(row.task.effort, body.effortCompleted),
          rowVersion: sql`${ccmsTask.rowVersion} + 1`,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(and(eq(ccmsTask.taskId, body.id), eq(ccmsTask.rowVersion, body.rowVersion)))
        .returning({ id: ccmsTask.taskId });
      if (updated.length === 0) throw conflict();
    },
    /** Deleting is refused while a task's plan is disabled, completed or closed. */
    async remove(auth: AuthContext, ids: number[]) {
      const found = await tasksWithPlans(db, ids);
      if (found.length !== ids.length)
        throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `task ${ids.join(',')}` }) : forbidden('noRelevantPermissions');
      for (const projectId of new Set(found.map((t) => t.task.projectId))) await assertProjectAccess(db, auth, projectId, 'write');
      const locked = found.some(
        (t) => t.task.planId !== null && (t.planEnable === false || PLAN_STATUSES_LOCKING_TASKS.includes((t.planStatus ?? '') as PlanStatus)),
      );
      if (locked) throw badRequest('task.deleteRefused');
      await db.update(ccmsTask).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(inArray(ccmsTask.taskId, ids));
    },
  };
}
