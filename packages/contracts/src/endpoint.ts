import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call an endpoint: holders of a permission string (of any one of several), anyone signed
 * in, or anyone at all.
 */
export type EndpointAccess = { permission: string | readonly string[] } | { authenticated: true } | { public: true };

/**
 * One API endpoint as both ends see it. The server registers its route from it (method, URL,
 * access, schemas, the manual's summary and tag: `platform/http/endpoint-route.ts`) and the web
 * calls it through it (the URL with its `:name` values filled, the method, the answer's type:
 * `api/client.ts`). A module's endpoints are one object in its contract file (`PostApi`), so a
 * URL is written once.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify's route syntax: `/system/post/:id`, a trailing `*` for the rest of a path. */
  url: string;
  access: EndpointAccess;
  /** One line for the API manual. */
  summary: string;
  /** The manual's section: the module's path, `system/post`. */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer's schema (an envelope, or a file's description). */
  response: z.ZodType;
}

/** Declares an endpoint, keeping its literal types (method, URL, schemas) for both ends. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** What fills an endpoint URL's `:name` and `*` parts. */
export type PathValues = Record<string, string | number | readonly (string | number)[]>;

const PART = /:([A-Za-z_][A-Za-z0-9_]*)|\*$/g;

/** The names an endpoint's URL takes values for (`*` for a trailing wildcard). */
export function pathNames(url: string): string[] {
  return [...url.matchAll(PART)].map((m) => m[1] ?? '*');
}

/**
 * An endpoint's URL with its path values filled: each `:name` encoded as one path segment (a list
 * joined by commas, as RuoYi's id lists are), a trailing `*` as a path whose segments are each
 * encoded. A missing value is a programming error and throws.
 */
export function urlOf(e: Pick<Endpoint, 'url'>, values: PathValues = {}): string {
  return e.url.replace(PART, (_all, name: string | undefined) => {
    const key = name ?? '*';
    const value = values[key];
    if (value === undefined) throw new Error(`${e.url}: no value for ${name ? `:${name}` : '*'}`);
    if (Array.isArray(value)) return value.map((v) => encodeURIComponent(String(v))).join(',');
    const text = String(value);
    return name ? encodeURIComponent(text) : text.split('/').map(encodeURIComponent).join('/');
  });
}
