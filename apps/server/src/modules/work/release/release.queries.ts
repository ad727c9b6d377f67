import type { ReleaseFilter, ReleaseQuery } from '@ccms/contracts/work/release';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsPlan, ccmsProject, ccmsRelease } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { type ProjectCaller, readableProjectCondition } from '../project/project-access';

const sortable = {
  title: ccmsRelease.title,
  status: ccmsRelease.status,
  beginDate: ccmsRelease.beginDate,
  endDate: ccmsRelease.endDate,
  createTime: ccmsRelease.createTime,
};

const live = eq(ccmsRelease.delFlag, '0');

function filters(caller: ProjectCaller, q: ReleaseFilter): SQL | undefined {
  return and(
    live,
    readableProjectCondition(caller, ccmsRelease.projectId),
    q.projectId ? eq(ccmsRelease.projectId, q.projectId) : undefined,
    q.title ? ilike(ccmsRelease.title, containing(q.title)) : undefined,
    q.status ? eq(ccmsRelease.status, q.status) : undefined,
  );
}

const joined = (db: Db) =>
  db
    .select({ release: ccmsRelease, projectTitle: ccmsProject.title })
    .from(ccmsRelease)
    .innerJoin(ccmsProject, and(eq(ccmsProject.projectId, ccmsRelease.projectId), eq(ccmsProject.delFlag, '0')));

export type ReleaseJoined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export async function listReleases(db: Db, caller: ProjectCaller, q: ReleaseQuery) {
  const where = filters(caller, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(ccmsRelease.createTime)), desc(ccmsRelease.releaseId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(ccmsRelease)
      .innerJoin(ccmsProject, and(eq(ccmsProject.projectId, ccmsRelease.projectId), eq(ccmsProject.delFlag, '0')))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const filteredReleases = (db: Db, caller: ProjectCaller, q: ReleaseFilter) =>
  joined(db).where(filters(caller, q)).orderBy(asc(ccmsRelease.projectId), desc(ccmsRelease.createTime)).limit(10_000);

export async function findRelease(db: Db, releaseId: number) {
  const [row] = await joined(db).where(and(live, eq(ccmsRelease.releaseId, releaseId)));
  return row;
}

export async function findReleaseTitleClash(db: Db, projectId: number, title: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ccmsRelease.releaseId })
    .from(ccmsRelease)
    .where(and(live, eq(ccmsRelease.projectId, projectId), eq(ccmsRelease.title, title), exceptId ? ne(ccmsRelease.releaseId, exceptId) : undefined));
  return row;
}

export const releasesByIds = (db: Db, ids: number[]) =>
  db
    .select()
    .from(ccmsRelease)
    .where(and(live, inArray(ccmsRelease.releaseId, ids)));

/** Releases (of these ids) that live plans use. */
export const releasesInUse = (db: Db, ids: number[]) =>
  db
    .selectDistinct({ title: ccmsRelease.title })
    .from(ccmsRelease)
    .innerJoin(ccmsPlan, and(eq(ccmsPlan.releaseId, ccmsRelease.releaseId), eq(ccmsPlan.delFlag, '0')))
    .where(inArray(ccmsRelease.releaseId, ids));
