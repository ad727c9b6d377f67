import type { GenColumn, GenFile, GenTable } from '@ccms/contracts/tool/gen';
import { kebab, pascal } from './gen.naming';

/** A column as the templates see it: the saved settings and the live database facts. */
export type TemplateColumn = Pick<
  GenColumn,
  | 'columnName'
  | 'columnComment'
  | 'columnType'
  | 'propName'
  | 'tsType'
  | 'labelZh'
  | 'labelEn'
  | 'isPk'
  | 'isIncrement'
  | 'isRequired'
  | 'isInsert'
  | 'isEdit'
  | 'isList'
  | 'isQuery'
  | 'queryType'
  | 'htmlType'
  | 'dictType'
  | 'maxLength'
> & { notNull: boolean; hasDefault: boolean };

export type TemplateTable = Pick<
  GenTable,
  | 'tableName'
  | 'tableComment'
  | 'area'
  | 'entityName'
  | 'businessName'
  | 'functionNameZh'
  | 'functionNameEn'
  | 'author'
  | 'parentMenuId'
  | 'tplCategory'
  | 'treeParentColumn'
>;

const AUDIT = new Set(['createBy', 'createTime', 'updateBy', 'updateTime']);
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The drizzle column builder for a database type. */
function drizzleColumn(c: TemplateColumn): { builder: string; imports: string[] } {
  const t = c.columnType.toLowerCase();
  const name = q(c.columnName);
  const one = (fn: string, opts = '') => ({ builder: `${fn}(${name}${opts ? `, ${opts}` : ''})`, imports: [fn] });
  let col: { builder: string; imports: string[] };
  if (t.startsWith('character varying') || t.startsWith('varchar')) col = one('varchar', c.maxLength ? `{ length: ${c.maxLength} }` : '');
  else if (t.startsWith('character(') || t === 'character' || t.startsWith('char')) col = one('char', c.maxLength ? `{ length: ${c.maxLength} }` : '');
  else if (t === 'integer') col = one('integer');
  else if (t === 'smallint') col = one('smallint');
  else if (t === 'bigint') col = one('bigint', "{ mode: 'number' }");
  else if (t === 'boolean') col = one('boolean');
  else if (t.startsWith('timestamp')) col = one('timestamp', `{ ${t.includes('with time zone') ? 'withTimezone: true, ' : ''}mode: 'date' }`);
  else if (t === 'date') col = one('date', "{ mode: 'date' }");
  else if (t.startsWith('numeric') || t.startsWith('decimal')) col = one('numeric');
  else if (t === 'double precision') col = one('doublePrecision');
  else if (t === 'real') col = one('real');
  else if (t === 'jsonb') col = one('jsonb');
  else col = one('text');
  let builder = col.builder;
  if (c.isPk) builder += c.isIncrement ? '.primaryKey().generatedByDefaultAsIdentity()' : '.primaryKey()';
  else if (c.notNull) builder += '.notNull()';
  return { builder, imports: col.imports };
}

/** The zod type of a column in the row the API answers. */
function rowZod(c: TemplateColumn): string {
  const base = c.tsType === 'number' ? 'z.number()' : c.tsType === 'boolean' ? 'z.boolean()' : c.tsType === 'Date' ? 'DateTime' : 'z.string()';
  if (c.tsType === 'Date') return 'DateTime';
  if (c.columnType.toLowerCase().startsWith('numeric')) return c.notNull || c.isPk ? 'z.string()' : 'z.string().nullable()';
  return c.notNull || c.isPk ? base : `${base}.nullable()`;
}

/** The zod type of a column in the create body, with the limits the form rules are built from. */
function bodyZod(c: TemplateColumn): string {
  const describe = c.columnComment ? `.describe(${q(c.columnComment)})` : '';
  let s: string;
  if (c.columnType.toLowerCase().startsWith('numeric')) s = `z.string().trim().regex(/^-?\\d+(\\.\\d+)?$/)`;
  else if (c.tsType === 'number') s = 'z.coerce.number().int()';
  else if (c.tsType === 'boolean') s = 'z.boolean()';
  else if (c.tsType === 'Date') s = 'z.coerce.date()';
  else s = `z.string().trim()${c.isRequired ? '.min(1)' : ''}${c.maxLength ? `.max(${c.maxLength})` : ''}`;
  if (!c.isRequired) s += c.notNull ? '.optional()' : '.nullable().optional()';
  return s + describe;
}

