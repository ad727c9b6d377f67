import { NotificationApi } from '@ccms/contracts/system/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { mediaTickets } from '../../../platform/auth/media-ticket';
import { resolveSession } from '../../../platform/auth/session';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { unauthorized } from '../../../platform/http/errors';
import { openEventStream } from '../../../platform/http/sse';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'notification', businessType } });
/** A stream ticket names no library: library 0, which no media route accepts. */
const STREAM_TICKET_SCOPE = 0;

/** The caller's notices (the bell and its list), their choices, and the test mail of the settings screen. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = app.notification;
  const tickets = mediaTickets(app.secrets.secretKey);

  app.route({ ...routeOf(NotificationApi.list), handler: async (req) => rows(await notices.list(caller(req), req.query, req.lang)) });
  app.route({ ...routeOf(NotificationApi.unread), handler: async (req) => ok(await notices.unread(caller(req), req.lang)) });
  app.route({
    ...routeOf(NotificationApi.read, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await notices.read(caller(req), req.params.notificationId);
      return done();
    },
  });
  app.route({
    ...routeOf(NotificationApi.readAll, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await notices.readAll(caller(req));
      return done();
    },
  });
  app.route({ ...routeOf(NotificationApi.prefs), handler: async (req) => ok(await notices.prefs(caller(req), req.lang)) });
  app.route({
    ...routeOf(NotificationApi.savePrefs, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await notices.savePrefs(caller(req), req.body, req.lang);
      return done();
    },
  });
  app.route({
    ...routeOf(NotificationApi.testMail, log(BusinessType.OTHER)),
    handler: async (req) => {
      await notices.testMail(req.body.to, req.lang);
      return done();
    },
  });
  app.route({ ...routeOf(NotificationApi.ticket), handler: async (req) => ok({ ticket: tickets.mint(caller(req), STREAM_TICKET_SCOPE) }) });

  // Public to the guard because EventSource sends no bearer token: the handler takes the token or a ticket.
  app.route({
    ...routeOf(NotificationApi.stream),
    handler: async (req, reply) => {
      let auth = req.auth;
      if (!auth && req.query.ticket) {
        const claims = tickets.verify(req.query.ticket, STREAM_TICKET_SCOPE);
        if (claims) auth = await resolveSession(app.db, app.sessions, claims, app.config.sessionIdleMinutes);
      }
      if (!auth) throw unauthorized();
      app.notificationStream.serve(auth.userId, openEventStream(reply, 'notices'));
    },
  });
};
