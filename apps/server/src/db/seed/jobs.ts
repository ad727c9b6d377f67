import type { Tx } from '../client';
import { sysJob } from '../schema';

/**
 * Housekeeping jobs of a new installation; each names a handler of the code registry
 * (platform/jobs/registry.ts). Session and captcha purges run; log clean-up waits for an
 * administrator to choose the retention and enable it.
 */
export async function seedJobs(tx: Tx) {
  await tx.insert(sysJob).values([
    {
      jobName: '清理过期会话',
      jobGroup: 'SYSTEM',
      invokeTarget: 'session.purgeExpired',
      cronExpression: '0 0/10 * * * ?',
      status: '0',
      createBy: 'admin',
      remark: 'Purge expired sessions every 10 minutes',
    },
    {
      jobName: '清理过期验证码',
      jobGroup: 'SYSTEM',
      invokeTarget: 'captcha.purgeExpired',
      cronExpression: '0 0 * * * ?',
      status: '0',
      createBy: 'admin',
      remark: 'Purge expired captchas hourly',
    },
    {
      jobName: '清理历史日志',
      jobGroup: 'SYSTEM',
      invokeTarget: 'log.cleanOld',
      invokeParams: { days: 180 },
      cronExpression: '0 30 2 * * ?',
      status: '1',
      createBy: 'admin',
      remark: 'Delete operation and sign-in logs older than 180 days, nightly (paused until enabled)',
    },
  ]);
}
