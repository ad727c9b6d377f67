import type { Language } from '@ccms/contracts/constants';
import { type Abilities, abilitiesOf } from '@ccms/contracts/grants';
import { translate } from '@ccms/contracts/messages';
import type {
  Project,
  ProjectBody,
  ProjectBranch,
  ProjectFilter,
  ProjectGrantBody,
  ProjectLevel,
  ProjectMemberBody,
  ProjectQuery,
  ProjectUpdate,
} from '@ccms/contracts/work/project';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsProjectMember, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { findLibrary } from '../../content/library/library.queries';
import { createBranch, mergeBranch } from '../../content/library/library-branch';
import type { LibraryGit } from '../../content/library/library-git';
import { projectColumns } from './project.excel';
import {
  categoryExists,
  filteredProjects,
  findProject,
  findTitleClash,
  itemCounts,
  libraryExists,
  listMembers,
  listProjects,
  membersByIds,
  type ProjectJoined,
  projectsToUpdate,
  roleOptions,
  taskCounts,
  userExists,
  userOptions,
} from './project.queries';
import { assertProjectAccess, isSystemAdmin, type ProjectNeed, projectAbilities, projectGrants, projectLevel, projectLevels } from './project-access';

/** A project may lose its last owner grant: its owner (ownerId) still owns it. */
const ANY_OWNERS = { keepAnOwner: false };

/** A project as the API shows it: the id as `id`, the caller's level and what it lets them do with it. */
export function presentProject(row: ProjectJoined, myLevel: ProjectLevel | null, abilities: Abilities): Project {
  const { projectId, isPublic, delFlag: _delFlag, ...rest } = row.project;
  return {
    ...rest,
    id: projectId,
    public: isPublic,
    libraryName: row.libraryName ?? '',
    ownerName: row.ownerName ?? '',
    categoryName: row.categoryName ?? '',
    myLevel,
    abilities,
  };
}

/** The stored form of the body's fields. */
function fieldsOf(body: ProjectBody, ownerId: number) {
  return {
    title: body.title,
    name: body.name,
    status: body.status,
    category: body.category,
    schedule: body.schedule,
    description: body.description,
    beginDate: body.beginDate ?? null,
    endDate: body.endDate ?? null,
    version: body.version,
    libraryId: body.libraryId ?? null,
    sourceBranch: body.sourceBranch,
    projectBranch: body.useOriginBranch ? body.sourceBranch : body.projectBranch,
    useOriginBranch: body.useOriginBranch,
    ownerId,
    risk: body.risk,
    objective: body.objective,
    milestone: body.milestone,
    secrecy: body.secrecy,
    isPublic: body.public,
    updateSchedule: body.updateSchedule,
  };
}

export type BranchUpdateOutcome = 'ok' | 'upToDate' | 'conflict' | 'failed';

