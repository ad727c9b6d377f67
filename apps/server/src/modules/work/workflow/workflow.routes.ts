import { WorkflowApi } from '@ccms/contracts/work/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import type { ReviewEvents } from './review-events';
import { workflowService } from './workflow.service';
import { workflowDiffService } from './workflow-diff';

const log = { title: 'workflow', businessType: BusinessType.UPDATE };

export const workflowRoutes =
  (events: ReviewEvents): FastifyPluginAsyncZod =>
  async (app) => {
    const workflows = workflowService(app.db, events, (auth, libraryId, branch) => app.content.catalog.reindex(auth, { libraryId, branch }));
    const diffs = workflowDiffService(app.db, app.content);

    app.route({
      ...routeOf(WorkflowApi.mine),
      handler: async (req) => ok(await workflows.mine(caller(req))),
    });
    app.route({
      ...routeOf(WorkflowApi.taskContent),
      handler: async (req) => ok(await workflows.taskContent(caller(req), req.params.id)),
    });
    app.route({
      ...routeOf(WorkflowApi.setTaskContent, { log: { title: 'task', businessType: BusinessType.UPDATE } }),
      handler: async (req) => {
        await workflows.setTaskContent(caller(req), req.body);
        return done();
      },
    });
    app.route({
      ...routeOf(WorkflowApi.get),
      handler: async (req) => ok(await workflows.get(caller(req), req.params.planId)),
    });
    app.route({
      ...routeOf(WorkflowApi.diff),
      handler: async (req) => ok(await diffs.compare(caller(req), req.params.planId, req.query.path, req.lang)),
    });
    app.route({
      ...routeOf(WorkflowApi.activate, { log }),
      handler: async (req) => ok(await workflows.activate(caller(req), req.body.planId)),
    });
    app.route({
      ...routeOf(WorkflowApi.initiate, { log }),
      handler: async (req) => ok(await workflows.initiate(caller(req), req.body.planId)),
    });
    app.route({
      ...routeOf(WorkflowApi.approve, { log }),
      handler: async (req) => ok(await workflows.approve(caller(req), req.body.planId)),
    });
    app.route({
      ...routeOf(WorkflowApi.reject, { log }),
      handler: async (req) => ok(await workflows.reject(caller(req), req.body.planId, req.body.reason, req.lang)),
    });
  };
