import { WorkItemApi } from '@ccms/contracts/work/work-item';
import { ATTACHMENT_MAX_MB, WorkItemCollabApi } from '@ccms/contracts/work/work-item-collab';
import { WorkItemFilterApi } from '@ccms/contracts/work/work-item-conditions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { readFiles } from '../../common/multipart';
import { workItemService } from './work-item.service';
import { workItemCollabService } from './work-item-collab.service';
import { workItemIndex } from './work-item-index';
import { workItemTransitionService } from './work-item-transition.service';

const log = (businessType: BusinessType) => ({ log: { title: 'workitem', businessType } });

/** Requirements and defects: lists, condition query, saved filters, transitions, comments, attachments, history. */
export const workItemRoutes: FastifyPluginAsyncZod = async (app) => {
  // The condition query's index: built once for the services that write work items, closed with the app.
  const index = await workItemIndex(app.database);
  app.addHook('onClose', () => index.close());
  // Built at start (a listening server only; tests that inject requests load projects on first use):
  // in the background, so the server answers at once, from SQL until a project is loaded.
  app.addHook('onListen', async () => {
    const started = Date.now();
    void index.warmAll().then(
      (projects) => app.log.info({ projects, items: index.size(), ms: Date.now() - started }, 'work list index loaded'),
      (err: unknown) => app.log.warn({ err }, 'work list index not loaded at start; projects load on first use'),
    );
  });
  const items = workItemService(app.db, index, app.notification);
  const transitions = workItemTransitionService(app.db, index);
  const collab = workItemCollabService(app.db, app.storage);
  acceptFormBodies(app);

  app.route({
    ...routeOf(WorkItemApi.list),
    handler: async (req) => rows(await items.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(WorkItemFilterApi.query, { log: { skip: 'a search sent as POST; writes nothing' } }),
    handler: async (req) => rows(await items.query(caller(req), req.body)),
  });
  app.route({
    ...routeOf(WorkItemFilterApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'workitem.xlsx', await items.export(caller(req), req.body, req.lang)),
  });

  app.route({
    ...routeOf(WorkItemFilterApi.filters),
    handler: async (req) => ok(await items.filters(caller(req), req.query)),
  });
  app.route({
    ...routeOf(WorkItemFilterApi.saveFilter, log(BusinessType.INSERT)),
    handler: async (req) => ok({ filterId: await items.saveFilter(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(WorkItemFilterApi.removeFilters, log(BusinessType.DELETE)),
    handler: async (req) => {
      await items.removeFilters(caller(req), req.params.ids);
      return done();
    },
  });

  app.route({
    ...routeOf(WorkItemApi.userOptions),
    handler: async () => ok(await items.userOptions()),
  });

  app.route({
    ...routeOf(WorkItemApi.get),
    handler: async (req) => ok(await items.get(caller(req), req.params.id, req.query.projectId)),
  });
  app.route({
    ...routeOf(WorkItemApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ workItemId: await items.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(WorkItemApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await items.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(WorkItemApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await items.remove(caller(req), req.params.ids, req.query.projectId);
      return done();
    },
  });

  app.route({
    ...routeOf(WorkItemApi.transition, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await transitions.transition(caller(req), req.params.id, req.body, req.lang);
      return done();
    },
  });
  app.route({
    ...routeOf(WorkItemCollabApi.history),
    handler: async (req) => ok(await items.history(caller(req), req.params.id, req.query.projectId)),
  });

  app.route({
    ...routeOf(WorkItemCollabApi.comments),
    handler: async (req) => ok(await collab.comments(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(WorkItemCollabApi.comment, log(BusinessType.INSERT)),
    handler: async (req) => ok({ commentId: await collab.comment(caller(req), req.params.id, req.body) }),
  });
  app.route({
    ...routeOf(WorkItemCollabApi.removeComment, log(BusinessType.DELETE)),
    handler: async (req) => {
      await collab.removeComment(caller(req), req.params.id, req.params.commentId);
      return done();
    },
  });

  app.route({
    ...routeOf(WorkItemCollabApi.attachments),
    handler: async (req) => ok(await collab.attachments(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(WorkItemCollabApi.attach, log(BusinessType.INSERT)),
    handler: async (req) => {
      const maxBytes = ATTACHMENT_MAX_MB * 1024 * 1024;
      const [file] = await readFiles(req, 'file', { maxBytes, maxFiles: 1, maxMb: ATTACHMENT_MAX_MB });
      if (!file) throw new Error('no file read');
      await collab.attach(caller(req), req.params.id, file, req.query.replace === 'true');
      return done();
    },
  });
  app.route({
    ...routeOf(WorkItemCollabApi.downloadAttachment),
    handler: async (req, reply) => {
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
  });
  app.route({
    ...routeOf(WorkItemCollabApi.removeAttachment, log(BusinessType.DELETE)),
    handler: async (req) => {
      await collab.detach(caller(req), req.params.id, req.params.attachmentId);
      return done();
    },
  });
};
