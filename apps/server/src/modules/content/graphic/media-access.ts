import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import { type MediaTickets, mediaTickets } from '../../../platform/auth/media-ticket';
import { resolveSession } from '../../../platform/auth/session';
import { badRequest, forbidden, unauthorized } from '../../../platform/http/errors';

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

/** Multipart text fields checked like a body: the first problem names its field. */
export function formFields<T extends z.ZodType>(schema: T, raw: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    throw badRequest(raw[field] === undefined || raw[field] === '' ? 'field.required' : 'field.invalid', { field });
  }
  return parsed.data;
}

/** Headers of a file read from git: its type, the blob id as the ETag, and no sniffing or scripts. */
export function fileHeaders(reply: FastifyReply, file: { contentType: string; oid: string; path: string }, disposition: 'inline' | 'attachment') {
  const name = encodeURIComponent(file.path.slice(file.path.lastIndexOf('/') + 1));
  return reply
    .header('content-type', file.contentType)
    .header('etag', `"${file.oid}"`)
    .header('cache-control', 'private, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox")
    .header('content-disposition', `${disposition}; filename*=UTF-8''${name}`);
}

/** True when the browser already holds this blob. */
export const notModified = (req: FastifyRequest, oid: string) => (req.headers['if-none-match'] ?? '').split(',').some((tag) => tag.trim() === `"${oid}"`);
