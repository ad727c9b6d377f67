import { type Dashboard, TREND_DAYS, type TrendDay } from '@ccms/contracts/work/dashboard';
import type { WorkItemType } from '@ccms/contracts/work/work-item-states';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsWorkItem } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { readableProjectCondition, visibleProjectCondition } from '../project/project-access';
import { myOpenItems, openCounts, openProjects, trendCounts } from './dashboard.queries';

const PROJECT_LIMIT = 20;
const ITEM_LIMIT = 10;

/** YYYY-MM-DD of a local date. */
const dayText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The home page: my projects, my open items and the 7-day trends, all within what the caller may see. */
export function dashboardService(db: Db) {
  return {
    async get(auth: AuthContext, now = new Date()): Promise<Dashboard> {
      const readable = readableProjectCondition(auth, ccmsWorkItem.projectId);
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (TREND_DAYS - 1));
      const [projects, mine, counts] = await Promise.all([
        openProjects(db, visibleProjectCondition(auth, ccmsProject.projectId), PROJECT_LIMIT),
        myOpenItems(db, auth.userId, readable, ITEM_LIMIT),
        trendCounts(db, start, readable),
      ]);
      const openByProject = await openCounts(
        db,
        projects.map((p) => p.projectId),
        readable,
      );
      const trends: TrendDay[] = Array.from({ length: TREND_DAYS }, (_, i) => {
        const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + i);
        return { day: dayText(day), created: 0, resolved: 0, closed: 0 };
      });
      for (const key of ['created', 'resolved', 'closed'] as const) {
        for (const row of counts[key]) {
          const slot = trends[row.day];
          if (slot) slot[key] += row.n;
        }
      }
      return {
        projects: projects.map((p) => ({ ...p, openItems: openByProject.get(p.projectId) ?? 0 })),
        openItems: mine.rows.map((r) => ({ ...r, workItemType: r.workItemType as WorkItemType })),
        openItemTotal: mine.total,
        trends,
      };
    },
  };
}
