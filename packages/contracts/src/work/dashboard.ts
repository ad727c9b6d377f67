import { z } from 'zod';
import { DateTime } from '../http';
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
