import type { GenFile } from '@ccms/contracts/tool/gen';
import { tsString as q } from '../gen.literal';
import type { TemplateColumn, TemplateContext } from './context';

/** The API test, through the app under its /prod-api prefix: the CRUD case, a refused body, the 404 and 403 cases. */
export function apiTestFile(ctx: TemplateContext): GenFile {
  const { k, area, base, pk, writable, tree, sub, fnEn } = ctx;
  const apiBase = `/prod-api${base}`;
  const sample = (c: TemplateColumn, n: number): string => {
    if (tree && c === tree.parent) return c.notNull ? '0' : 'null';
    if (c.dictType) return q('0');
    if (c.columnType.toLowerCase().startsWith('numeric')) return q(String(n));
    if (c.tsType === 'number') return String(n);
    if (c.tsType === 'boolean') return 'true';
    if (c.tsType === 'Date') return q('2026-01-02T03:04:05.000Z');
    return q(`${c.propName.slice(0, Math.max(1, (c.maxLength ?? 20) - 2))}${n}`.slice(0, c.maxLength ?? 40));
  };
  const required = writable.filter((c) => c.isRequired);
  const firstText = required.find((c) => c.tsType === 'string' && !c.dictType && !c.columnType.toLowerCase().startsWith('numeric'));
  const fields = (cs: TemplateColumn[], n: number) => cs.map((c) => `${c.propName}: ${sample(c, n)}`);
  const detailRows = (n: number, rows: number) =>
    sub ? [`${sub.list}: [${Array.from({ length: rows }, (_, i) => `{ ${fields(sub.writable, n * 10 + i).join(', ')} }`).join(', ')}]`] : [];
  const bodyOf = (n: number, rows = 2) => `{ ${[...fields(writable, n), ...detailRows(n, rows)].join(', ')} }`;
  const total = tree ? '.body.data.length' : '.body.total';
  const crudCase = tree
    ? `  it('creates a root and a child, lists the whole tree, keeps a parent with children, deletes', async () => {
    expect((await admin.post('${apiBase}', ${bodyOf(1)})).body).toMatchObject({ code: 200 });
    const rootId = (await admin.get('${apiBase}/list')).body.data[0].${pk.propName};
    expect((await admin.post('${apiBase}', { ...${bodyOf(2)}, ${tree.parent.propName}: rootId })).body).toMatchObject({ code: 200 });
    const rows = (await admin.get('${apiBase}/list')).body.data;
    expect(rows).toHaveLength(2);
    const child = rows.find((r: { ${pk.propName}: number }) => r.${pk.propName} !== rootId);
    expect(child.${tree.parent.propName}).toBe(rootId);
    expect((await admin.get(\`${apiBase}/\${child.${pk.propName}}\`)).body.data.${tree.name.propName}).toBe(child.${tree.name.propName});
    const self = await admin.put('${apiBase}', { ...${bodyOf(3)}, ${tree.parent.propName}: child.${pk.propName}, ${pk.propName}: child.${pk.propName} });
    expect(self.status).toBe(400);
    expect((await admin.put('${apiBase}', { ...${bodyOf(3)}, ${tree.parent.propName}: rootId, ${pk.propName}: child.${pk.propName} })).body).toMatchObject({ code: 200 });
    expect((await admin.delete(\`${apiBase}/\${rootId}\`)).status).toBe(409);
    expect((await admin.get('${apiBase}/list')).body.data).toHaveLength(2);
    expect((await admin.delete(\`${apiBase}/\${rootId},\${child.${pk.propName}}\`)).body).toMatchObject({ code: 200 });
    expect((await admin.get('${apiBase}/list')).body.data).toHaveLength(0);
  });
`
    : sub
      ? `  it('creates with detail rows, reads them back, replaces them on update and deletes both', async () => {
    expect((await admin.post('${apiBase}', ${bodyOf(1)})).body).toMatchObject({ code: 200 });
    const list = await admin.get('${apiBase}/list');
    expect(list.body.total).toBe(1);
    const id = list.body.rows[0].${pk.propName};
    const saved = (await admin.get(\`${apiBase}/\${id}\`)).body.data;
    expect(saved.${pk.propName}).toBe(id);
    expect(saved.${sub.list}).toHaveLength(2);
    expect(saved.${sub.list}.every((d: { ${sub.fk.propName}: number }) => d.${sub.fk.propName} === id)).toBe(true);
    expect((await admin.put('${apiBase}', { ...${bodyOf(2, 1)}, ${pk.propName}: id })).body).toMatchObject({ code: 200 });
    expect((await admin.get(\`${apiBase}/\${id}\`)).body.data.${sub.list}).toHaveLength(1);
    expect((await admin.delete(\`${apiBase}/\${id}\`)).body).toMatchObject({ code: 200 });
    expect((await admin.get('${apiBase}/list')).body.total).toBe(0);
    const left = await t.database.db.execute(sql\`SELECT count(*)::int AS n FROM \${sql.identifier(${q(sub.tableName)})}\`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
`
      : `  it('creates, lists, reads, updates and deletes', async () => {
    expect((await admin.post('${apiBase}', ${bodyOf(1)})).body).toMatchObject({ code: 200 });
    const list = await admin.get('${apiBase}/list');
    expect(list.body.total).toBe(1);
    const id = list.body.rows[0].${pk.propName};
    expect((await admin.get(\`${apiBase}/\${id}\`)).body.data.${pk.propName}).toBe(id);
    expect((await admin.put('${apiBase}', { ...${bodyOf(2)}, ${pk.propName}: id })).body).toMatchObject({ code: 200 });
    expect((await admin.delete(\`${apiBase}/\${id}\`)).body).toMatchObject({ code: 200 });
    expect((await admin.get('${apiBase}/list')).body.total).toBe(0);
  });
`;
  return {
    path: `apps/server/src/modules/${area}/${k}/${k}.test.ts`,
    language: 'ts',
    content: `${sub ? "import { sql } from 'drizzle-orm';\n" : ''}import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: Caller;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  nobody = await callerWith(t, 'nobody', []);
});
afterAll(() => t.close());

describe(${q(`${fnEn} (${apiBase})`)}, () => {
${crudCase}${
  firstText
    ? `
  it('refuses a body without ${firstText.propName}, naming the field, and writes nothing', async () => {
    const res = await admin.post('${apiBase}', { ...${bodyOf(3)}, ${firstText.propName}: '' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('${firstText.propName}');
    expect((await admin.get('${apiBase}/list'))${total}).toBe(0);
  });
`
    : ''
}
  it('answers 404 for a missing row and 403 without the permission', async () => {
    expect((await admin.get('${apiBase}/999999')).status).toBe(404);
    expect((await nobody.get('${apiBase}/list')).status).toBe(403);
  });
});
`,
  };
}
