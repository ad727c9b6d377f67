import type { Language } from '@ccms/contracts/constants';
import type { WorkflowDiff, WorkflowRevision } from '@ccms/contracts/work/workflow';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsApprovedRevision, ccmsProject } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import type { GitRepo } from '../../../platform/git/git-repo';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import type { ContentServices } from '../../content/content.area';
import type { LibraryRow } from '../../content/library/library-git';
import { standardOf } from '../../content/standard/registry';
import { branchAnswers, threadPreviews } from '../../content/topic-editor/preview-threads';
import { keyDefinitions } from '../../content/topic-editor/topic-editor.queries';
import { assertProjectAccess, isSystemAdmin } from '../project/project-access';
import { findPlanContext, type PlanContext, planContent } from './workflow.queries';

type Base = NonNullable<WorkflowDiff['base']>;

/**
 * "What changed" in a plan's covered item (issue 38, item 5): the item's XML and rendering at the
 * plan branch's head and at the revision it is compared with, the last approved one or else the
 * plan's base. The web marks the differences (words inside the rendered structure, lines of XML).
 */
export function workflowDiffService(db: Db, content: Pick<ContentServices, 'git' | 'libraries' | 'threads'>) {
  const previews = threadPreviews(content.threads);
  async function revisionOf(repo: GitRepo, commit: string): Promise<WorkflowRevision> {
    const [info] = await repo.history(commit, '', 1);
    return { commit, date: info?.date ?? '', author: info?.author ?? '', message: info?.message ?? '' };
  }

  /** The plan's base: where its branch forked from the project's source branch (or the default), else its branch when the plan was made. */
  async function planBase(repo: GitRepo, ctx: PlanContext, head: string): Promise<string | null> {
    const [project] = await db
      .select({ sourceBranch: ccmsProject.sourceBranch, useOriginBranch: ccmsProject.useOriginBranch })
      .from(ccmsProject)
      .where(eq(ccmsProject.projectId, ctx.plan.projectId));
    // A branch other than the library's default forked from the project's source branch, or from the default when none is set.
    const source = (project && !project.useOriginBranch ? project.sourceBranch : '') || (ctx.defaultBranch ?? '');
    if (source && source !== ctx.branch) {
      const sourceHead = await repo.resolve(source);
      const fork = sourceHead ? await repo.mergeBase(head, sourceHead) : null;
      if (fork) return fork;
    }
    return repo.commitAsOf(head, ctx.plan.createTime);
  }

  async function baseOf(repo: GitRepo, ctx: PlanContext, libraryId: number, path: string, head: string): Promise<Base | null> {
    const [approved] = await db
      .select()
      .from(ccmsApprovedRevision)
      .where(and(eq(ccmsApprovedRevision.libraryId, libraryId), eq(ccmsApprovedRevision.branch, ctx.branch), eq(ccmsApprovedRevision.path, path)));
    // An approved commit the clone no longer has (history rewritten on the remote) cannot be read: the plan's base stands in.
    if (approved && (await repo.resolve(approved.commit)))
      return { ...(await revisionOf(repo, approved.commit)), source: 'approval', approvedBy: approved.approvedBy, approveTime: approved.approveTime };
    const base = await planBase(repo, ctx, head);
    return base ? { ...(await revisionOf(repo, base)), source: 'planBase', approvedBy: '', approveTime: null } : null;
  }

  /**
   * The file as a reader sees it at `commit` (the editor preview's renderings, on the content
   * threads; the DTD not checked); null when its format has none or it does not render.
   */
  async function render(row: LibraryRow, repo: GitRepo, branch: string, commit: string, path: string, xml: string, lang: Language): Promise<string | null> {
    if (xml === '') return '';
    const standard = standardOf(row.libraryType).id;
    if (standard === 's1000d') return (await previews.s1000d({ path, content: xml, lang })) || null;
    if (standard === 'flightops') return (await previews.flightops({ content: xml, lang })) || null;
    if (standard !== 'dita') return null;
    const branchAt = branchAnswers({ at: async () => ({ repo, commit }), keys: () => keyDefinitions(db, row.libraryId, branch) });
    const input = { path, content: xml, lang, conditions: [] };
    // What changed is shown, not checked: no root's grammar is asked for.
    const { html } = await previews.dita(input, async (q) => (q.kind === 'checksGrammar' ? false : q.kind === 'catalog' ? null : branchAt(q)));
    return html || null;
  }

  return {
    async compare(auth: AuthContext, planId: number, path: string, lang: Language): Promise<WorkflowDiff> {
      const ctx = await findPlanContext(db, planId);
      if (!ctx) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `plan ${planId}` }) : forbidden('noRelevantPermissions');
      await assertProjectAccess(db, auth, ctx.plan.projectId, 'read');
      const libraryId = ctx.plan.libraryId;
      if (!libraryId) throw badRequest('workflow.noLibrary');
      const wanted = path.replace(/^\/+/, '');
      const item = (await planContent(db, planId, libraryId, ctx.branch)).find((c) => c.path === wanted);
      if (!item) throw notFound('workflow.diffItemMissing', { path: wanted, plan: ctx.plan.title });
      const row = await content.libraries.forCall(auth, libraryId, 'read');
      const { repo, head } = await content.git.readyBranch(row, ctx.branch);
      if (!head) throw notFound('library.refMissing', { ref: ctx.branch });
      const base = await baseOf(repo, ctx, libraryId, wanted, head);
      const [now, then] = await Promise.all([repo.blobAt(head, wanted), base ? repo.blobAt(base.commit, wanted) : null]);
      const state = !now ? 'deleted' : !then ? 'new' : now.oid === then.oid ? 'unchanged' : 'changed';
      const afterXml = now?.body.toString('utf8') ?? '';
      const beforeXml = then?.body.toString('utf8') ?? '';
      const afterHtml = await render(row, repo, ctx.branch, head, wanted, afterXml, lang);
      const beforeHtml = state === 'unchanged' ? afterHtml : base ? await render(row, repo, ctx.branch, base.commit, wanted, beforeXml, lang) : '';
      return {
        planId,
        libraryId,
        branch: ctx.branch,
        kind: item.kind as 'document' | 'topic',
        path: wanted,
        base,
        head: await revisionOf(repo, head),
        state,
        before: { xml: beforeXml, html: beforeHtml },
        after: { xml: afterXml, html: afterHtml },
      };
    },
  };
}
