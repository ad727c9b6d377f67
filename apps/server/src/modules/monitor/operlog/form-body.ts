import type { FastifyInstance } from 'fastify';

/** RuoYi's web posts export filters as form fields: read them like a JSON body (in the calling plugin's scope only). */
export function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
