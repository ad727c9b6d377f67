import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { type AuthContext, hasPermission } from './access';
import { type MediaTickets, mediaTickets } from './media-ticket';
import { resolveSession } from './session';

/**
 * The caller of a media route (raw image, thumbnail, video stream): the bearer token when one
 * was sent, else the media ticket of the URL. Then the route's permission, as the guard checks
 * it for every other route; the service checks the library level.
 */
export function mediaAccess(app: FastifyInstance): {
  tickets: MediaTickets;
  callerOf: (req: FastifyRequest, q: MediaCall, permission: string) => Promise<AuthContext>;
} {
  const tickets = mediaTickets(app.secrets.secretKey);
  return {
    tickets,
    async callerOf(req, q, permission) {
      let auth = req.auth;
      if (!auth && q.ticket) {
        const claims = tickets.verify(q.ticket, q.libraryId);
        if (!claims) throw unauthorized('resource.ticketInvalid');
        auth = await resolveSession(app.db, app.sessions, claims, app.config.sessionIdleMinutes);
      }
      if (!auth) throw unauthorized();
      if (!hasPermission(auth, permission)) throw forbidden();
      return auth;
    },
  };
}

interface MediaCall {
  libraryId: number;
  ticket?: string | undefined;
}
