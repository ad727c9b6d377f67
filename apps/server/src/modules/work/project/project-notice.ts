import type { NotificationChannel } from '@ccms/contracts/system/notification';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsProjectConfig } from '../../../db/schema';
import { findPlanRow } from '../plan/plan.queries';

/** How notices of a project's work go out: the plan's notice settings when there is a plan, else the project config's. */
export async function noticeChannelOf(db: Db, projectId: number, planId: number | null | undefined): Promise<NotificationChannel> {
  if (planId) {
    const plan = await findPlanRow(db, planId);
    if (plan) return { notice: plan.notice, noticeType: plan.noticeType };
  }
  const [config] = await db
    .select({ notice: ccmsProjectConfig.notice, noticeType: ccmsProjectConfig.noticeType })
    .from(ccmsProjectConfig)
    .where(eq(ccmsProjectConfig.projectId, projectId));
  return config ?? { notice: false, noticeType: 'system' };
}
