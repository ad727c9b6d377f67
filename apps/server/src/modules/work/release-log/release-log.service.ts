import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { ReleaseLog, ReleaseLogBody, ReleaseLogFilter, ReleaseLogQuery, ReleaseLogUpdate } from '@ccms/contracts/work/release-log';
import { RELEASE_LOG_STATUSES } from '@ccms/contracts/work/release-log';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsReleaseLog } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { assertProjectAccess, assertSameProject, readableProjectCondition } from '../project/project-access';
import { planOf } from '../work-item/work-item.queries';
import { releaseLogColumns } from './release-log.excel';
import { allLogs, filterSql, findLog, findLogs, nextSeq, pageLogs, type ReleaseLogRow } from './release-log.queries';

function present(row: ReleaseLogRow): ReleaseLog {
  const { seq, delFlag: _d, outputId: _o, status, ...rest } = row;
  return { ...rest, index: seq, status: (RELEASE_LOG_STATUSES as readonly string[]).includes(status) ? (status as ReleaseLog['status']) : 'notStarted' };
}

export function releaseLogService(db: Db) {
  async function where(auth: AuthContext, q: ReleaseLogFilter) {
    if (q.projectId !== undefined) await assertProjectAccess(db, auth, q.projectId, 'read');
    return and(q.projectId === undefined ? readableProjectCondition(auth, ccmsReleaseLog.projectId) : undefined, filterSql(q));
  }

  async function load(auth: AuthContext, logId: number, need: 'read' | 'write') {
    const row = await findLog(db, logId);
    if (!row) throw notFound('releaseLog.missing', { id: logId });
    await assertProjectAccess(db, auth, row.projectId, need);
    return row;
  }

  /** The plan's title when a plan is named (it must be in the project), else the given title. */
  async function planTitle(body: ReleaseLogBody): Promise<{ planId: number | null; planTitle: string }> {
    if (!body.planId) return { planId: null, planTitle: body.planTitle ?? '' };
    const plan = await planOf(db, body.planId);
    if (!plan || plan.projectId !== body.projectId) throw badRequest('releaseLog.planInvalid');
    return { planId: body.planId, planTitle: plan.title };
  }

  return {
    async list(auth: AuthContext, q: ReleaseLogQuery) {
      const page = await pageLogs(db, await where(auth, q), q);
      return { rows: page.rows.map(present), total: page.total };
    },
    async export(auth: AuthContext, q: ReleaseLogFilter, lang: Language) {
      const rows = (await allLogs(db, await where(auth, q))).map(present);
      return toXlsx(translate(lang, 'releaseLog.excel.sheet'), releaseLogColumns(lang), rows, lang);
    },
    async get(auth: AuthContext, logId: number, projectId?: number) {
      const row = await load(auth, logId, 'read');
      if (projectId !== undefined) assertSameProject(projectId, row.projectId);
      return present(row);
    },
    /** `outputId`: the publish output the row archives (set by the output's "archive to release", never typed by hand). */
    async create(auth: AuthContext, body: ReleaseLogBody, outputId?: number): Promise<number> {
      await assertProjectAccess(db, auth, body.projectId, 'write');
      const plan = await planTitle(body);
      return db.transaction(async (tx) => {
        // One writer per project at a time, so two logs never take the same index.
        await tx.execute(sql`SELECT ${ccmsProject.projectId} FROM ${ccmsProject} WHERE ${ccmsProject.projectId} = ${body.projectId} FOR UPDATE`);
        const [row] = await tx
          .insert(ccmsReleaseLog)
          .values({
            projectId: body.projectId,
            seq: await nextSeq(tx, body.projectId),
            ...plan,
            version: body.version,
            commitComment: body.commitComment,
            archive: body.archive,
            outputId: outputId ?? null,
            status: body.status,
            createBy: auth.userName,
          })
          .returning({ logId: ccmsReleaseLog.logId });
        if (!row) throw new Error('release log not created');
        return row.logId;
      });
    },
    async update(auth: AuthContext, body: ReleaseLogUpdate) {
      const row = await load(auth, body.logId, 'write');
      assertSameProject(body.projectId, row.projectId);
      const plan = await planTitle(body);
      await db
        .update(ccmsReleaseLog)
        .set({
          ...plan,
          version: body.version,
          commitComment: body.commitComment,
          archive: body.archive,
          status: body.status,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(eq(ccmsReleaseLog.logId, body.logId));
    },
    async remove(auth: AuthContext, ids: number[], projectId?: number) {
      const rows = await findLogs(db, ids);
      const missing = ids.find((id) => !rows.some((r) => r.logId === id));
      if (missing !== undefined) throw notFound('releaseLog.missing', { id: missing });
      for (const row of rows) {
        await assertProjectAccess(db, auth, row.projectId, 'write');
        if (projectId !== undefined) assertSameProject(projectId, row.projectId);
      }
      for (const id of ids) {
        await db.update(ccmsReleaseLog).set({ delFlag: '1', updateBy: auth.userName, updateTime: new Date() }).where(eq(ccmsReleaseLog.logId, id));
      }
    },
  };
}
