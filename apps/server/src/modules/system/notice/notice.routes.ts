import { NoticeApi } from '@ccms/contracts/system/notice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { noticeService } from './notice.service';

const log = (businessType: BusinessType) => ({ log: { title: 'notice', businessType } });

/** Notices (RuoYi's SysNoticeController) and the caller's read marks. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = noticeService(app.db);

  app.route({ ...routeOf(NoticeApi.list), handler: async (req) => rows(await notices.list(req.query)) });
  app.route({ ...routeOf(NoticeApi.unread), handler: async (req) => ok(await notices.unread(caller(req), req.query.limit)) });
  app.route({
    ...routeOf(NoticeApi.readAll, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await notices.markAllRead(caller(req));
      return done();
    },
  });
  app.route({
    ...routeOf(NoticeApi.read, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await notices.markRead(caller(req), req.params.noticeId);
      return done();
    },
  });
  // RuoYi 3.9's header bell and read receipts (its client's paths and shapes); declared before /:noticeId.
  // The bell is on every page, also the one where a user changes a password someone else set.
  app.route({ ...routeOf(NoticeApi.top, { beforePasswordChange: true }), handler: async (req) => ({ ...done(), ...(await notices.top(caller(req))) }) });
  app.route({
    ...routeOf(NoticeApi.markRead, log(BusinessType.UPDATE)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await notices.markRead(caller(req), req.body.noticeId);
      return done();
    },
  });
  app.route({
    ...routeOf(NoticeApi.markReadAll, log(BusinessType.UPDATE)),
    preValidation: queryAsBody,
    handler: async (req) => {
      await notices.markListedRead(caller(req), req.body.ids);
      return done();
    },
  });
  app.route({ ...routeOf(NoticeApi.readers), handler: async (req) => rows(await notices.readers(req.query)) });
  app.route({ ...routeOf(NoticeApi.get), handler: async (req) => ok(await notices.get(req.params.noticeId)) });
  app.route({
    ...routeOf(NoticeApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await notices.create(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(NoticeApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await notices.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(NoticeApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await notices.remove(req.params.ids);
      return done();
    },
  });
};
