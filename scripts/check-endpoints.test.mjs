// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the planted offences are source text that spells ${…} placeholders
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, registersByHand, spellsApiUrl } from './check-endpoints.mjs';

describe('check-endpoints: API URLs outside their descriptors', () => {
  it.each([
    ['a route by hand', "  app.get('/system/post/list', { config: { permission: 'system:post:list' } }, handler);"],
    ['a write route by hand', '  app.delete(`/ccms/tag/${x}`, opts, handler);'],
  ])('flags %s on the server', (_name, line) => {
    expect(registersByHand(line)).toBe(true);
  });

  it('passes a route from a descriptor', () => {
    expect(registersByHand('  app.route({ ...routeOf(PostApi.list), handler: async (req) => rows(await posts.list(req.query)) });')).toBe(false);
  });

  it.each([
    ['a call by URL', "  list: (q) => byUrl.list<Post>('/system/post/list', q),", false],
    ['a URL in an API file', "const SAVE_URL = '/ccms/topic-editor/save';", true],
    ['a download by URL', '  exportPdf: (r) => download(`/ccms/complianceReport/${r.reportId}/pdf`, {}, name),', false],
    ['a served file by URL', '    return resourceUrl(`/ccms/graphic/raw?${query}`);', false],
  ])('flags %s on the web', (_name, line, apiFile) => {
    expect(spellsApiUrl(line, apiFile)).toBe(true);
  });

  it.each([
    ['a call through a descriptor', '  list: (params) => api.list(PostApi.list, { query: params }),', true],
    ['a page path in a component', "  onClick: () => navigate('/system/downloadcenter'),", false],
    ['a comment in an API file', "// GET '/system/post/list' answers rows", true],
  ])('passes %s on the web', (_name, line, apiFile) => {
    expect(spellsApiUrl(line, apiFile)).toBe(false);
  });
});

describe('check-endpoints over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports routes and calls by URL, leaves tests and excepted files out, and names exceptions that no longer hold', () => {
    base = mkdtempSync(path.join(tmpdir(), 'endpoints-'));
    write('apps/server/src/modules/x/x.routes.ts', "app.route({ ...routeOf(XApi.list), handler });\napp.post('/ccms/x', opts, handler);\n");
    write('apps/server/src/modules/x/x.test.ts', "app.get('/ccms/x/probe', opts, handler);\n");
    write('apps/web/src/features/x/x-api.ts', 'export const xApi = { get: (id) => byUrl.one(`/ccms/x/${id}`) };\n');
    write('apps/web/src/features/x/pages/index.tsx', "navigate('/ccms/x-detail/index');\n");
    write('apps/web/src/features/y/y-api.ts', "const URL = '/ccms/y';\n");
    write('apps/web/src/features/z/z-api.ts', 'export const zApi = { list: () => api.list(ZApi.list) };\n');
    const { offences, staleExceptions } = check(base, { 'apps/web/src/features/y/y-api.ts': 'later', 'apps/web/src/features/z/z-api.ts': 'done already' });
    expect(offences).toEqual([
      "apps/server/src/modules/x/x.routes.ts:2: app.post('/ccms/x', opts, handler);",
      'apps/web/src/features/x/x-api.ts:1: export const xApi = { get: (id) => byUrl.one(`/ccms/x/${id}`) };',
    ]);
    expect(staleExceptions).toEqual(['apps/web/src/features/z/z-api.ts']);
  });
});
