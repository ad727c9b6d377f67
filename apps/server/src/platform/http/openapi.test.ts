import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { docDeclarationProblem, openApi } from './openapi';

describe('docDeclarationProblem', () => {
  const response = { 200: { type: 'object' } };

  it('accepts an API route with a summary, one known tag and a response schema', () => {
    expect(docDeclarationProblem('GET', '/prod-api/ccms/tag/list', { summary: 'List tags by page', tags: ['content/tag'], response })).toBeNull();
  });

  it('refuses an API route without a response schema, naming the route', () => {
    expect(docDeclarationProblem('POST', '/prod-api/ccms/tag/export', { summary: 'Export tags', tags: ['content/tag'] })).toMatch(
      /POST \/prod-api\/ccms\/tag\/export must declare schema.response/,
    );
  });

  it('refuses an API route without a summary, naming the route', () => {
    expect(docDeclarationProblem('GET', '/prod-api/ccms/tag/list', { tags: ['content/tag'] })).toMatch(
      /GET \/prod-api\/ccms\/tag\/list must declare schema.summary/,
    );
    expect(docDeclarationProblem('GET', '/prod-api/ccms/tag/list', { summary: '  ', tags: ['content/tag'] })).toMatch(/summary/);
    expect(docDeclarationProblem('POST', '/prod-api/ccms/tag', undefined)).toMatch(/POST \/prod-api\/ccms\/tag must declare schema.summary/);
  });

  it('refuses a missing, doubled or unknown tag', () => {
    expect(docDeclarationProblem('GET', '/prod-api/x', { summary: 'X' })).toMatch(/exactly one tag/);
    expect(docDeclarationProblem('GET', '/prod-api/x', { summary: 'X', tags: [] })).toMatch(/exactly one tag/);
    expect(docDeclarationProblem('GET', '/prod-api/x', { summary: 'X', tags: ['content/tag', 'system/user'] })).toMatch(/exactly one tag/);
    expect(docDeclarationProblem('GET', '/prod-api/x', { summary: 'X', tags: ['content/tags'] })).toMatch(/tag content\/tags is not one of API_TAGS/);
  });

  it('leaves the manual itself, HEAD twins, hidden routes and non-API paths alone', () => {
    expect(docDeclarationProblem('GET', '/prod-api/swagger/json', undefined)).toBeNull();
    expect(docDeclarationProblem('HEAD', '/prod-api/ccms/tag/list', undefined)).toBeNull();
    expect(docDeclarationProblem('GET', '/index.html', undefined)).toBeNull();
    expect(docDeclarationProblem('GET', '/prod-api/x', { hide: true })).toBeNull();
  });
});

describe('the openApi plugin', () => {
  const appWith = async (schema: Record<string, unknown>) => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApi);
    app.get('/prod-api/probe', { schema }, async () => ({ ok: true }));
    return app;
  };

  it('refuses to start when a route lacks its summary', async () => {
    const app = Fastify({ logger: false });
    await app.register(openApi);
    expect(() => app.get('/prod-api/probe', { schema: { tags: ['content/tag'] } }, async () => ({}))).toThrow(
      /GET \/prod-api\/probe must declare schema.summary/,
    );
    await app.close();
  });

  it('documents a declared route in /prod-api/swagger/json', async () => {
    const app = await appWith({
      summary: 'Probe the manual',
      tags: ['monitor/server'],
      response: { 200: z.object({ ok: z.boolean() }) },
    });
    const res = await app.inject({ method: 'GET', url: '/prod-api/swagger/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/prod-api/probe'].get).toMatchObject({ summary: 'Probe the manual', tags: ['monitor/server'] });
    // Inside the app, "Try it out" signs its requests with the web's session cookie.
    const init = await app.inject({ method: 'GET', url: '/prod-api/swagger/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toMatch(/requestInterceptor/);
    expect(init.body).toMatch(/Admin-Token/);
    await app.close();
  });
});
