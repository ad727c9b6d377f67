import { IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  Notice,
  NoticeBody,
  NoticeMarkRead,
  NoticeMarkReadAll,
  NoticePerm,
  NoticeQuery,
  NoticeReadUser,
  NoticeReadUsersQuery,
  NoticeTopAnswer,
  NoticeUpdate,
  UnreadNotices,
  UnreadQuery,
} from '@ccms/contracts/system/notice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { noticeService } from './notice.service';

const log = (businessType: BusinessType) => ({ title: 'notice', businessType });
const NoticeIdParam = z.object({ noticeId: z.coerce.number().int().positive() });

/** Notices (RuoYi's SysNoticeController) and the caller's read marks. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = noticeService(app.db);

  app.get(
    '/system/notice/list',
    {
      config: { permission: 'system:notice:list' },
      schema: { summary: 'List notices by page', tags: ['system/notice'], querystring: NoticeQuery, response: { 200: rowsOf(Notice) } },
    },
    async (req) => rows(await notices.list(req.query)),
  );
  app.get(
    '/system/notice/unread',
    {
      config: { authenticated: true },
      schema: { summary: "List the caller's unread notices", tags: ['system/notice'], querystring: UnreadQuery, response: { 200: okOf(UnreadNotices) } },
    },
    async (req) => ok(await notices.unread(caller(req), req.query.limit)),
  );
  app.put(
    '/system/notice/readAll',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Mark all notices read for the caller', tags: ['system/notice'], response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.markAllRead(caller(req));
      return done();
    },
  );
  app.put(
    '/system/notice/read/:noticeId',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Mark one notice read for the caller', tags: ['system/notice'], params: NoticeIdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.markRead(caller(req), req.params.noticeId);
      return done();
    },
  );
  // RuoYi 3.9's header bell and read receipts (its client's paths and shapes); declared before /:noticeId.
  app.get(
    '/system/notice/listTop',
    {
      // The bell is on every page, also the one where a user changes a password someone else set.
      config: { authenticated: true, beforePasswordChange: true },
      schema: {
        summary: "List the latest open notices with the caller's read flags (RuoYi's header bell)",
        tags: ['system/notice'],
        response: { 200: NoticeTopAnswer },
      },
    },
    async (req) => ({ ...done(), ...(await notices.top(caller(req))) }),
  );
  app.post(
    '/system/notice/markRead',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      preValidation: queryAsBody,
      schema: { summary: 'Mark one notice read for the caller (RuoYi 3.9)', tags: ['system/notice'], body: NoticeMarkRead, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.markRead(caller(req), req.body.noticeId);
      return done();
    },
  );
  app.post(
    '/system/notice/markReadAll',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Mark the listed notices (or all open ones) read for the caller (RuoYi 3.9)',
        tags: ['system/notice'],
        body: NoticeMarkReadAll,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await notices.markListedRead(caller(req), req.body.ids);
      return done();
    },
  );
  app.get(
    '/system/notice/readUsers/list',
    {
      config: { permission: NoticePerm.list },
      schema: {
        summary: 'List who read a notice, by page',
        tags: ['system/notice'],
        querystring: NoticeReadUsersQuery,
        response: { 200: rowsOf(NoticeReadUser) },
      },
    },
    async (req) => rows(await notices.readers(req.query)),
  );
  app.get(
    '/system/notice/:noticeId',
    {
      config: { permission: 'system:notice:query' },
      schema: { summary: 'Get a notice', tags: ['system/notice'], params: NoticeIdParam, response: { 200: okOf(Notice) } },
    },
    async (req) => ok(await notices.get(req.params.noticeId)),
  );
  app.post(
    '/system/notice',
    {
      config: { permission: 'system:notice:add', log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a notice', tags: ['system/notice'], body: NoticeBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/system/notice',
    {
      config: { permission: 'system:notice:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a notice', tags: ['system/notice'], body: NoticeUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/system/notice/:ids',
    {
      config: { permission: 'system:notice:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete notices', tags: ['system/notice'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.remove(req.params.ids);
      return done();
    },
  );
};
