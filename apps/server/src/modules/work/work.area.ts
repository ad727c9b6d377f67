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
import { reviewCommentRoutes } from './review-comment/review-comment.routes';
import { reviewCommentService } from './review-comment/review-comment.service';
import { reviewCommentComRoutes } from './review-comment/review-comment-com.routes';
import { reviewCommentComService } from './review-comment/review-comment-com.service';
import { taskRoutes } from './task/task.routes';
import { workItemRoutes } from './work-item/work-item.routes';
import { reviewEvents } from './workflow/review-events';
import { reviewsContent } from './workflow/workflow.queries';
import { workflowRoutes } from './workflow/workflow.routes';

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

/**
 * The work area: projects and their branches, plans, tasks, work items, releases, the dashboard,
 * and the review workflow with its comments, which answer the content area's review questions
 * (who may approve by hand, what a topic's save does to its comments).
 */
export const workArea = fp(
  async (app) => {
    app.jobs.register(projectUpdateBranchesJob(app.content.git));
    const events = reviewEvents(app.db, app.notification, (err) => app.log.warn({ err }, 'review notice not sent'));
    const comments = reviewCommentService(app.db, app.content, events);
    app.content.review.answerWith({
      reviews: async (auth, t) => auth.isAdmin || reviewsContent(app.db, auth.userId, t.libraryId, t.branch, t.path),
      topicSaved: (target, text) => comments.topicSaved(target, text),
    });
    const comFiles = reviewCommentComRoutes(reviewCommentComService(app.db, app.content));
    for (const plugin of [...routes, workflowRoutes(events), reviewCommentRoutes(comments), comFiles]) await app.register(plugin);
  },
  { name: 'work', dependencies: ['content', 'notification'], encapsulate: true },
);
