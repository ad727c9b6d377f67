import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { Release, ReleaseBody, ReleaseFilter, ReleaseQuery, ReleaseUpdate } from '@ccms/contracts/work/release';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsRelease } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { assertProjectAccess, assertSameProject, isSystemAdmin } from '../project/project-access';
import { releaseColumns } from './release.excel';
import { filteredReleases, findRelease, findReleaseTitleClash, listReleases, type ReleaseJoined, releasesByIds, releasesInUse } from './release.queries';

export function presentRelease({ release, projectTitle }: ReleaseJoined): Release {
  const { releaseId, delFlag: _d, ...rest } = release;
  return { ...rest, id: releaseId, projectTitle };
}

/** Releases of a project: readers see them, writers change them. */
export function releaseService(db: Db) {
  /** The release after checking the caller's level on its project (403 before 404, so ids do not leak). */
  async function load(auth: AuthContext, releaseId: number, need: 'read' | 'write') {
    const row = await findRelease(db, releaseId);
    if (!row) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `release ${releaseId}` }) : forbidden('noRelevantPermissions');
    await assertProjectAccess(db, auth, row.release.projectId, need);
    return row;
  }

  return {
    async list(auth: AuthContext, q: ReleaseQuery) {
      const page = await listReleases(db, auth, q);
      return { rows: page.rows.map(presentRelease), total: page.total };
    },
    async export(auth: AuthContext, q: ReleaseFilter, lang: Language) {
      return toXlsx(translate(lang, 'release.excel.sheet'), releaseColumns(lang), (await filteredReleases(db, auth, q)).map(presentRelease), lang);
    },
    async get(auth: AuthContext, id: number) {
      return presentRelease(await load(auth, id, 'read'));
    },
    async create(auth: AuthContext, body: ReleaseBody) {
      await assertProjectAccess(db, auth, body.projectId, 'write');
      if (await findReleaseTitleClash(db, body.projectId, body.title)) throw badRequest('release.titleExists', { title: body.title });
      const [created] = await db
        .insert(ccmsRelease)
        .values({ ...body, beginDate: body.beginDate ?? null, endDate: body.endDate ?? null, createBy: auth.userName })
        .returning({ id: ccmsRelease.releaseId });
      return created?.id ?? 0;
    },
    async update(auth: AuthContext, body: ReleaseUpdate) {
      const row = await load(auth, body.id, 'write');
      assertSameProject(row.release.projectId, body.projectId);
      if (await findReleaseTitleClash(db, body.projectId, body.title, body.id)) throw badRequest('release.titleExists', { title: body.title });
      const updated = await db
        .update(ccmsRelease)
        .set({
          title: body.title,
          description: body.description,
          status: body.status,
          beginDate: body.beginDate ?? null,
          endDate: body.endDate ?? null,
          rowVersion: sql`${ccmsRelease.rowVersion} + 1`,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(and(eq(ccmsRelease.releaseId, body.id), eq(ccmsRelease.rowVersion, body.rowVersion)))
        .returning({ id: ccmsRelease.releaseId });
      if (updated.length === 0) throw conflict();
    },
    async remove(auth: AuthContext, ids: number[]) {
      const found = await releasesByIds(db, ids);
      if (found.length !== ids.length)
        throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `release ${ids.join(',')}` }) : forbidden('noRelevantPermissions');
      for (const projectId of new Set(found.map((r) => r.projectId))) await assertProjectAccess(db, auth, projectId, 'write');
      const [used] = await releasesInUse(db, ids);
      if (used) throw badRequest('release.inUse', { title: used.title });
      await db.update(ccmsRelease).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(inArray(ccmsRelease.releaseId, ids));
    },
  };
}
