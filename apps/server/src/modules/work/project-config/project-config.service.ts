import type { ProjectConfig, ProjectConfigBody } from '@ccms/contracts/work/project-config';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProjectConfig } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { findProject, userExists } from '../project/project.queries';
import { assertProjectAccess, isSystemAdmin } from '../project/project-access';

const PEOPLE = ['writerId', 'writeReviewerId', 'translatorId', 'translateReviewerId'] as const;

/** Who writes, reviews and translates in a project; readers see it, admins and owners change it. */
export function projectConfigService(db: Db) {
  async function check(auth: AuthContext, projectId: number, need: 'read' | 'configure') {
    if (isSystemAdmin(auth) && !(await findProject(db, projectId))) throw notFound('notFound.row', { what: `project ${projectId}` });
    await assertProjectAccess(db, auth, projectId, need);
  }

  return {
    async get(auth: AuthContext, projectId: number): Promise<ProjectConfig> {
      await check(auth, projectId, 'read');
      const [row] = await db.select().from(ccmsProjectConfig).where(eq(ccmsProjectConfig.projectId, projectId));
      if (!row) {
        return {
          projectId,
          writerId: null,
          writeReviewerId: null,
          translatorId: null,
          translateReviewerId: null,
          notice: false,
          noticeType: 'system',
          reviewRule: 'all',
          existTranslate: false,
          configured: false,
        };
      }
      return {
        projectId,
        writerId: row.writerId,
        writeReviewerId: row.writeReviewerId,
        translatorId: row.translatorId,
        translateReviewerId: row.translateReviewerId,
        notice: row.notice,
        noticeType: row.noticeType,
        reviewRule: row.reviewRule,
        existTranslate: row.existTranslate,
        configured: true,
      };
    },

    async save(auth: AuthContext, body: ProjectConfigBody) {
      await check(auth, body.projectId, 'configure');
      for (const field of PEOPLE) if (!(await userExists(db, body[field]))) throw badRequest('project.userMissing', { field });
      const { projectId, ...fields } = body;
      await db
        .insert(ccmsProjectConfig)
        .values({ projectId, ...fields, createBy: auth.userName })
        .onConflictDoUpdate({ target: ccmsProjectConfig.projectId, set: { ...fields, updateBy: auth.userName, updateTime: new Date() } });
    },
  };
}
