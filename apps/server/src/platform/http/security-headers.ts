import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The web app and the API docs: scripts only from our origin; antd writes inline styles, so
 * style-src needs 'unsafe-inline'; images and media may be data/blob URLs (avatars, previews).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Active content from the API (an HTML, SVG or XML file viewed inline, a published page): a
 * sandbox with no scripts, no forms and an opaque origin, so it cannot act as the signed-in user.
 */
export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; media-src 'self'; frame-ancestors 'self'";

const ACTIVE = /html|svg|xml|javascript/i;

/** Security headers on every answer; an API file view keeps a stricter policy than the app. */
export const securityHeaders = fp(async (app: FastifyInstance, opts: { apiBase: string }) => {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (reply.hasHeader('Content-Security-Policy')) return payload;
    const path = req.url.split('?')[0] ?? '';
    const api = path.startsWith(`${opts.apiBase}/`) && !path.startsWith(`${opts.apiBase}/swagger`);
    if (!api) reply.header('Content-Security-Policy', APP_CSP);
    else if (ACTIVE.test(String(reply.getHeader('content-type') ?? ''))) reply.header('Content-Security-Policy', SANDBOX_CSP);
    else reply.header('Content-Security-Policy', "frame-ancestors 'self'");
    return payload;
  });
});
