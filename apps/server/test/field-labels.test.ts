import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type FieldLabels, fieldLabels } from '@ccms/contracts/messages/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createTestApp, type TestApp } from './harness';

/**
 * Issue 38, item 16: a message that names a field names it by its label ("标题不能为空", "Writer
 * must be selected"), not by its key. Every field a route's body, query or path declares has a
 * label in both languages, from the shared vocabulary or the route's own `fieldLabels`.
 */
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
}
interface OperationDoc {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');
const labelled = (key: string, own: FieldLabels | undefined) => {
  const label = own?.[key] ?? (fieldLabels as FieldLabels)[key];
  return Boolean(label?.zh.trim() && label.en.trim());
};

describe('field labels', () => {
  it('label every field of every route body, query and path in zh and en', async () => {
    const { body } = await admin.get('/prod-api/swagger/json');
    const own = new Map(t.app.routeTable.map((r) => [`${r.method.toLowerCase()} ${openApiPath(r.url)}`, r.access.fieldLabels]));
    const unlabelled = new Set<string>();
    let fields = 0;
    for (const [url, ops] of Object.entries(body.paths as Record<string, Record<string, OperationDoc>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const labels = own.get(`${method} ${url}`);
        const check = (key: string) => {
          fields += 1;
          if (!labelled(key, labels)) unlabelled.add(`${key} (${method.toUpperCase()} ${url})`);
        };
        const walk = (schema: JsonSchema | undefined, depth: number) => {
          if (!schema || depth > 16) return;
          for (const [name, field] of Object.entries(schema.properties ?? {})) {
            check(name);
            walk(field, depth + 1);
          }
          for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(part, depth + 1);
          walk(schema.items, depth + 1);
          if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, depth + 1);
        };
        for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema, 0);
        for (const p of op.parameters ?? []) check(p.name);
      }
    }
    expect(fields).toBeGreaterThan(1000);
    expect([...unlabelled]).toEqual([]);
  });

  it('label every field a service names in a refusal', () => {
    // `badRequest('...', { field: 'x' })` across the server: each such key has its label too.
    const root = path.resolve(__dirname, '../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const named = new Set<string>();
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/\bfield: '([^']+)'/g)) named.add(m[1] ?? '');
      for (const m of text.matchAll(/\bconst FIELD = '([^']+)'/g)) named.add(m[1] ?? '');
    }
    expect(named.size).toBeGreaterThan(30);
    expect([...named].filter((key) => !labelled(key, undefined))).toEqual([]);
  });

  it('name a missing field by its label in the caller language', async () => {
    const zh = callerFor(t.app, admin.token, 'zh');
    expect((await zh.post('/prod-api/system/post', { postName: '', postCode: 'x', postSort: 1 })).body).toEqual({ code: 400, msg: '岗位名称不能为空' });
    expect((await admin.post('/prod-api/system/post', { postName: '', postCode: 'x', postSort: 1 })).body).toEqual({ code: 400, msg: 'Post name is required' });
    // A path parameter outside its column's range.
    expect((await zh.get('/prod-api/system/user/2147483648')).body).toEqual({ code: 400, msg: '用户超出允许范围' });
    // A service's own refusal names its field the same way.
    const job = {
      jobName: 'labels',
      jobGroup: 'SYSTEM',
      invokeTarget: 'session.purgeExpired',
      invokeParams: {},
      misfirePolicy: '3',
      concurrent: '1',
      status: '1',
    };
    expect((await zh.post('/prod-api/monitor/job', { ...job, cronExpression: 'x' })).body).toEqual({ code: 400, msg: 'cron 执行表达式：Cron表达式不正确' });
    expect((await admin.post('/prod-api/monitor/job', { ...job, cronExpression: 'x' })).body).toEqual({
      code: 400,
      msg: 'Cron expression: the cron expression is not valid',
    });
  });

  it("use a route's own label where its key means something else", async () => {
    const res = await t.anonymous.post('/prod-api/login', { username: 'admin', password: 'admin123', code: 'x'.repeat(17) });
    expect(res.body).toEqual({ code: 400, msg: 'Captcha must be at most 16 characters' });
    const zh = callerFor(t.app, null, 'zh');
    expect((await zh.post('/prod-api/login', { username: 'admin', password: 'admin123', code: 'x'.repeat(17) })).body).toEqual({
      code: 400,
      msg: '验证码长度不能超过16个字符',
    });
  });
});
