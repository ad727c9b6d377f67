import type { FastifyInstance, FastifyRequest } from 'fastify';

/** RuoYi's web posts export filters as form fields: read them like a JSON body (this plugin scope only). */
export function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * preValidation hook: query parameters join the body (the body wins), since RuoYi's web sends
 * some updates (authRole, authUser/selectAll, exports) as query parameters; the body schema
 * then validates both alike.
 */
export async function queryAsBody(req: FastifyRequest) {
  const query = req.query && typeof req.query === 'object' ? req.query : {};
  const body = req.body && typeof req.body === 'object' ? req.body : {};
  req.body = { ...query, ...body };
}
