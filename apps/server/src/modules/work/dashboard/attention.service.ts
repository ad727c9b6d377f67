import { DocumentPerm } from '@ccms/contracts/content/document';
import { TopicPerm } from '@ccms/contracts/content/topic';
import { DeliverablePerm } from '@ccms/contracts/publish/deliverable';
import { OUTPUT_READ_PERMS } from '@ccms/contracts/publish/publication';
import { ATTENTION_FAILURE_DAYS, ATTENTION_ROWS, type Attention, type AttentionPanelKey } from '@ccms/contracts/work/dashboard';
import { TaskPerm } from '@ccms/contracts/work/task';
import { WorkflowPerm } from '@ccms/contracts/work/workflow';
import type { Db } from '../../../db/client';
import { ccmsCatalogMeta, ccmsDocumentOutput, ccmsPublication } from '../../../db/schema';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import { readableLibraries } from '../../content/library/library-access';
import { isSystemAdmin } from '../project/project-access';
import { namesOf } from '../workflow/workflow.queries';
import {
  contentUnderReview,
  failedDeliveries,
  failedPublishes,
  ledProjects,
  openApprovals,
  overdueTasks,
  planBranches,
  type ScopeBranch,
} from './attention.queries';

/** Each panel shows to a caller holding any one of the permissions of the screen its entries lead to. */
export const ATTENTION_PANEL_PERMS: Record<AttentionPanelKey, readonly string[]> = {
  approvals: [WorkflowPerm.query],
  underReview: [TopicPerm.list, DocumentPerm.list],
  overdueTasks: [TaskPerm.list],
  failedPublishes: OUTPUT_READ_PERMS,
  failedDeliveries: [DeliverablePerm.list],
};

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a local date. */
const dayText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Whole days from the due date (YYYY-MM-DD) to today (both local dates). */
const daysBetween = (due: string, today: string) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / DAY_MS);

type Panel<T> = { omitted: false; total: number; rows: T[] } | { omitted: true; reason: 'noPermission'; permissions: string[] };

/** "Needs you" on the home page: the panels of what waits for a lead in the projects they lead. */
export function attentionService(db: Db) {
  return {
    async get(auth: AuthContext, now = new Date()): Promise<Attention> {
      const all = isSystemAdmin(auth);
      const projects = await ledProjects(db, { caller: auth, all });
      if (!all && projects.length === 0) return { lead: false, reason: 'notLead', projects: [], allProjects: false, panels: null };

      const projectIds = projects.map((p) => p.projectId);
      const scope: ScopeBranch[] = [];
      for (const p of projects) if (p.libraryId !== null && p.branch) scope.push({ projectId: p.projectId, libraryId: p.libraryId, branch: p.branch });
      for (const b of await planBranches(db, { projectIds }))
        if (b.libraryId !== null && !scope.some((s) => s.libraryId === b.libraryId && s.branch === b.branch))
          scope.push({ projectId: b.projectId, libraryId: b.libraryId, branch: b.branch });
      const titleOf = new Map(projects.map((p) => [p.projectId, p.title]));
      const today = dayText(now);
      const since = new Date(now.getTime() - ATTENTION_FAILURE_DAYS * DAY_MS);
      const limit = ATTENTION_ROWS;

      /** The panel's rows when the caller holds one of its permissions, else the reason it is left out. */
      async function panel<T>(key: AttentionPanelKey, load: () => Promise<{ total: number; rows: T[] }>): Promise<Panel<T>> {
        const perms = ATTENTION_PANEL_PERMS[key];
        if (!perms.some((p) => hasPermission(auth, p))) return { omitted: true, reason: 'noPermission', permissions: [...perms] };
        return { omitted: false, ...(await load()) };
      }

      const [approvals, underReview, overdue, publishes, deliveries] = await Promise.all([
        panel('approvals', async () => {
          const found = await openApprovals(db, { projectIds: all ? null : projectIds, userId: auth.userId, limit });
          const names = await namesOf(
            db,
            found.rows.flatMap((r) => r.reviewerIds),
          );
          return {
            total: found.total,
            rows: found.rows.map(({ reviewerIds, ...r }) => {
              const voted = new Set(found.votes.filter((v) => v.approvalId === r.approvalId).map((v) => v.reviewerId));
              const waiting = reviewerIds.filter((id) => !voted.has(id));
              return { ...r, waitingOn: waiting.map((id) => names.get(id) ?? `#${id}`), mine: waiting.includes(auth.userId) };
            }),
          };
        }),
        panel('underReview', async () => {
          const found = await contentUnderReview(db, { scope, readable: readableLibraries(auth, ccmsCatalogMeta.libraryId), limit });
          return {
            total: found.total,
            rows: found.rows.map((r) => {
              const projectId = scope.find((s) => s.libraryId === r.libraryId && s.branch === r.branch)?.projectId ?? 0;
              const document = r.documentId !== null;
              return {
                kind: document ? ('document' as const) : ('topic' as const),
                id: document ? r.documentId : r.topicId,
                libraryId: r.libraryId,
                branch: r.branch,
                path: r.path,
                title: (document ? r.documentName : r.topicTitle) || r.path,
                owner: r.owner,
                projectId,
                projectTitle: titleOf.get(projectId) ?? '',
                since: r.since,
              };
            }),
          };
        }),
        panel('overdueTasks', async () => {
          const found = await overdueTasks(db, { projectIds, today, limit });
          return { total: found.total, rows: found.rows.map((r) => ({ ...r, daysOverdue: daysBetween(r.dueDate, today) })) };
        }),
        panel('failedPublishes', () =>
          failedPublishes(db, { scope: all ? null : scope, readable: readableLibraries(auth, ccmsDocumentOutput.libraryId), since, limit }),
        ),
        panel('failedDeliveries', () =>
          failedDeliveries(db, { scope: all ? null : scope, readable: readableLibraries(auth, ccmsPublication.libraryId), since, limit }),
        ),
      ]);

      return {
        lead: true,
        reason: null,
        projects: all ? [] : projects.map((p) => ({ projectId: p.projectId, title: p.title })),
        allProjects: all,
        panels: { approvals, underReview, overdueTasks: overdue, failedPublishes: publishes, failedDeliveries: deliveries },
      };
    },
  };
}
