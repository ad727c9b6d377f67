import { z } from 'zod';
import type { JobContext, JobHandlerSpec } from '../../../platform/jobs/registry';
import type { LibraryGit } from '../../content/library/library-git';
import { projectService } from './project.service';

const Params = z.object({}).strict();

/**
 * Scheduled update of project branches: each open project whose schedule (minutes: every 10
 * minutes, hour, day) is due gets its source branch fetched and merged into its project branch.
 */
export const projectUpdateBranchesJob = (git: LibraryGit): JobHandlerSpec<typeof Params> => ({
  name: 'project.updateBranches',
  description: { zh: '将源分支合并到到期的项目分支', en: 'Merge source branches into the project branches that are due' },
  schema: Params,
  async run(_params, { db }: JobContext) {
    const counts = await projectService(db, git).updateDueBranches();
    const total = counts.ok + counts.upToDate + counts.conflict + counts.failed;
    return { key: 'job.result.projectsUpdated', params: { ok: counts.ok + counts.upToDate, conflict: counts.conflict, failed: counts.failed, total } };
  },
});
