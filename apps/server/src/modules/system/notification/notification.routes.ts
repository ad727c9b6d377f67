import { OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  Notification,
  NotificationIdParam,
  NotificationPerm,
  NotificationPrefs,
  NotificationQuery,
  TestMailBody,
  UnreadCount,
} from '@ccms/contracts/system/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaTickets } from '../../../platform/auth/media-ticket';
import { resolveSession } from '../../../platform/auth/session';
import { done, ok, rows } from '../../../platform/http/envelope';
import { unauthorized } from '../../../platform/http/errors';
import { openEventStream } from '../../../platform/http/sse';
import { BusinessType } from '../../../platform/types';

const tags = ['system/notification'];
const log = (businessType: BusinessType) => ({ title: 'notification', businessType });
/** A stream ticket names no library: library 0, which no media route accepts. */
const STREAM_TICKET_SCOPE = 0;
const StreamQuery = z.object({ ticket: z.string().max(300).optional().describe('ticket from /system/notification/ticket (EventSource sends no token)') });

/** The caller's notices (the bell and its list), their choices, and the test mail of the settings screen. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = app.notification;
  const tickets = mediaTickets(app.secrets.secretKey);

  app.get(
    '/system/notification/list',
    {
      config: { authenticated: true },
      schema: { summary: "List the caller's notices, newest first", tags, querystring: NotificationQuery, response: { 200: rowsOf(Notification) } },
    },
    async (req) => rows(await notices.list(caller(req), req.query, req.lang)),
  );
  app.get(
    '/system/notification/unread',
    {
      config: { authenticated: true },
      schema: { summary: "Count the caller's unread notices", tags, response: { 200: okOf(UnreadCount) } },
    },
    async (req) => ok(await notices.unread(caller(req), req.lang)),
  );
  app.put(
    '/system/notification/read/:notificationId',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Mark one of the caller’s notices read', tags, params: NotificationIdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.read(caller(req), req.params.notificationId);
      return done();
    },
  );
  app.put(
    '/system/notification/readAll',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Mark all the caller’s notices read', tags, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.readAll(caller(req));
      return done();
    },
  );
  app.get(
    '/system/notification/prefs',
    {
      config: { authenticated: true },
      schema: { summary: 'The caller’s notice choices: mail language and channels per event', tags, response: { 200: okOf(NotificationPrefs) } },
    },
    async (req) => ok(await notices.prefs(caller(req), req.lang)),
  );
  app.put(
    '/system/notification/prefs',
    {
      config: { authenticated: true, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Save the caller’s notice choices', tags, body: NotificationPrefs, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.savePrefs(caller(req), req.body, req.lang);
      return done();
    },
  );
  app.post(
    '/system/notification/testMail',
    {
      config: { permission: NotificationPerm.testMail, log: log(BusinessType.OTHER) },
      schema: { summary: 'Send a test mail through the configured SMTP server', tags, body: TestMailBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await notices.testMail(req.body.to, req.lang);
      return done();
    },
  );
  app.get(
    '/system/notification/ticket',
    {
      config: { authenticated: true },
      schema: { summary: 'A short-lived ticket for the notice stream', tags, response: { 200: okOf(z.object({ ticket: z.string() })) } },
    },
    async (req) => ok({ ticket: tickets.mint(caller(req), STREAM_TICKET_SCOPE) }),
  );

  // Public to the guard because EventSource sends no bearer token: the handler takes the token or a ticket.
  app.get(
    '/system/notification/stream',
    {
      config: { public: true },
      schema: {
        summary: 'The caller’s unread count, live (Server-Sent Events: data: {"unread":n})',
        tags,
        querystring: StreamQuery,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      let auth = req.auth;
      if (!auth && req.query.ticket) {
        const claims = tickets.verify(req.query.ticket, STREAM_TICKET_SCOPE);
        if (claims) auth = await resolveSession(app.db, app.sessions, claims, app.config.sessionIdleMinutes);
      }
      if (!auth) throw unauthorized();
      app.notificationStream.serve(auth.userId, openEventStream(reply, 'notices'));
    },
  );
};
