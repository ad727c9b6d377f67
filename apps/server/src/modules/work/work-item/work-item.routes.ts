import { FileResponse } from '@ccms/contracts/common';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { UserOption } from '@ccms/contracts/work/common';
import {
  ATTACHMENT_MAX_MB,
  AttachmentParams,
  AttachmentUploadQuery,
  CommentBody,
  CommentParams,
  ConditionQuery,
  FilterListQuery,
  ProjectScope,
  SavedFilter,
  SavedFilterBody,
  TransitionBody,
  WorkItem,
  WorkItemAttachment,
  WorkItemBody,
  WorkItemComment,
  WorkItemExport,
  WorkItemHistory,
  WorkItemListRow,
  WorkItemPerm,
  WorkItemQuery,
  WorkItemUpdate,
} from '@ccms/contracts/work/work-item';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { readFiles } from '../../common/multipart';
import { workItemService } from './work-item.service';
import { workItemCollabService } from './work-item-collab.service';
import { workItemTransitionService } from './work-item-transition.service';

const log = (businessType: BusinessType) => ({ title: 'workitem', businessType });

/** Requirements and defects: lists, condition query, saved filters, transitions, comments, attachments, history. */
export const workItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const items = workItemService(app.db, app.notification);
  const transitions = workItemTransitionService(app.db);
  const collab = workItemCollabService(app.db, app.storage);
  acceptFormBodies(app);

  app.get(
    '/ccms/workitem/list',
    {
      config: { permission: WorkItemPerm.list },
      schema: {
        summary: 'List the work items of a project by page',
        tags: ['work/work-item'],
        querystring: WorkItemQuery,
        response: { 200: rowsOf(WorkItemListRow) },
      },
    },
    async (req) => rows(await items.list(caller(req), req.query)),
  );
  app.post(
    '/ccms/workitem/query',
    {
      config: { permission: WorkItemPerm.list, log: { skip: 'a search sent as POST; writes nothing' } },
      schema: { summary: 'Find work items by a condition tree', tags: ['work/work-item'], body: ConditionQuery, response: { 200: rowsOf(WorkItemListRow) } },
    },
    async (req) => rows(await items.query(caller(req), req.body)),
  );
  app.post(
    '/ccms/workitem/export',
    {
      config: { permission: WorkItemPerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export work items as an Excel workbook',
        tags: ['work/work-item'],
        body: WorkItemExport,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'workitem.xlsx', await items.export(caller(req), req.body, req.lang)),
  );

  app.get(
    '/ccms/workitem/filter',
    {
      config: { permission: WorkItemPerm.list },
      schema: {
        summary: "List the caller's saved work item filters",
        tags: ['work/work-item'],
        querystring: FilterListQuery,
        response: { 200: okOf(z.array(SavedFilter)) },
      },
    },
    async (req) => ok(await items.filters(caller(req), req.query)),
  );
  app.post(
    '/ccms/workitem/filter',
    {
      config: { permission: WorkItemPerm.list, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Save a work item filter',
        tags: ['work/work-item'],
        body: SavedFilterBody,
        response: { 200: okOf(z.object({ filterId: z.number() })) },
      },
    },
    async (req) => ok({ filterId: await items.saveFilter(caller(req), req.body) }),
  );
  app.delete(
    '/ccms/workitem/filter/:ids',
    {
      config: { permission: WorkItemPerm.list, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete saved work item filters', tags: ['work/work-item'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await items.removeFilters(caller(req), req.params.ids);
      return done();
    },
  );

  app.get(
    '/ccms/workitem/userOptions',
    {
      config: { permission: WorkItemPerm.list },
      schema: { summary: 'List users, for the work item assignee picker', tags: ['work/work-item'], response: { 200: okOf(z.array(UserOption)) } },
    },
    async () => ok(await items.userOptions()),
  );

  app.get(
    '/ccms/workitem/:id',
    {
      config: { permission: WorkItemPerm.query },
      schema: { summary: 'Get a work item', tags: ['work/work-item'], params: IdParam, querystring: ProjectScope, response: { 200: okOf(WorkItem) } },
    },
    async (req) => ok(await items.get(caller(req), req.params.id, req.query.projectId)),
  );
  app.post(
    '/ccms/workitem',
    {
      config: { permission: WorkItemPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a work item', tags: ['work/work-item'], body: WorkItemBody, response: { 200: okOf(z.object({ workItemId: z.number() })) } },
    },
    async (req) => ok({ workItemId: await items.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/workitem',
    {
      config: { permission: WorkItemPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a work item', tags: ['work/work-item'], body: WorkItemUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await items.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/workitem/:ids',
    {
      config: { permission: WorkItemPerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Delete work items',
        tags: ['work/work-item'],
        params: z.object({ ids: IdList }),
        querystring: ProjectScope,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await items.remove(caller(req), req.params.ids, req.query.projectId);
      return done();
    },
  );

  app.post(
    '/ccms/workitem/:id/transition',
    {
      config: { permission: WorkItemPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Move a work item to another state', tags: ['work/work-item'], params: IdParam, body: TransitionBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await transitions.transition(caller(req), req.params.id, req.body, req.lang);
      return done();
    },
  );
  app.get(
    '/ccms/workitem/:id/history',
    {
      config: { permission: WorkItemPerm.query },
      schema: {
        summary: "List a work item's changes",
        tags: ['work/work-item'],
        params: IdParam,
        querystring: ProjectScope,
        response: { 200: okOf(z.array(WorkItemHistory)) },
      },
    },
    async (req) => ok(await items.history(caller(req), req.params.id, req.query.projectId)),
  );

  app.get(
    '/ccms/workitem/:id/comment',
    {
      config: { permission: WorkItemPerm.query },
      schema: { summary: "List a work item's comments", tags: ['work/work-item'], params: IdParam, response: { 200: okOf(z.array(WorkItemComment)) } },
    },
    async (req) => ok(await collab.comments(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/workitem/:id/comment',
    {
      config: { permission: WorkItemPerm.edit, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Comment on a work item',
        tags: ['work/work-item'],
        params: IdParam,
        body: CommentBody,
        response: { 200: okOf(z.object({ commentId: z.number() })) },
      },
    },
    async (req) => ok({ commentId: await collab.comment(caller(req), req.params.id, req.body) }),
  );
  app.delete(
    '/ccms/workitem/:id/comment/:commentId',
    {
      config: { permission: WorkItemPerm.edit, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete a comment of a work item', tags: ['work/work-item'], params: CommentParams, response: { 200: OkEmpty } },
    },
    async (req) => {
      await collab.removeComment(caller(req), req.params.id, req.params.commentId);
      return done();
    },
  );

  app.get(
    '/ccms/workitem/:id/attachment',
    {
      config: { permission: WorkItemPerm.query },
      schema: { summary: "List a work item's attachments", tags: ['work/work-item'], params: IdParam, response: { 200: okOf(z.array(WorkItemAttachment)) } },
    },
    async (req) => ok(await collab.attachments(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/workitem/:id/attachment',
    {
      config: { permission: WorkItemPerm.edit, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Attach a file (multipart) to a work item',
        tags: ['work/work-item'],
        params: IdParam,
        querystring: AttachmentUploadQuery,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      const maxBytes = ATTACHMENT_MAX_MB * 1024 * 1024;
      const [file] = await readFiles(req, 'file', { maxBytes, maxFiles: 1, maxMb: ATTACHMENT_MAX_MB });
      if (!file) throw new Error('no file read');
      await collab.attach(caller(req), req.params.id, file, req.query.replace === 'true');
      return done();
    },
  );
  app.get(
    '/ccms/workitem/:id/attachment/:attachmentId/download',
    {
      config: { permission: WorkItemPerm.query },
      schema: { summary: 'Download a work item attachment', tags: ['work/work-item'], params: AttachmentParams, response: { 200: FileResponse } },
    },
    async (req, reply) => {
      const file = await collab.download(caller(req), req.params.id, req.params.attachmentId);
      const encoded = encodeURIComponent(file.fileName);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
        .header('download-filename', encoded)
        .header('access-control-expose-headers', 'download-filename')
        .send(file.stream);
    },
  );
  app.delete(
    '/ccms/workitem/:id/attachment/:attachmentId',
    {
      config: { permission: WorkItemPerm.edit, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete a work item attachment', tags: ['work/work-item'], params: AttachmentParams, response: { 200: OkEmpty } },
    },
    async (req) => {
      await collab.detach(caller(req), req.params.id, req.params.attachmentId);
      return done();
    },
  );
};