/** Every file of a generated module, in the shapes of docs/adding-an-entity.md. */
export function generateModule(table: TemplateTable, columns: TemplateColumn[]): GenFile[] {
  const e = table.entityName;
  const E = pascal(e);
  const k = kebab(e);
  const area = table.area;
  const biz = table.businessName;
  const permPrefix = area === 'system' || area === 'monitor' ? `${area}:${biz}` : `ccms:${biz}`;
  const base = area === 'system' || area === 'monitor' ? `/${area}/${biz}` : `/ccms/${biz}`;
  const tag = `${area}/${k}`;
  const tableVar = `${area === 'system' ? 'sys' : 'ccms'}${E}`;
  const pk = columns.find((c) => c.isPk) ?? columns[0];
  if (!pk) throw new Error(`table ${table.tableName} has no columns`);
  const writable = columns.filter((c) => !(c.isPk && c.isIncrement) && !AUDIT.has(c.propName) && (c.isInsert || c.isEdit));
  const listed = columns.filter((c) => c.isList);
  const queried = columns.filter((c) => c.isQuery);
  const sortable = listed.filter((c) => c.tsType !== 'boolean').map((c) => c.propName);
  const hasAudit = columns.some((c) => c.propName === 'createBy');
  const author = table.author ? ` * @author ${table.author}\n` : '';
  const files: GenFile[] = [];

  // 1. Contract
  const filterLines = queried.flatMap((c) =>
    c.queryType === 'between'
      ? [`  ${c.propName}Begin: z.string().max(30).optional(),`, `  ${c.propName}End: z.string().max(30).optional(),`]
      : [
          `  ${c.propName}: ${c.tsType === 'number' ? 'z.coerce.number().int()' : c.tsType === 'boolean' ? "z.enum(['true', 'false'])" : 'z.string().max(200)'}.optional(),`,
        ],
  );
  files.push({
    path: `packages/contracts/src/${area}/${k}.ts`,
    language: 'ts',
    content: `import { z } from 'zod';
import { DateTime, PageQuery } from '../http';

/**
 * ${table.functionNameEn} (${table.tableName}): the row the API answers, the list query, the bodies.
${author} */
export const ${E} = z.object({
${columns.map((c) => `  ${c.propName}: ${rowZod(c)},`).join('\n')}
});
export type ${E} = z.infer<typeof ${E}>;

export const ${E}Filter = z.object({
${filterLines.join('\n')}
});
export type ${E}Filter = z.infer<typeof ${E}Filter>;

export const ${E}Query = PageQuery.extend(${E}Filter.shape);
export type ${E}Query = z.infer<typeof ${E}Query>;

export const ${E}Body = z.object({
${writable.map((c) => `  ${c.propName}: ${bodyZod(c)},`).join('\n')}
});
export type ${E}Body = z.infer<typeof ${E}Body>;

export const ${E}Update = ${E}Body.extend({ ${pk.propName}: z.number().int().positive().describe('id of a ${table.functionNameEn.toLowerCase()}') });
export type ${E}Update = z.infer<typeof ${E}Update>;

/** Columns a ${k} list may sort by. */
export const ${e.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_SORT_COLUMNS = [${sortable.map(q).join(', ')}] as const;

/** ${table.functionNameEn} permission strings: routes declare them, the seeded menus grant them. */
export const ${E}Perm = {
  list: '${permPrefix}:list',
  query: '${permPrefix}:query',
  add: '${permPrefix}:add',
  edit: '${permPrefix}:edit',
  remove: '${permPrefix}:remove',
} as const;
`,
  });

  // 2. Messages
  files.push({
    path: `packages/contracts/src/messages/${k}.ts`,
    language: 'ts',
    content: `/** ${table.functionNameEn} messages, in both languages: add to the area's message file. */
export const ${e}Messages = {
  zh: {
    '${e}.notFound': '${table.functionNameZh}“{id}”不存在',
  },
  en: {
    '${e}.notFound': 'The ${table.functionNameEn.toLowerCase()} "{id}" does not exist',
  },
} as const;
`,
  });

  // 3. Table
  const cols = columns.map(drizzleColumn);
  const imports = [...new Set(['pgTable', ...cols.flatMap((c) => c.imports)])].sort();
  files.push({
    path: `apps/server/src/db/schema/${k}.ts`,
    language: 'ts',
    content: `import { ${imports.join(', ')} } from 'drizzle-orm/pg-core';

/** ${table.tableComment || table.functionNameEn} */
export const ${tableVar} = pgTable(${q(table.tableName)}, {
${columns.map((c, i) => `  ${c.propName}: ${cols[i]?.builder},${c.columnComment ? ` // ${c.columnComment.replace(/\n/g, ' ')}` : ''}`).join('\n')}
});
`,
  });

  // 5. Queries
  const filterExpr = queried.map((c) => {
    const col = `${tableVar}.${c.propName}`;
    switch (c.queryType) {
      case 'like':
        return `contains(${col}, q.${c.propName})`;
      case 'between':
        return `q.${c.propName}Begin ? gte(${col}, new Date(q.${c.propName}Begin)) : undefined,\n    q.${c.propName}End ? lte(${col}, new Date(q.${c.propName}End)) : undefined`;
      default: {
        const value = c.tsType === 'boolean' ? `q.${c.propName} === 'true'` : `q.${c.propName}`;
        return `q.${c.propName} !== undefined ? ${c.queryType}(${col}, ${value}) : undefined`;
      }
    }
  });
  const ops = [...new Set(queried.flatMap((c) => (c.queryType === 'like' ? [] : c.queryType === 'between' ? ['gte', 'lte'] : [c.queryType])))];
  files.push({
    path: `apps/server/src/modules/${area}/${k}/${k}.queries.ts`,
    language: 'ts',
    content: `import type { ${E}Filter, ${E}Query } from '@ccms/contracts/${area}/${k}';
import { ${['and', 'count', 'desc', 'eq', 'inArray', ...ops.filter((o) => o !== 'eq')].sort().join(', ')}, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar} } from '../../../db/schema';
${queried.some((c) => c.queryType === 'like') ? "import { contains } from '../../../platform/db/filters';\n" : ''}import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { ${sortable.map((p) => `${p}: ${tableVar}.${p}`).join(', ')} };

function filters(q: ${E}Filter): SQL | undefined {
  return and(
    ${filterExpr.join(',\n    ')}
  );
}

export async function list${E}s(db: Db, q: ${E}Query) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(${tableVar})
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(${tableVar}.${pk.propName})))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(${tableVar}).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function find${E}(db: Db, id: number) {
  const [row] = await db.select().from(${tableVar}).where(eq(${tableVar}.${pk.propName}, id));
  return row;
}

export const delete${E}s = (db: Db, ids: number[]) => db.delete(${tableVar}).where(inArray(${tableVar}.${pk.propName}, ids));
`,
  });

  // 6. Service
  files.push({
    path: `apps/server/src/modules/${area}/${k}/${k}.service.ts`,
    language: 'ts',
    content: `import type { ${E}Body, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar} } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { notFound } from '../../../platform/http/errors';
import { delete${E}s, find${E}, list${E}s } from './${k}.queries';

/** ${table.functionNameEn}: list, read, create, update, delete. */
export function ${e}Service(db: Db) {
  return {
    list: (q: ${E}Query) => list${E}s(db, q),
    async get(id: number) {
      const row = await find${E}(db, id);
      if (!row) throw notFound('${e}.notFound', { id: String(id) });
      return row;
    },
    async create(${hasAudit ? 'auth' : '_auth'}: AuthContext, body: ${E}Body) {
      await db.insert(${tableVar}).values({ ...body${hasAudit ? ', createBy: auth.userName' : ''} });
    },
    async update(${hasAudit ? 'auth' : '_auth'}: AuthContext, body: ${E}Update) {
      if (!(await find${E}(db, body.${pk.propName}))) throw notFound('${e}.notFound', { id: String(body.${pk.propName}) });
      const { ${pk.propName}, ...fields } = body;
      await db
        .update(${tableVar})
        .set({ ...fields${hasAudit ? ', updateBy: auth.userName, updateTime: new Date()' : ''} })
        .where(eq(${tableVar}.${pk.propName}, ${pk.propName}));
    },
    remove: async (ids: number[]) => {
      await delete${E}s(db, ids);
    },
  };
}
`,
  });

  // 7. Routes
  files.push({
    path: `apps/server/src/modules/${area}/${k}/${k}.routes.ts`,
    language: 'ts',
    content: `import { ${E}, ${E}Body, ${E}Perm, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { ${e}Service } from './${k}.service';

const log = (businessType: BusinessType) => ({ title: '${e}', businessType });

/** ${table.functionNameEn} (${base}): thin routes over ${e}Service. */
export const ${e}Routes: FastifyPluginAsyncZod = async (app) => {
  const service = ${e}Service(app.db);

  app.get(
    '${base}/list',
    {
      config: { permission: ${E}Perm.list },
      schema: { summary: 'List ${table.functionNameEn.toLowerCase()} by page', tags: ['${tag}'], querystring: ${E}Query, response: { 200: rowsOf(${E}) } },
    },
    async (req) => rows(await service.list(req.query)),
  );
  app.get(
    '${base}/:id',
    {
      config: { permission: ${E}Perm.query },
      schema: { summary: 'Get one ${table.functionNameEn.toLowerCase()}', tags: ['${tag}'], params: IdParam, response: { 200: okOf(${E}) } },
    },
    async (req) => ok(await service.get(req.params.id)),
  );
  app.post(
    '${base}',
    {
      config: { permission: ${E}Perm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a ${table.functionNameEn.toLowerCase()}', tags: ['${tag}'], body: ${E}Body, response: { 200: OkEmpty } },
    },
    async (req) => {
      await service.create(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '${base}',
    {
      config: { permission: ${E}Perm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a ${table.functionNameEn.toLowerCase()}', tags: ['${tag}'], body: ${E}Update, response: { 200: OkEmpty } },
    },
    async (req) => {
      await service.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '${base}/:ids',
    {
      config: { permission: ${E}Perm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete ${table.functionNameEn.toLowerCase()}', tags: ['${tag}'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await service.remove(req.params.ids);
      return done();
    },
  );
};
`,
  });

  // 10. API test
  const sample = (c: TemplateColumn, n: number): string => {
    if (c.dictType) return q('0');
    if (c.columnType.toLowerCase().startsWith('numeric')) return q(String(n));
    if (c.tsType === 'number') return String(n);
    if (c.tsType === 'boolean') return 'true';
    if (c.tsType === 'Date') return q('2026-01-02T03:04:05.000Z');
    return q(`${c.propName.slice(0, Math.max(1, (c.maxLength ?? 20) - 2))}${n}`.slice(0, c.maxLength ?? 40));
  };
  const required = writable.filter((c) => c.isRequired);
  const firstText = required.find((c) => c.tsType === 'string' && !c.dictType && !c.columnType.toLowerCase().startsWith('numeric'));
  const bodyOf = (n: number) => `{ ${writable.map((c) => `${c.propName}: ${sample(c, n)}`).join(', ')} }`;
  files.push({
    path: `apps/server/src/modules/${area}/${k}/${k}.test.ts`,
    language: 'ts',
    content: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('${table.functionNameEn} (${base})', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    expect((await admin.post('${base}', ${bodyOf(1)})).body).toMatchObject({ code: 200 });
    const list = await admin.get('${base}/list');
    expect(list.body.total).toBe(1);
    const id = list.body.rows[0].${pk.propName};
    expect((await admin.get(\`${base}/\${id}\`)).body.data.${pk.propName}).toBe(id);
    expect((await admin.put('${base}', { ...${bodyOf(2)}, ${pk.propName}: id })).body).toMatchObject({ code: 200 });
    expect((await admin.delete(\`${base}/\${id}\`)).body).toMatchObject({ code: 200 });
    expect((await admin.get('${base}/list')).body.total).toBe(0);
  });
${
  firstText
    ? `
  it('refuses a body without ${firstText.propName}, naming the field, and writes nothing', async () => {
    const res = await admin.post('${base}', { ...${bodyOf(3)}, ${firstText.propName}: '' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('${firstText.propName}');
    expect((await admin.get('${base}/list')).body.total).toBe(0);
  });
`
    : ''
}
  it('answers 404 for a missing row and 403 without the permission', async () => {
    expect((await admin.get('${base}/999999')).status).toBe(404);
    expect((await nobody.get('${base}/list')).status).toBe(403);
  });
});
`,
  });

  // 11. Web data
  files.push({
    path: `apps/web/src/features/${area}/${k}/${k}-api.ts`,
    language: 'ts',
    content: `import type { ${E}, ${E}Body, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type ${E}ListParams = z.input<typeof ${E}Query>;
export type ${E}Save = ${E}Body | ${E}Update;

/** ${table.functionNameEn} (server: modules/${area}/${k}). Screens use \`${k}-queries.ts\`. */
export const ${e}Api = {
  list: (params: ${E}ListParams) => api.list<${E}>('${base}/list', params),
  get: (id: number) => api.one<${E}>(\`${base}/\${id}\`),
  /** Adds when the body has no \`${pk.propName}\`, else updates. */
  save: (body: ${E}Save) => ('${pk.propName}' in body ? api.put('${base}', body) : api.post('${base}', body)),
  remove: (ids: readonly number[]) => api.delete(\`${base}/\${ids.join(',')}\`),
};
`,
  });
  files.push({
    path: `apps/web/src/features/${area}/${k}/${k}-queries.ts`,
    language: 'ts',
    content: `import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ${E}ListParams, type ${E}Save, ${e}Api } from './${k}-api';

/** The ${table.functionNameEn.toLowerCase()} data layer: key factory, queries and mutations. */
export const ${e}Keys = entityKeys<${E}ListParams>('${area}', '${e}');

export const ${e}Queries = {
  list: (params: ${E}ListParams) => ({ queryKey: ${e}Keys.list(params), queryFn: () => ${e}Api.list(params) }),
  detail: (id: number) => ({ queryKey: ${e}Keys.detail(id), queryFn: () => ${e}Api.get(id) }),
};

export const use${E}List = (params: ${E}ListParams) => useQuery({ ...${e}Queries.list(params), placeholderData: keepPreviousData });

export function useSave${E}() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ${E}Save) => ${e}Api.save(body), onSuccess: () => client.invalidateQueries({ queryKey: ${e}Keys.all }) });
}

export function useDelete${E}() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (ids: readonly number[]) => ${e}Api.remove(ids), onSuccess: () => client.invalidateQueries({ queryKey: ${e}Keys.all }) });
}
`,
  });

  // 12. Web screens
  const control = (c: TemplateColumn) => {
    const dict = c.dictType ? `${camelDict(c.dictType)}` : '';
    switch (c.htmlType) {
      case 'textarea':
      case 'editor':
        return `<Input.TextArea rows={${c.htmlType === 'editor' ? 8 : 3}} maxLength={zodMaxLength(${E}Body, '${c.propName}')} />`;
      case 'number':
        return `<InputNumber style={{ width: '100%' }} />`;
      case 'select':
        return `<Select allowClear options={${dict || '[]'}} />`;
      case 'radio':
        return `<Radio.Group options={${dict || '[]'}} />`;
      case 'checkbox':
        return `<Checkbox.Group options={${dict || '[]'}} />`;
      case 'date':
        return `<Input type="datetime-local" />`;
      case 'upload':
        return `<Input placeholder="/profile/upload/..." />`;
      default:
        return c.tsType === 'boolean' ? '<Switch />' : `<Input maxLength={zodMaxLength(${E}Body, '${c.propName}')} />`;
    }
  };
  const dicts = [...new Set(columns.map((c) => c.dictType).filter(Boolean))];
  const formCols = writable.filter((c) => c.isInsert || c.isEdit);
  const antdForm = new Set(['App', 'Form', 'Input']);
  for (const c of formCols) {
    if (c.htmlType === 'number') antdForm.add('InputNumber');
    if (c.htmlType === 'select') antdForm.add('Select');
    if (c.htmlType === 'radio') antdForm.add('Radio');
    if (c.htmlType === 'checkbox') antdForm.add('Checkbox');
    if (c.tsType === 'boolean' && !['select', 'radio', 'checkbox', 'number', 'textarea', 'editor', 'date', 'upload'].includes(c.htmlType))
      antdForm.add('Switch');
  }
  const empty = `{ ${formCols.map((c) => `${c.propName}: ${c.tsType === 'number' ? '0' : c.tsType === 'boolean' ? 'false' : c.tsType === 'Date' ? 'new Date()' : "''"}`).join(', ')} } as ${E}Body`;
  files.push({
    path: `apps/web/src/features/${area}/${k}/components/${E}FormDialog.tsx`,
    language: 'tsx',
    content: `import { type ${E}, ${E}Body } from '@ccms/contracts/${area}/${k}';
import { ${[...antdForm].sort().join(', ')} } from 'antd';
import { useTranslation } from 'react-i18next';
${dicts.length ? "import { useDict } from '../../../../shared/dict/use-dict';\n" : ''}import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { ${e}Queries, useSave${E} } from '../${k}-queries';

export interface ${E}FormDialogProps {
  open: boolean;
  /** The row to edit; undefined adds one. */
  id: number | undefined;
  onClose: () => void;
}

const EMPTY = ${empty};

const toValues = (row: ${E}): ${E}Body => ({ ${formCols.map((c) => `${c.propName}: row.${c.propName} as ${E}Body['${c.propName}']`).join(', ')} });

/** Add or edit a ${table.functionNameEn.toLowerCase()}; rules come from the contract's ${E}Body. */
export function ${E}FormDialog({ open, id, onClose }: ${E}FormDialogProps) {
  const { t } = useTranslation('${e}');
  const { message } = App.useApp();
${dicts.map((d) => `  const ${camelDict(d)} = useDict('${d}');`).join('\n')}
  const save = useSave${E}();
  const entity = useEntityForm<${E}Body, ${E}>({
    open,
    load: id === undefined ? undefined : ${e}Queries.detail(id),
    toValues,
    defaults: EMPTY,
    save: (values) => save.mutateAsync(id === undefined ? values : { ...values, ${pk.propName}: id }),
    onSaved: () => {
      message.success(id === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={id === undefined ? t('addTitle') : t('editTitle')} width={560} name="${k}-form" entity={entity} onClose={onClose}>
${formCols
  .map(
    (
      c,
    ) => `      <Form.Item name="${c.propName}" label={t('${c.propName}')} rules={zodRules(${E}Body, '${c.propName}', t('${c.propName}'))}${c.tsType === 'boolean' && antdForm.has('Switch') && c.htmlType === 'input' ? ' valuePropName="checked"' : ''}>
        ${control(c)}
      </Form.Item>`,
  )
  .join('\n')}
    </FormDialog>
  );
}
`,
  });
  files.push({
    path: `apps/web/src/features/${area}/${k}/pages/index.tsx`,
    language: 'tsx',
    content: `import { type ${E}, ${E}Perm } from '@ccms/contracts/${area}/${k}';
import { App, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ${E}FormDialog } from '../components/${E}FormDialog';
import type { ${E}ListParams } from '../${k}-api';
import { ${e}Queries, useDelete${E} } from '../${k}-queries';

type Filters = Omit<${E}ListParams, 'pageNum' | 'pageSize'>;

/** ${table.functionNameEn}: search, list, add/edit dialog, delete. */
export default function ${E}Page() {
  const { t } = useTranslation('${e}');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined }>({ open: false, id: undefined });
  const remove${E}s = useDelete${E}();

  const remove = async (rows: readonly ${E}[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.${pk.propName}).join(', ') }), { type: 'danger' }))) return;
    await remove${E}s.mutateAsync(rows.map((r) => r.${pk.propName}));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<${E}>[] = [
${listed.map((c) => `    { key: '${c.propName}', dataIndex: '${c.propName}', title: t('${c.propName}')${sortable.includes(c.propName) ? ', sorter: true' : ''}${c.tsType === 'Date' ? ", render: (v: string | Date | null) => (v ? new Date(v).toLocaleString() : '')" : c.tsType === 'boolean' ? ", render: (v: boolean | null) => (v ? tc('yes') : tc('no'))" : ''} },`).join('\n')}
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      render: (_: unknown, row: ${E}) => (
        <CrudLinks row={row} edit={{ perm: ${E}Perm.edit, onClick: (r) => setDialog({ open: true, id: r.${pk.propName} }) }} remove={{ perm: ${E}Perm.remove, onClick: remove }} />
      ),
    },
  ];

  return (
    <>
      <ListPage<${E}, Filters>
        ref={list}
        listQuery={${e}Queries.list}
        rowKey="${pk.propName}"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
${queried
  .filter((c) => c.queryType !== 'between')
  .map(
    (c) => `            <Form.Item name="${c.propName}" label={t('${c.propName}')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>`,
  )
  .join('\n')}
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: ${E}Perm.add, onClick: () => setDialog({ open: true, id: undefined }) }}
            edit={{ perm: ${E}Perm.edit, onClick: (row) => setDialog({ open: true, id: row.${pk.propName} }) }}
            remove={{ perm: ${E}Perm.remove, onClick: remove }}
          />
        )}
      />
      <${E}FormDialog open={dialog.open} id={dialog.id} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
`,
  });

  // 13. Texts
  const texts = (lang: 'zh' | 'en') => {
    const name = lang === 'zh' ? table.functionNameZh : table.functionNameEn;
    const fixed =
      lang === 'zh'
        ? {
            addTitle: `添加${name}`,
            editTitle: `修改${name}`,
            added: '新增成功',
            updated: '修改成功',
            deleted: '删除成功',
            confirmDelete: `是否确认删除${name}编号为“{{ids}}”的数据项？`,
          }
        : {
            addTitle: `Add ${name.toLowerCase()}`,
            editTitle: `Edit ${name.toLowerCase()}`,
            added: 'Added',
            updated: 'Updated',
            deleted: 'Deleted',
            confirmDelete: `Delete the ${name.toLowerCase()} with id "{{ids}}"?`,
          };
    const labels = Object.fromEntries(columns.map((c) => [c.propName, lang === 'zh' ? c.labelZh : c.labelEn]));
    return { ...fixed, ...labels };
  };
  const body = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([key, v]) => `  ${key}: ${q(v)},`)
      .join('\n');
  files.push({
    path: `apps/web/src/i18n/zh/${e}.ts`,
    language: 'ts',
    content: `/** ${table.functionNameZh} (${area}/${k}). */\nexport default {\n${body(texts('zh'))}\n};\n`,
  });
  files.push({
    path: `apps/web/src/i18n/en/${e}.ts`,
    language: 'ts',
    content: `import type { Messages } from '../types';\nimport type zh from '../zh/${e}';\n\nconst ${e}: Messages<typeof zh> = {\n${body(texts('en'))}\n};\n\nexport default ${e};\n`,
  });

  // 4, 8, 9, 14: the registrations in shared files, as one checklist.
  files.push({
    path: `docs/generated/${k}.md`,
    language: 'md',
    content: `# ${table.functionNameEn} (${table.tableName})

Generated${table.author ? ` for ${table.author}` : ''} from table \`${table.tableName}\`${table.tableComment ? ` (${table.tableComment})` : ''}.
Copy the files into the project, then make these small additive edits (docs/adding-an-entity.md):

1. \`apps/server/src/db/schema/index.ts\`: \`export * from './${k}';\` then \`npm run db:generate\` if the table is new.
2. \`packages/contracts/src/messages/index.ts\`: merge \`${e}Messages\` into the catalogue.
3. \`apps/server/src/platform/http/openapi.ts\`: add \`'${tag}': '${table.functionNameEn}'\` to \`API_TAGS\`.
4. \`apps/server/src/modules/${area}/${area}.area.ts\`: add \`${e}Routes\` to the area's route list.
5. \`apps/server/src/db/seed/menus.ts\` (page under menu ${table.parentMenuId}, buttons from \`${E}Perm\`; pick free ids):

\`\`\`ts
page(ID, ${table.parentMenuId}, 1, '${biz}', '${area}/${k}/index', ${E}Perm.list, '${table.functionNameZh}', '${table.functionNameEn}', 'list'),
...buttons(ID, FIRST_BUTTON_ID, ${E}Perm, ['${table.functionNameZh}', '${table.functionNameEn.toLowerCase()}'], ['query', 'add', 'edit', 'remove']),
\`\`\`

6. \`apps/web/src/app/router/pages.tsx\`: \`'${area}/${k}/index': page(() => import('../../features/${area}/${k}/pages/index')),\`
7. \`apps/web/src/i18n/types.ts\` and the zh/en indexes: register the \`${e}\` namespace.
`,
  });
  return files;
}

/** A dictionary type as a variable name: "sys_user_sex" → "sysUserSexOptions". */
function camelDict(type: string) {
  return `${type.toLowerCase().replace(/[^a-z0-9]+([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Options`;
}
