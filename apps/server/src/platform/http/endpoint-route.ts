import type { Endpoint } from '@ccms/contracts/endpoint';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { RouteAccess } from '../types';

/**
 * What a route adds to its endpoint's access: its operation log, field labels, docs flags, and a
 * rate limit of its own (@fastify/rate-limit's route config: sign-in, registration, unlock).
 */
export type RouteExtras = Omit<RouteAccess, 'permission' | 'authenticated' | 'public'> & { rateLimit?: RateLimitOptions };

/**
 * A route's options from its endpoint descriptor (`@ccms/contracts/endpoint`): method, URL, access
 * and the schemas the zod type provider types the handler with. Spread into `app.route`:
 *
 *     app.route({ ...routeOf(PostApi.get), handler: async (req) => ok(await posts.get(req.params.id)) });
 *
 * Hooks (`preValidation`, `bodyLimit` ...) go beside the spread, as in any route.
 */
export function routeOf<const E extends Endpoint>(e: E, extras: RouteExtras = {}) {
  const access: RouteAccess =
    'permission' in e.access
      ? { permission: e.access.permission as string | string[] }
      : 'authenticated' in e.access
        ? { authenticated: true }
        : { public: true };
  // Only the parts the endpoint has: Fastify and the manual's transform read a present key as a schema.
  const schema = {
    summary: e.summary,
    tags: [e.tag],
    ...(e.params && { params: e.params }),
    ...(e.query && { querystring: e.query }),
    ...(e.body && { body: e.body }),
    response: { 200: e.response },
  } as { summary: string; tags: string[]; params: E['params']; querystring: E['query']; body: E['body']; response: { 200: E['response'] } };
  return { method: e.method, url: e.url, config: { ...access, ...extras }, schema };
}
