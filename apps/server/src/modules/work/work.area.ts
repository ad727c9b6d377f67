import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { planRoutes } from './plan/plan.routes';
import { projectUpdateBranchesJob } from './project/project.jobs';
import { projectRoutes } from './project/project.routes';
import { projectCategoryRoutes } from './project-category/project-category.routes';
import { projectConfigRoutes } from './project-config/project-config.routes';
import { releaseRoutes } from './release/release.routes';
import { releaseLogRoutes } from './release-log/release-log.routes';
import { taskRoutes } from './task/task.routes';
import { workItemRoutes } from './work-item/work-item.routes';

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [
  workItemRoutes,
  releaseLogRoutes,
  dashboardRoutes,
  projectRoutes,
  projectCategoryRoutes,
  projectConfigRoutes,
  releaseRoutes,
  planRoutes,
  taskRoutes,
];

/** The work area: projects and their branches, plans, tasks, work items, releases, the dashboard. */
export const workArea = fp(
  async (app) => {
    app.jobs.register(projectUpdateBranchesJob(app.content.git));
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'work', dependencies: ['content'], encapsulate: true },
);
