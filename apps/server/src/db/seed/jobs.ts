import type { Tx } from '../client';
import { sysJob } from '../schema';

/**
 * Housekeeping jobs of a new installation; each names a handler of the code registry
 * (platform/jobs/registry.ts). Session and captcha purges, the library fetch, the content reindex and the project branch update run; log
 * clean-up waits for an administrator to choose the retention and enable it.
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
      jobName: '获取库远程更新',
      jobGroup: 'SYSTEM',
      invokeTarget: 'library.fetchAll',
      cronExpression: '0 0/10 * * * ?',
      status: '0',
      createBy: 'admin',
      remark: 'Fetch every library from its remote repository every 10 minutes',
    },
    {
      jobName: '项目分支定时更新',
      jobGroup: 'SYSTEM',
      invokeTarget: 'project.updateBranches',
      cronExpression: '0 0/10 * * * ?',
      status: '0',
      createBy: 'admin',
      remark: "Merge each project's source branch into its project branch when the project's schedule (minutes, hour, day) is due",
    },
    {
      jobName: '重建内容索引',
      jobGroup: 'SYSTEM',
      invokeTarget: 'catalog.reindexMoved',
      cronExpression: '0 5/10 * * * ?',
      status: '0',
      createBy: 'admin',
      remark: 'Reindex the documents and topics of every branch whose head moved, every 10 minutes (between the library fetches)',
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
