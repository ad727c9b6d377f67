import { IdParam, OkEmpty, okOf } from '@ccms/contracts/http';
import { TaskPerm } from '@ccms/contracts/work/task';
import {
  MyApproval,
  TaskContentBody,
  TaskContentRow,
  Workflow,
  WorkflowActBody,
  WorkflowDiff,
  WorkflowDiffQuery,
  WorkflowPerm,
  WorkflowPlanParam,
  WorkflowRejectBody,
} from '@ccms/contracts/work/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import type { ReviewEvents } from './review-events';
import { workflowService } from './workflow.service';
import { workflowDiffService } from './workflow-diff';

const tags = ['work/workflow'];
const log = { title: 'workflow', businessType: BusinessType.UPDATE };

export const workflowRoutes =
  (events: ReviewEvents): FastifyPluginAsyncZod =>
  async (app) => {
    const workflows = workflowService(app.db, events, (auth, libraryId, branch) => app.content.catalog.reindex(auth, { libraryId, branch }));
    const answer = { 200: okOf(Workflow) };
    const diffs = workflowDiffService(app.db, app.content);

    app.get(
      '/ccms/workflow/mine',
      {
        config: { permission: TaskPerm.mine },
        schema: { summary: 'Approvals waiting for the caller’s decision (My tasks)', tags, response: { 200: okOf(z.array(MyApproval)) } },
      },
      async (req) => ok(await workflows.mine(caller(req))),
    );
    app.get(
      '/ccms/workflow/task-content/:id',
      {
        config: { permission: [WorkflowPerm.query, TaskPerm.query] },
        schema: { summary: 'The documents and topics a task covers', tags, params: IdParam, response: { 200: okOf(z.array(TaskContentRow)) } },
      },
      async (req) => ok(await workflows.taskContent(caller(req), req.params.id)),
    );
    app.put(
      '/ccms/workflow/task-content',
      {
        config: { permission: TaskPerm.edit, log: { title: 'task', businessType: BusinessType.UPDATE } },
        schema: {
          summary: 'Set the documents and topics a task covers (its plan’s workflow reviews them)',
          tags,
          body: TaskContentBody,
          response: { 200: OkEmpty },
        },
      },
      async (req) => {
        await workflows.setTaskContent(caller(req), req.body);
        return done();
      },
    );
    app.get(
      '/ccms/workflow/:planId',
      {
        config: { permission: WorkflowPerm.query },
        schema: { summary: 'A plan’s workflow: steps, who acts, approvals, history and content', tags, params: WorkflowPlanParam, response: answer },
      },
      async (req) => ok(await workflows.get(caller(req), req.params.planId)),
    );
    app.get(
      '/ccms/workflow/:planId/diff',
      {
        config: { permission: WorkflowPerm.query },
        schema: {
          summary: 'What changed in a covered item: its XML and rendering on the plan’s branch and at the last approved revision (or the plan’s base)',
          tags,
          params: WorkflowPlanParam,
          querystring: WorkflowDiffQuery,
          response: { 200: okOf(WorkflowDiff) },
        },
      },
      async (req) => ok(await diffs.compare(caller(req), req.params.planId, req.query.path, req.lang)),
    );
    app.post(
      '/ccms/workflow/activate',
      {
        config: { permission: WorkflowPerm.act, log },
        schema: { summary: 'Activate a plan’s workflow (start → edit content)', tags, body: WorkflowActBody, response: answer },
      },
      async (req) => ok(await workflows.activate(caller(req), req.body.planId)),
    );
    app.post(
      '/ccms/workflow/initiate',
      {
        config: { permission: WorkflowPerm.act, log },
        schema: {
          summary: 'Initiate the approval of the current content stage (writers or translators, their tasks completed)',
          tags,
          body: WorkflowActBody,
          response: answer,
        },
      },
      async (req) => ok(await workflows.initiate(caller(req), req.body.planId)),
    );
    app.post(
      '/ccms/workflow/approve',
      {
        config: { permission: WorkflowPerm.act, log },
        schema: { summary: 'Approve the initiated approval (the review rule decides when it passes)', tags, body: WorkflowActBody, response: answer },
      },
      async (req) => ok(await workflows.approve(caller(req), req.body.planId)),
    );
    app.post(
      '/ccms/workflow/reject',
      {
        config: { permission: WorkflowPerm.act, log },
        schema: { summary: 'Reject the initiated approval with a reason (back to the content stage)', tags, body: WorkflowRejectBody, response: answer },
      },
      async (req) => ok(await workflows.reject(caller(req), req.body.planId, req.body.reason, req.lang)),
    );
  };
