import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TAGS } from '../src/platform/http/openapi';
import { type Caller, createTestApp, type TestApp } from './harness';

/**
 * The API manual: `/prod-api/swagger/json` documents every API route the app registered, each
 * with its summary and one tag from API_TAGS, and lists those tags with their descriptions.
 */
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

interface Operation {
  summary?: string;
  tags?: string[];
}

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

interface OperationDoc {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; description?: string; schema?: JsonSchema }[];
}

/** A field's description, on the field or on the one branch of a nullable/optional union. */
const describedField = (field: JsonSchema | undefined): boolean =>
  Boolean(field?.description || field?.anyOf?.some((f) => f.description) || field?.allOf?.some((f) => f.description));

/** Fastify's `/a/:id/*` as OpenAPI writes it: `/a/{id}/{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the OpenAPI document', () => {
  it('lists every API route with its summary and one known tag', async () => {
    const res = await admin.get('/prod-api/swagger/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, Operation>>;
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/prod-api/') && !r.url.startsWith('/prod-api/swagger'));
    expect(routes.length).toBeGreaterThan(300);
    const problems: string[] = [];
    for (const route of routes) {
      const op = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) problems.push(`${route.method} ${route.url}: missing`);
      else if (!op.summary?.trim()) problems.push(`${route.method} ${route.url}: no summary`);
      else if (op.tags?.length !== 1 || !Object.hasOwn(API_TAGS, op.tags[0] ?? '')) problems.push(`${route.method} ${route.url}: tags ${op.tags}`);
    }
    expect(problems).toEqual([]);
    // One summary per operation: a copied summary would leave two routes indistinguishable in the manual.
    const summaries = routes.map((r) => paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.summary);
    expect(summaries.filter((s, i) => summaries.indexOf(s) !== i)).toEqual([]);
  });

  it('names each tag once, with its description, and every tag has routes', async () => {
    const { body } = await admin.get('/prod-api/swagger/json');
    expect(body.tags).toEqual(Object.entries(API_TAGS).map(([name, description]) => ({ name, description })));
    const used = new Set(
      Object.values(body.paths as Record<string, Record<string, Operation>>).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])),
    );
    expect(Object.keys(API_TAGS).filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('describes every id of another entity in a request body or query', async () => {
    const { body } = await admin.get('/prod-api/swagger/json');
    const undescribed: string[] = [];
    const walk = (where: string, schema: JsonSchema | undefined) => {
      for (const [name, field] of Object.entries(schema?.properties ?? {})) {
        if (/[a-z](Id|Ids)$/.test(name) && !describedField(field)) undescribed.push(`${where} ${name}`);
      }
      for (const part of [...(schema?.allOf ?? []), ...(schema?.anyOf ?? [])]) walk(where, part);
    };
    for (const [path, ops] of Object.entries(body.paths as Record<string, Record<string, OperationDoc>>)) {
      for (const [method, op] of Object.entries(ops)) {
        walk(`${method.toUpperCase()} ${path} body`, op.requestBody?.content?.['application/json']?.schema);
        for (const p of op.parameters ?? [])
          if (p.in === 'query' && /[a-z](Id|Ids)$/.test(p.name) && !p.description && !describedField(p.schema))
            undescribed.push(`${method.toUpperCase()} ${path} query ${p.name}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('shows an example summary and the fields of a request body', async () => {
    const { body } = await admin.get('/prod-api/swagger/json');
    const create = body.paths['/prod-api/ccms/tag'].post;
    expect(create).toMatchObject({ summary: 'Create a tag', tags: ['content/tag'] });
    expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('libraryId');
    expect(body.paths['/prod-api/ccms/abbreviation/list'].get).toMatchObject({ summary: 'List abbreviation entries by page', tags: ['content/abbreviation'] });
  });
});
