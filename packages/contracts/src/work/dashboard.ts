import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, okOf } from '../http';
import { WORK_ITEM_TYPES } from './work-item-states';

/** The spec's trends panel: the past 7 days. */
export const TREND_DAYS = 7;

export const DashboardProject = z.object({
  projectId: z.number(),
  title: z.string(),
  name: z.string(),
  status: z.string(),
  endDate: z.string().nullable(),
  openItems: z.number().describe('items of the project not closed'),
});

export const DashboardItem = z.object({
  workItemId: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  workItemType: z.enum(WORK_ITEM_TYPES),
  title: z.string(),
  status: z.string(),
  priority: z.number(),
  severity: z.number(),
  due: z.string().nullable(),
  updateTime: DateTime,
});

export const TrendDay = z.object({
  day: z.string().describe('YYYY-MM-DD in the server time zone'),
  created: z.number(),
  resolved: z.number(),
  closed: z.number(),
});
export type TrendDay = z.infer<typeof TrendDay>;

export const Dashboard = z.object({
  projects: z.array(DashboardProject),
  openItems: z.array(DashboardItem),
  openItemTotal: z.number(),
  trends: z.array(TrendDay).describe(`one entry per day, oldest first, ${TREND_DAYS} days ending today`),
});
export type Dashboard = z.infer<typeof Dashboard>;

/**
 * "Needs you" on the home page (issue 38, item 15): what waits for a lead in the projects they lead.
 * One answer for all panels; a panel the caller has no right for is omitted with the reason.
 */
export const ATTENTION_PANELS = ['approvals', 'underReview', 'overdueTasks', 'failedPublishes', 'failedDeliveries'] as const;
export type AttentionPanelKey = (typeof ATTENTION_PANELS)[number];

/** Most rows a panel lists (its total counts them all). */
export const ATTENTION_ROWS = 10;
/** Failures older than this many days are no longer "recent". */
export const ATTENTION_FAILURE_DAYS = 14;

export const AttentionApproval = z.object({
  approvalId: z.number(),
  planId: z.number(),
  planTitle: z.string(),
  projectId: z.number(),
  projectTitle: z.string(),
  stage: z.string().describe('editApproval or translateApproval'),
  initiatedBy: z.string(),
  initiateTime: DateTime,
  waitingOn: z.array(z.string()).describe('names of the reviewers who have not decided yet'),
  mine: z.boolean().describe('the caller is one of the reviewers who have not decided'),
});
export type AttentionApproval = z.infer<typeof AttentionApproval>;

export const AttentionReview = z.object({
  kind: z.enum(['document', 'topic']),
  id: z.number().nullable().describe('catalogue document or topic id; null when the file is no longer indexed'),
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  title: z.string(),
  owner: z.string(),
  projectId: z.number(),
  projectTitle: z.string(),
  since: DateTime.describe('when its status last changed'),
});
export type AttentionReview = z.infer<typeof AttentionReview>;

export const AttentionTask = z.object({
  taskId: z.number(),
  title: z.string(),
  status: z.string(),
  projectId: z.number(),
  projectTitle: z.string(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string(),
  dueDate: z.string(),
  daysOverdue: z.number().describe('whole days past the due date, at least 1'),
});
export type AttentionTask = z.infer<typeof AttentionTask>;

export const AttentionPublish = z.object({
  outputId: z.number(),
  documentId: z.number().nullable().describe('the document whose Output tab shows the problems; null when no longer indexed'),
  libraryId: z.number(),
  libraryName: z.string(),
  branch: z.string(),
  path: z.string(),
  configName: z.string(),
  format: z.string(),
  errorCount: z.number(),
  error: z.string().describe('the reason or the first problem of the publish'),
  createBy: z.string(),
  endTime: DateTime.nullable(),
});
export type AttentionPublish = z.infer<typeof AttentionPublish>;

export const AttentionDelivery = z.object({
  receiptId: z.number(),
  deliverableId: z.number(),
  deliverableName: z.string(),
  publicationName: z.string(),
  libraryName: z.string(),
  error: z.string(),
  attempts: z.number(),
  createBy: z.string(),
  endTime: DateTime.nullable(),
});
export type AttentionDelivery = z.infer<typeof AttentionDelivery>;

/** A panel: its rows and total, or omitted because the caller lacks the permission its screen needs. */
const panel = <T extends z.ZodType>(row: T) =>
  z.discriminatedUnion('omitted', [
    z.object({ omitted: z.literal(false), total: z.number(), rows: z.array(row) }),
    z.object({
      omitted: z.literal(true),
      reason: z.literal('noPermission'),
      permissions: z.array(z.string()).describe('any one of these would show the panel'),
    }),
  ]);

export const Attention = z.object({
  lead: z.boolean().describe('the caller leads at least one open project, or is an administrator'),
  reason: z.enum(['notLead']).nullable().describe('why there is no "Needs you" section'),
  projects: z.array(z.object({ projectId: z.number(), title: z.string() })).describe('the projects the panels cover (empty for all: administrators)'),
  allProjects: z.boolean().describe('administrators: the panels cover every project'),
  panels: z
    .object({
      approvals: panel(AttentionApproval),
      underReview: panel(AttentionReview),
      overdueTasks: panel(AttentionTask),
      failedPublishes: panel(AttentionPublish),
      failedDeliveries: panel(AttentionDelivery),
    })
    .nullable(),
});
export type Attention = z.infer<typeof Attention>;

const tag = 'work/dashboard';

/** The dashboard API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DashboardApi = {
  get: endpoint({
    method: 'GET',
    url: '/ccms/dashboard',
    access: { authenticated: true },
    summary: "Get the caller's home dashboard figures",
    tag,
    response: okOf(Dashboard),
  }),
  // "Needs you": any signed-in user asks; who leads which projects and each panel's permission decide what comes back.
  attention: endpoint({
    method: 'GET',
    url: '/ccms/dashboard/attention',
    access: { authenticated: true },
    summary: 'Get what waits for the caller in the projects they lead (approvals, reviews, overdue tasks, failed publishes and deliveries)',
    tag,
    response: okOf(Attention),
  }),
};