export function projectService(db: Db, git: LibraryGit | null) {
  /** The project after checking the caller's level; 403 first so ids of secret projects do not leak. */
  async function load(auth: AuthContext, projectId: number, need: ProjectNeed) {
    const row = await findProject(db, projectId);
    if (!row && isSystemAdmin(auth)) throw notFound('notFound.row', { what: `project ${projectId}` });
    const level = await assertProjectAccess(db, auth, projectId, need);
    if (!row) throw notFound('notFound.row', { what: `project ${projectId}` });
    return { row, level };
  }

  /** The project if the caller may see it (basic detail): secret ones need a level. */
  async function loadVisible(auth: AuthContext, projectId: number) {
    const row = await findProject(db, projectId);
    const level = row ? await projectLevel(db, auth, projectId) : null;
    if (!row && isSystemAdmin(auth)) throw notFound('notFound.row', { what: `project ${projectId}` });
    if (!row || (row.project.secrecy && level === null)) throw forbidden('noRelevantPermissions');
    return { row, level };
  }

  async function checkFields(body: ProjectBody, exceptId?: number) {
    if (await findTitleClash(db, body.title, exceptId)) throw badRequest('project.titleExists', { title: body.title });
    if (body.category && !(await categoryExists(db, body.category))) throw badRequest('project.categoryMissing', { value: body.category });
    if (body.libraryId && !(await libraryExists(db, body.libraryId))) throw badRequest('project.libraryMissing');
    if (body.ownerId && !(await userExists(db, body.ownerId))) throw badRequest('project.userMissing', { field: 'ownerId' });
  }

  /** A project on a library works on its own branch: created from the source branch unless it uses the origin branch. */
  async function ensureProjectBranch(auth: AuthContext, body: ProjectBody) {
    if (!body.libraryId || body.useOriginBranch || !git) return;
    const found = await findLibrary(db, body.libraryId);
    if (!found) throw badRequest('project.libraryMissing');
    await createBranch(git, found.library, body.sourceBranch, body.projectBranch, auth.userName);
  }

  return {
    async list(auth: AuthContext, q: ProjectQuery) {
      const page = await listProjects(db, auth, q);
      const levels = await projectLevels(
        db,
        auth,
        page.rows.map((r) => r.project.projectId),
      );
      const present = (r: ProjectJoined, level: ProjectLevel | null) => presentProject(r, level, projectAbilities(auth, level));
      return { rows: page.rows.map((r) => present(r, levels.get(r.project.projectId) ?? null)), total: page.total };
    },

    async export(auth: AuthContext, q: ProjectFilter, lang: Language) {
      const rows = (await filteredProjects(db, auth, q)).map((r) => presentProject(r, null, abilitiesOf(null)));
      return toXlsx(translate(lang, 'project.excel.sheet'), projectColumns(lang), rows, lang);
    },

    userOptions: (fragment = '') => userOptions(db, fragment),
    roleOptions: () => roleOptions(db),

    async get(auth: AuthContext, projectId: number) {
      const { row, level } = await loadVisible(auth, projectId);
      return presentProject(row, level, projectAbilities(auth, level));
    },

    async create(auth: AuthContext, body: ProjectBody) {
      await checkFields(body);
      await ensureProjectBranch(auth, body);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(ccmsProject)
          .values({ ...fieldsOf(body, body.ownerId ?? auth.userId), createBy: auth.userName })
          .returning({ id: ccmsProject.projectId });
        if (!created) throw new Error('project not created');
        await projectGrants.grantCreator(tx, created.id, auth);
        return created.id;
      });
    },

    async update(auth: AuthContext, body: ProjectUpdate) {
      const { row } = await load(auth, body.id, 'configure');
      await checkFields(body, body.id);
      const p = row.project;
      const branchChanged =
        body.libraryId !== p.libraryId ||
        body.projectBranch !== p.projectBranch ||
        body.sourceBranch !== p.sourceBranch ||
        body.useOriginBranch !== p.useOriginBranch;
      if (branchChanged) await ensureProjectBranch(auth, body);
      const updated = await db
        .update(ccmsProject)
        .set({
          ...fieldsOf(body, body.ownerId ?? p.ownerId ?? auth.userId),
          rowVersion: sql`${ccmsProject.rowVersion} + 1`,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(and(eq(ccmsProject.projectId, body.id), eq(ccmsProject.rowVersion, body.rowVersion), eq(ccmsProject.delFlag, '0')))
        .returning({ id: ccmsProject.projectId });
      if (updated.length === 0) throw conflict();
    },

    /** Reopens a closed project: status back to normal. */
    async reAdd(auth: AuthContext, projectId: number) {
      const { row } = await load(auth, projectId, 'configure');
      if (row.project.status !== '1') throw badRequest('project.notClosed');
      await db
        .update(ccmsProject)
        .set({ status: '0', rowVersion: sql`${ccmsProject.rowVersion} + 1`, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsProject.projectId, projectId));
    },

    async remove(auth: AuthContext, projectIds: number[]) {
      for (const id of projectIds) await load(auth, id, 'configure');
      await db.update(ccmsProject).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(inArray(ccmsProject.projectId, projectIds));
    },

    /** Share of the project's tasks and work items done. */
    async progress(auth: AuthContext, projectId: number) {
      await loadVisible(auth, projectId);
      const tasks = await taskCounts(db, projectId);
      const items = await itemCounts(db, projectId);
      const all = tasks.total + items.total;
      const done = tasks.completed + items.done;
      return {
        id: projectId,
        tasksTotal: tasks.total,
        tasksCompleted: tasks.completed,
        itemsTotal: items.total,
        itemsDone: items.done,
        percent: all === 0 ? 0 : Math.round((done / all) * 100),
      };
    },

    /** The library branches the project works with: its source branch and its project branch. */
    async branches(auth: AuthContext, projectId: number): Promise<ProjectBranch[]> {
      const { row } = await load(auth, projectId, 'read');
      const p = row.project;
      if (!p.libraryId) return [];
      const found = await findLibrary(db, p.libraryId);
      if (!found || !git) return [];
      const { repo } = await git.ready(found.library);
      const heads = new Map((await repo.branches()).map((b) => [b.name, b]));
      const wanted: ProjectBranch['kind'][] = p.useOriginBranch || p.projectBranch === p.sourceBranch ? ['source'] : ['source', 'project'];
      return wanted.map((kind) => {
        const name = kind === 'source' ? p.sourceBranch : p.projectBranch;
        const head = heads.get(name);
        return { name, kind, exists: !!head, commit: head?.commit ?? '', date: head?.date ?? '' };
      });
    },

    // Grants (permission tab): admins and owners manage them; only an owner hands out ownership.
    async grants(auth: AuthContext, projectId: number) {
      await load(auth, projectId, 'configure');
      return projectGrants.list(db, projectId);
    },

    async grant(auth: AuthContext, body: ProjectGrantBody) {
      const { level } = await load(auth, body.projectId, 'configure');
      await projectGrants.assertGrantee(db, body.granteeType, body.granteeId);
      const { projectId: objectId, ...grantee } = body;
      await projectGrants.put(db, { objectId, ...grantee, createBy: auth.userName }, projectAbilities(auth, level), ANY_OWNERS);
    },

    async revoke(auth: AuthContext, grantIds: number[]) {
      const rightsOn = async (projectId: number) => projectAbilities(auth, (await load(auth, projectId, 'configure')).level);
      await projectGrants.revoke(db, grantIds, rightsOn, ANY_OWNERS);
    },

    // Members (member tab): anyone who reads the project sees them; admins and owners change them.
    async members(auth: AuthContext, projectId: number) {
      await load(auth, projectId, 'read');
      return listMembers(db, projectId);
    },

    async addMembers(auth: AuthContext, body: ProjectMemberBody) {
      await load(auth, body.projectId, 'configure');
      const ids = [...new Set(body.userIds)];
      const known = await db
        .select({ id: sysUser.userId })
        .from(sysUser)
        .where(and(inArray(sysUser.userId, ids), eq(sysUser.delFlag, '0')));
      const missing = ids.find((id) => !known.some((k) => k.id === id));
      if (missing !== undefined) throw badRequest('project.userMissing', { field: `userIds ${missing}` });
      await db
        .insert(ccmsProjectMember)
        .values(ids.map((userId) => ({ projectId: body.projectId, userId, projectRole: body.projectRole, createBy: auth.userName })))
        .onConflictDoUpdate({ target: [ccmsProjectMember.projectId, ccmsProjectMember.userId], set: { projectRole: body.projectRole } });
    },

    async removeMembers(auth: AuthContext, memberIds: number[]) {
      const found = await membersByIds(db, memberIds);
      if (found.length !== memberIds.length) throw notFound('notFound.row', { what: `member ${memberIds.join(',')}` });
      for (const projectId of new Set(found.map((m) => m.projectId))) await load(auth, projectId, 'configure');
      await db.delete(ccmsProjectMember).where(inArray(ccmsProjectMember.memberId, memberIds));
    },

    /**
     * The scheduled update: for each project whose schedule is due, fetch and merge its source
     * branch into its project branch and push; a conflict pushes nothing and lists the paths.
     */
    async updateDueBranches(now = new Date()): Promise<Record<BranchUpdateOutcome, number>> {
      const counts: Record<BranchUpdateOutcome, number> = { ok: 0, upToDate: 0, conflict: 0, failed: 0 };
      if (!git) return counts;
      for (const p of await projectsToUpdate(db, now)) {
        let result = '';
        let outcome: BranchUpdateOutcome = 'failed';
        const found = p.libraryId ? await findLibrary(db, p.libraryId) : undefined;
        if (!found) result = 'failed: library missing';
        else {
          try {
            const merged = await mergeBranch(
              git,
              found.library,
              p.sourceBranch,
              p.projectBranch,
              { name: 'CCMS', email: 'ccms@users.noreply.ccms' },
              'schedule',
            );
            if (merged.state === 'merged') [outcome, result] = ['ok', `ok: ${merged.commit.slice(0, 12)}`];
            else if (merged.state === 'upToDate') [outcome, result] = ['upToDate', 'ok: up to date'];
            else if (merged.state === 'conflict') [outcome, result] = ['conflict', `conflict: ${merged.paths.join(', ')}`];
            else result = `failed: ${merged.reason}`;
          } catch (err) {
            result = `failed: ${err instanceof Error ? err.message : String(err)}`;
          }
        }
        counts[outcome]++;
        await db
          .update(ccmsProject)
          .set({ lastUpdateTime: now, lastUpdateResult: result.slice(0, 1000) })
          .where(eq(ccmsProject.projectId, p.projectId));
      }
      return counts;
    },
  };
}
