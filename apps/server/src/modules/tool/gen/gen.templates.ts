import type { GenColumn, GenFile, GenTable } from '@ccms/contracts/tool/gen';
import { commentText as cm, markdownCode, markdownText as mdText, tsString as q, templateText } from './gen.literal';
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
> & { notNull: boolean; hasDefault: boolean; defaultExpr: string | null };

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
  | 'treeNameColumn'
  | 'subTableName'
  | 'subTableFkName'
>;

/** The detail table of the master-detail template: its entity name and columns as the templates see them. */
export interface TemplateSub {
  tableName: string;
  entityName: string;
  columns: TemplateColumn[];
}

const AUDIT = new Set(['createBy', 'createTime', 'updateBy', 'updateTime']);

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
  else if (t.startsWith('numeric') || t.startsWith('decimal')) {
    const [, precision, scale] = /\((\d+)(?:,\s*(\d+))?\)/.exec(t) ?? [];
    col = one('numeric', precision ? `{ precision: ${precision}${scale ? `, scale: ${scale}` : ''} }` : '');
  } else if (t === 'double precision') col = one('doublePrecision');
  else if (t === 'real') col = one('real');
  else if (t === 'jsonb') col = one('jsonb');
  else col = one('text');
  let builder = col.builder;
  if (c.isPk) builder += c.isIncrement ? '.primaryKey().generatedByDefaultAsIdentity()' : '.primaryKey()';
  else {
    if (c.notNull) builder += '.notNull()';
    // The database's default, so inserts may leave the column out (identity columns have theirs above).
    if (c.defaultExpr) builder += `.default(sql\`${templateText(c.defaultExpr)}\`)`;
  }
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
export function generateModule(table: TemplateTable, columns: TemplateColumn[], subTable?: TemplateSub): GenFile[] {
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
  const tree = table.tplCategory === 'tree' ? treeOf(table, columns) : undefined;
  const sub = table.tplCategory === 'sub' ? subOf(table, subTable, area) : undefined;
  const listed = columns.filter((c) => c.isList);
  const queried = columns.filter((c) => c.isQuery);
  const sortable = listed.filter((c) => c.tsType !== 'boolean').map((c) => c.propName);
  const hasAudit = columns.some((c) => c.propName === 'createBy');
  // Free texts: in comments always through cm(), in string literals always through q() (gen.literal).
  const fnEn = table.functionNameEn;
  const fn = fnEn.toLowerCase();
  const author = table.author ? ` * @author ${cm(table.author)}\n` : '';
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
import { DateTime${tree ? '' : ', PageQuery'} } from '../http';

/**
 * ${cm(fnEn)} (${cm(table.tableName)}): the row the API answers, the list query, the bodies.
${author} */
export const ${E} = z.object({
${columns.map((c) => `  ${c.propName}: ${rowZod(c)},`).join('\n')}
});
export type ${E} = z.infer<typeof ${E}>;

export const ${E}Filter = z.object({
${filterLines.join('\n')}
});
export type ${E}Filter = z.infer<typeof ${E}Filter>;

${
  tree
    ? `/** The tree is listed whole (no pages), so its filters are the query. */
export const ${E}Query = ${E}Filter;`
    : `export const ${E}Query = PageQuery.extend(${E}Filter.shape);`
}
export type ${E}Query = z.infer<typeof ${E}Query>;
${
  sub
    ? `
/** A row of the detail table ${cm(sub.tableName)}. */
export const ${sub.S} = z.object({
${sub.columns.map((c) => `  ${c.propName}: ${rowZod(c)},`).join('\n')}
});
export type ${sub.S} = z.infer<typeof ${sub.S}>;

/** A detail row as the master's form sends it (the foreign key is the master's). */
export const ${sub.S}Body = z.object({
${sub.writable.map((c) => `  ${c.propName}: ${bodyZod(c)},`).join('\n')}
});
export type ${sub.S}Body = z.infer<typeof ${sub.S}Body>;

/** One ${cm(fn)} with its detail rows. */
export const ${E}Detail = ${E}.extend({ ${sub.list}: z.array(${sub.S}) });
export type ${E}Detail = z.infer<typeof ${E}Detail>;
`
    : ''
}
export const ${E}Body = z.object({
${writable.map((c) => `  ${c.propName}: ${bodyZod(c)},`).join('\n')}${sub ? `\n  ${sub.list}: z.array(${sub.S}Body).max(500).describe(${q(`the detail rows, saved with the ${fn} in one transaction`)}),` : ''}
});
export type ${E}Body = z.infer<typeof ${E}Body>;

export const ${E}Update = ${E}Body.extend({ ${pk.propName}: z.number().int().positive().describe(${q(`id of a ${fn}`)}) });
export type ${E}Update = z.infer<typeof ${E}Update>;

/** ${cm(fnEn)} permission strings: routes declare them, the seeded menus grant them. */
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
    content: `/** ${cm(fnEn)} messages, in both languages: add to the area's message file. */
export const ${e}Messages = {
  zh: {
    '${e}.notFound': ${q(`${table.functionNameZh}“{id}”不存在`)},${
      tree
        ? `
    '${e}.hasChildren': ${q(`${table.functionNameZh}“{ids}”下还有子节点，不能删除`)},
    '${e}.parentSelf': ${q(`上级${table.functionNameZh}不能是它自己`)},`
        : ''
    }
  },
  en: {
    '${e}.notFound': ${q(`The ${fn} "{id}" does not exist`)},${
      tree
        ? `
    '${e}.hasChildren': ${q(`The ${fn} "{ids}" has children and cannot be deleted`)},
    '${e}.parentSelf': ${q(`A ${fn} cannot be its own parent`)},`
        : ''
    }
  },
} as const;
`,
  });

  // 3. Table
  const cols = columns.map(drizzleColumn);
  const subCols = sub ? sub.columns.map(drizzleColumn) : [];
  const imports = [...new Set(['pgTable', ...cols.flatMap((c) => c.imports), ...subCols.flatMap((c) => c.imports)])].sort();
  files.push({
    path: `apps/server/src/db/schema/${k}.ts`,
    language: 'ts',
    content: `${[...cols, ...subCols].some((c) => c.builder.includes('.default(sql`')) ? "import { sql } from 'drizzle-orm';\n" : ''}import { ${imports.join(', ')} } from 'drizzle-orm/pg-core';

/** ${cm(table.tableComment || fnEn)} */
export const ${tableVar} = pgTable(${q(table.tableName)}, {
${columns.map((c, i) => `  ${c.propName}: ${cols[i]?.builder},${c.columnComment ? ` // ${cm(c.columnComment)}` : ''}`).join('\n')}
});
${
  sub
    ? `
/** The detail rows (${cm(sub.tableName)}), saved with their ${cm(fn)}. */
export const ${sub.tableVar} = pgTable(${q(sub.tableName)}, {
${sub.columns.map((c, i) => `  ${c.propName}: ${subCols[i]?.builder},${c.columnComment ? ` // ${cm(c.columnComment)}` : ''}`).join('\n')}
});
`
    : ''
}`,
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
  const drizzleOps = (extra: string[]) => [...new Set(['and', 'eq', 'inArray', ...extra, ...ops.filter((o) => o !== 'eq')])].sort().join(', ');
  const likeImport = queried.some((c) => c.queryType === 'like') ? "import { contains } from '../../../platform/db/filters';\n" : '';
  const filtersFn = `function filters(${filterExpr.length ? 'q' : '_q'}: ${E}Query): SQL | undefined {
  return and(
    ${filterExpr.join(',\n    ')}
  );
}`;
  let queriesText: string;
  if (tree) {
    queriesText = `import type { ${E}Query } from '@ccms/contracts/${area}/${k}';
import { ${drizzleOps(['asc', 'notInArray'])}, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar} } from '../../../db/schema';
${likeImport}
${filtersFn}

/** The whole tree (no pages): parents before children, siblings by id. */
export const list${E}s = (db: Db, q: ${E}Query) =>
  db.select().from(${tableVar}).where(filters(q)).orderBy(asc(${tableVar}.${tree.parent.propName}), asc(${tableVar}.${pk.propName}));

export async function find${E}(db: Db, id: number) {
  const [row] = await db.select().from(${tableVar}).where(eq(${tableVar}.${pk.propName}, id));
  return row;
}

/** Ids among these whose children are not deleted with them. */
export async function withChildrenLeft(db: Db, ids: number[]) {
  const rows = await db
    .selectDistinct({ parent: ${tableVar}.${tree.parent.propName} })
    .from(${tableVar})
    .where(and(inArray(${tableVar}.${tree.parent.propName}, ids), notInArray(${tableVar}.${pk.propName}, ids)));
  return rows.map((r) => r.parent);
}

export const delete${E}s = (db: Db, ids: number[]) => db.delete(${tableVar}).where(inArray(${tableVar}.${pk.propName}, ids));
`;
  } else {
    queriesText = `import type { ${E}Query } from '@ccms/contracts/${area}/${k}';
import { ${drizzleOps(['count', 'desc', ...(sub ? ['asc'] : [])])}, type SQL } from 'drizzle-orm';
import type { Db${sub ? ', Tx' : ''} } from '../../../db/client';
import { ${tableVar}${sub ? `, ${sub.tableVar}` : ''} } from '../../../db/schema';
${likeImport}import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { ${sortable.map((p) => `${p}: ${tableVar}.${p}`).join(', ')} };

${filtersFn}

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
${
  sub
    ? `
/** The detail rows of a ${cm(fn)}, in their order. */
export const list${sub.S}sOf = (db: Db, id: number) =>
  db.select().from(${sub.tableVar}).where(eq(${sub.tableVar}.${sub.fk.propName}, id)).orderBy(asc(${sub.tableVar}.${sub.pk.propName}));

/** Deletes the detail rows of these ${cm(fn)} (inside the caller's transaction). */
export const delete${sub.S}sOf = (tx: Tx, ids: number[]) => tx.delete(${sub.tableVar}).where(inArray(${sub.tableVar}.${sub.fk.propName}, ids));

export const delete${E}s = (tx: Tx, ids: number[]) => tx.delete(${tableVar}).where(inArray(${tableVar}.${pk.propName}, ids));
`
    : `
export const delete${E}s = (db: Db, ids: number[]) => db.delete(${tableVar}).where(inArray(${tableVar}.${pk.propName}, ids));
`
}`;
  }
  files.push({ path: `apps/server/src/modules/${area}/${k}/${k}.queries.ts`, language: 'ts', content: queriesText });

  // 6. Service
  const authArg = hasAudit ? 'auth' : '_auth';
  const createBy = hasAudit ? ', createBy: auth.userName' : '';
  const updateBy = hasAudit ? ', updateBy: auth.userName, updateTime: new Date()' : '';
  let serviceText: string;
  if (sub) {
    serviceText = `import type { ${E}Body, ${E}Detail, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar}, ${sub.tableVar} } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { notFound } from '../../../platform/http/errors';
import { delete${E}s, delete${sub.S}sOf, find${E}, list${E}s, list${sub.S}sOf } from './${k}.queries';

/** ${cm(fnEn)} with its detail rows (${cm(sub.tableName)}): a save writes both in one transaction. */
export function ${e}Service(db: Db) {
  return {
    list: (q: ${E}Query) => list${E}s(db, q),
    async get(id: number): Promise<${E}Detail> {
      const row = await find${E}(db, id);
      if (!row) throw notFound('${e}.notFound', { id: String(id) });
      return { ...row, ${sub.list}: await list${sub.S}sOf(db, id) };
    },
    async create(${authArg}: AuthContext, body: ${E}Body) {
      const { ${sub.list}, ...fields } = body;
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(${tableVar}).values({ ...fields${createBy} }).returning({ id: ${tableVar}.${pk.propName} });
        if (row && ${sub.list}.length > 0) await tx.insert(${sub.tableVar}).values(${sub.list}.map((d) => ({ ...d, ${sub.fk.propName}: row.id })));
      });
    },
    async update(${authArg}: AuthContext, body: ${E}Update) {
      if (!(await find${E}(db, body.${pk.propName}))) throw notFound('${e}.notFound', { id: String(body.${pk.propName}) });
      const { ${pk.propName}, ${sub.list}, ...fields } = body;
      await db.transaction(async (tx) => {
        await tx
          .update(${tableVar})
          .set({ ...fields${updateBy} })
          .where(eq(${tableVar}.${pk.propName}, ${pk.propName}));
        // The form sends every detail row: the saved ones are replaced.
        await delete${sub.S}sOf(tx, [${pk.propName}]);
        if (${sub.list}.length > 0) await tx.insert(${sub.tableVar}).values(${sub.list}.map((d) => ({ ...d, ${sub.fk.propName}: ${pk.propName} })));
      });
    },
    remove: (ids: number[]) =>
      db.transaction(async (tx) => {
        await delete${sub.S}sOf(tx, ids);
        await delete${E}s(tx, ids);
      }),
  };
}
`;
  } else {
    serviceText = `import type { ${E}Body, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ${tableVar} } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { ${tree ? 'badRequest, conflict, notFound' : 'notFound'} } from '../../../platform/http/errors';
import { delete${E}s, find${E}, list${E}s${tree ? ', withChildrenLeft' : ''} } from './${k}.queries';

/** ${cm(fnEn)}${tree ? ' (a tree by its parent id)' : ''}: list, read, create, update, delete. */
export function ${e}Service(db: Db) {
  return {
    list: (q: ${E}Query) => list${E}s(db, q),
    async get(id: number) {
      const row = await find${E}(db, id);
      if (!row) throw notFound('${e}.notFound', { id: String(id) });
      return row;
    },
    async create(${authArg}: AuthContext, body: ${E}Body) {
      await db.insert(${tableVar}).values({ ...body${createBy} });
    },
    async update(${authArg}: AuthContext, body: ${E}Update) {
      if (!(await find${E}(db, body.${pk.propName}))) throw notFound('${e}.notFound', { id: String(body.${pk.propName}) });${
        tree
          ? `
      if (body.${tree.parent.propName} === body.${pk.propName}) throw badRequest('${e}.parentSelf');`
          : ''
      }
      const { ${pk.propName}, ...fields } = body;
      await db
        .update(${tableVar})
        .set({ ...fields${updateBy} })
        .where(eq(${tableVar}.${pk.propName}, ${pk.propName}));
    },
    async remove(ids: number[]) {${
      tree
        ? `
      const parents = await withChildrenLeft(db, ids);
      if (parents.length > 0) throw conflict('${e}.hasChildren', { ids: parents.join(', ') });`
        : ''
    }
      await delete${E}s(db, ids);
    },
  };
}
`;
  }
  files.push({ path: `apps/server/src/modules/${area}/${k}/${k}.service.ts`, language: 'ts', content: serviceText });

  // 7. Routes
  files.push({
    path: `apps/server/src/modules/${area}/${k}/${k}.routes.ts`,
    language: 'ts',
    content: `import { ${E}, ${E}Body${sub ? `, ${E}Detail` : ''}, ${E}Perm, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import { IdList, IdParam, OkEmpty, okOf${tree ? '' : ', rowsOf'} } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok${tree ? '' : ', rows'} } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { ${e}Service } from './${k}.service';

const log = (businessType: BusinessType) => ({ title: '${e}', businessType });

/** ${cm(fnEn)} (${base}): thin routes over ${e}Service. */
export const ${e}Routes: FastifyPluginAsyncZod = async (app) => {
  const service = ${e}Service(app.db);

  app.get(
    '${base}/list',
    {
      config: { permission: ${E}Perm.list },
      schema: { summary: ${q(tree ? `List the whole ${fn} tree` : `List ${fn} by page`)}, tags: ['${tag}'], querystring: ${E}Query, response: { 200: ${tree ? `okOf(z.array(${E}))` : `rowsOf(${E})`} } },
    },
    async (req) => ${tree ? 'ok(await service.list(req.query))' : 'rows(await service.list(req.query))'},
  );
  app.get(
    '${base}/:id',
    {
      config: { permission: ${E}Perm.query },
      schema: { summary: ${q(`Get one ${fn}${sub ? ' with its detail rows' : ''}`)}, tags: ['${tag}'], params: IdParam, response: { 200: okOf(${sub ? `${E}Detail` : E}) } },
    },
    async (req) => ok(await service.get(req.params.id)),
  );
  app.post(
    '${base}',
    {
      config: { permission: ${E}Perm.add, log: log(BusinessType.INSERT) },
      schema: { summary: ${q(`Create a ${fn}`)}, tags: ['${tag}'], body: ${E}Body, response: { 200: OkEmpty } },
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
      schema: { summary: ${q(`Update a ${fn}`)}, tags: ['${tag}'], body: ${E}Update, response: { 200: OkEmpty } },
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
      schema: { summary: ${q(`Delete ${fn}`)}, tags: ['${tag}'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await service.remove(req.params.ids);
      return done();
    },
  );
};
`,
  });

  // 10. API test (through the app, under its /prod-api prefix)
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
  files.push({
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
  });

  // 11. Web data
  files.push({
    path: `apps/web/src/features/${area}/${k}/${k}-api.ts`,
    language: 'ts',
    content: `import type { ${E}, ${E}Body${sub ? `, ${E}Detail` : ''}, ${E}Query, ${E}Update } from '@ccms/contracts/${area}/${k}';
import type { z } from 'zod';
import { api } from '../../../api/client';
${tree ? "import { buildTree, type TreeOption } from '../../../shared/tree/tree';\n" : ''}
export type ${E}ListParams = z.input<typeof ${E}Query>;
export type ${E}Save = ${E}Body | ${E}Update;
${tree ? `export type ${E}Node = ${E} & { children?: ${E}Node[] };\n` : ''}
/** ${cm(fnEn)} (server: modules/${area}/${k}). Screens use \`${k}-queries.ts\`. */
export const ${e}Api = {
  list: (params: ${E}ListParams) => ${tree ? `api.one<${E}[]>('${base}/list', params)` : `api.list<${E}>('${base}/list', params)`},
  get: (id: number) => api.one<${sub ? `${E}Detail` : E}>(\`${base}/\${id}\`),
  /** Adds when the body has no \`${pk.propName}\`, else updates. */
  save: (body: ${E}Save) => ('${pk.propName}' in body ? api.put('${base}', body) : api.post('${base}', body)),
  remove: (ids: readonly number[]) => api.delete(\`${base}/\${ids.join(',')}\`),
};
${
  tree
    ? `
/** Flat rows into the tree table's nodes. */
export const ${e}Tree = (rows: readonly ${E}[]): ${E}Node[] => buildTree(rows, '${pk.propName}', '${tree.parent.propName}') as ${E}Node[];

/** Every id in the tree (expand all). */
export const ${e}Ids = (nodes: readonly ${E}Node[]): number[] => nodes.flatMap((n) => [n.${pk.propName}, ...${e}Ids(n.children ?? [])]);

/** Nodes as the parent select's options ({id, label, children}). */
export function ${e}Options(nodes: readonly ${E}Node[]): TreeOption[] {
  return nodes.map((n) => {
    const option: TreeOption = { id: n.${pk.propName}, label: String(n.${tree.name.propName} ?? n.${pk.propName}) };
    if (n.children && n.children.length > 0) option.children = ${e}Options(n.children);
    return option;
  });
}
`
    : ''
}`,
  });
  files.push({
    path: `apps/web/src/features/${area}/${k}/${k}-queries.ts`,
    language: 'ts',
    content: `import { ${tree ? '' : 'keepPreviousData, '}useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ${E}ListParams, type ${E}Save, ${e}Api${tree ? `, ${e}Ids, ${e}Tree` : ''} } from './${k}-api';

/** The ${cm(fn)} data layer: key factory, queries and mutations. */
export const ${e}Keys = entityKeys<${E}ListParams>('${area}', '${e}');

export const ${e}Queries = {
${
  tree
    ? `  /** The tree table's rows (unpaged: the total counts every node). */
  list: (params: ${E}ListParams) => ({
    queryKey: ${e}Keys.list(params),
    queryFn: async () => {
      const rows = ${e}Tree(await ${e}Api.list(params));
      return { rows, total: ${e}Ids(rows).length };
    },
  }),`
    : `  list: (params: ${E}ListParams) => ({ queryKey: ${e}Keys.list(params), queryFn: () => ${e}Api.list(params) }),`
}
  detail: (id: number) => ({ queryKey: ${e}Keys.detail(id), queryFn: () => ${e}Api.get(id) }),
};

${tree ? `/** The whole tree, for the parent select. */\nexport const use${E}Tree = () => useQuery(${e}Queries.list({}));` : `export const use${E}List = (params: ${E}ListParams) => useQuery({ ...${e}Queries.list(params), placeholderData: keepPreviousData });`}

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
  const control = (c: TemplateColumn, schema: string) => {
    const dict = c.dictType ? `${camelDict(c.dictType)}` : '';
    if (tree && c === tree.parent) return `<TreeSelectField treeData={parents} />`;
    switch (c.htmlType) {
      case 'textarea':
      case 'editor':
        return `<Input.TextArea rows={${c.htmlType === 'editor' ? 8 : 3}} maxLength={zodMaxLength(${schema}, '${c.propName}')} />`;
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
        return c.tsType === 'boolean' ? '<Switch />' : `<Input maxLength={zodMaxLength(${schema}, '${c.propName}')} />`;
    }
  };
  const subFields = sub ? sub.writable : [];
  const dicts = [...new Set([...columns, ...subFields].map((c) => c.dictType).filter(Boolean))];
  const formCols = writable.filter((c) => c.isInsert || c.isEdit);
  const antdForm = new Set(['App', 'Form', 'Input']);
  for (const c of [...formCols, ...subFields]) {
    if (tree && c === tree.parent) continue;
    if (c.htmlType === 'number') antdForm.add('InputNumber');
    if (c.htmlType === 'select') antdForm.add('Select');
    if (c.htmlType === 'radio') antdForm.add('Radio');
    if (c.htmlType === 'checkbox') antdForm.add('Checkbox');
    if (c.tsType === 'boolean' && c.htmlType === 'input') antdForm.add('Switch');
  }
  if (sub) {
    antdForm.add('Button');
    antdForm.add('Space');
  }
  const emptyValue = (c: TemplateColumn) =>
    tree && c === tree.parent
      ? c.notNull
        ? '0'
        : 'null'
      : c.tsType === 'number'
        ? '0'
        : c.tsType === 'boolean'
          ? 'false'
          : c.tsType === 'Date'
            ? 'new Date()'
            : "''";
  const empty = `{ ${[...formCols.map((c) => `${c.propName}: ${emptyValue(c)}`), ...(sub ? [`${sub.list}: []`] : [])].join(', ')} } as ${E}Body`;
  const formItem = (c: TemplateColumn, schema: string, label: string, name: string, indent: string) =>
    `${indent}<Form.Item name={${name}} label={t('${label}')} rules={zodRules(${schema}, '${c.propName}', t('${label}'))}${c.tsType === 'boolean' && c.htmlType === 'input' ? ' valuePropName="checked"' : ''}>
${indent}  ${control(c, schema)}
${indent}</Form.Item>`;
  const subLabel = (c: TemplateColumn) => (sub ? `${sub.s}${pascal(c.propName)}` : c.propName);
  const rowType = sub ? `${E}Detail` : E;
  files.push({
    path: `apps/web/src/features/${area}/${k}/components/${E}FormDialog.tsx`,
    language: 'tsx',
    content: `import { ${sub ? `${E}Body, type ${E}Detail, ${sub.S}Body` : `type ${E}, ${E}Body`} } from '@ccms/contracts/${area}/${k}';
import { ${[...antdForm].sort().join(', ')} } from 'antd';
import { useTranslation } from 'react-i18next';
${dicts.length ? "import { useDict } from '../../../../shared/dict/use-dict';\n" : ''}import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
${tree ? "import { TreeSelectField } from '../../../../shared/tree/TreeSelectField';\n" : ''}${tree ? `import { ${e}Options } from '../${k}-api';\n` : ''}import { ${e}Queries, useSave${E}${tree ? `, use${E}Tree` : ''} } from '../${k}-queries';

export interface ${E}FormDialogProps {
  open: boolean;
  /** The row to edit; undefined adds one. */
  id: number | undefined;${tree ? `\n  /** The parent of a new row (add below a row). */\n  parentId?: number;` : ''}
  onClose: () => void;
}

const EMPTY = ${empty};
${sub ? `const EMPTY_ROW = { ${sub.writable.map((c) => `${c.propName}: ${emptyValue(c)}`).join(', ')} } as ${sub.S}Body;\n` : ''}
const toValues = (row: ${rowType}): ${E}Body => ({ ${[
      ...formCols.map((c) => `${c.propName}: row.${c.propName} as ${E}Body['${c.propName}']`),
      ...(sub
        ? [
            `${sub.list}: row.${sub.list}.map((d) => ({ ${sub.writable.map((c) => `${c.propName}: d.${c.propName} as ${sub.S}Body['${c.propName}']`).join(', ')} }))`,
          ]
        : []),
    ].join(', ')} });

/** Add or edit a ${cm(fn)}${sub ? ' with its detail rows' : ''}; rules come from the contract's ${E}Body. */
export function ${E}FormDialog({ open, id,${tree ? ' parentId,' : ''} onClose }: ${E}FormDialogProps) {
  const { t } = useTranslation('${e}');
  const { message } = App.useApp();
${dicts.map((d) => `  const ${camelDict(d)} = useDict(${q(d)});`).join('\n')}${tree ? `\n  const parents = ${e}Options(use${E}Tree().data?.rows ?? []);` : ''}
  const save = useSave${E}();
  const entity = useEntityForm<${E}Body, ${rowType}>({
    open,
    load: id === undefined ? undefined : ${e}Queries.detail(id),
    toValues,
    defaults: ${tree ? `{ ...EMPTY, ${tree.parent.propName}: parentId ?? EMPTY.${tree.parent.propName} }` : 'EMPTY'},
    save: (values) => save.mutateAsync(id === undefined ? values : { ...values, ${pk.propName}: id }),
    onSaved: () => {
      message.success(id === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={id === undefined ? t('addTitle') : t('editTitle')} width={${sub ? 880 : 560}} name="${k}-form" entity={entity} onClose={onClose}>
${formCols.map((c) => formItem(c, `${E}Body`, c.propName, `'${c.propName}'`, '      ')).join('\n')}${
  sub
    ? `
      <Form.List name="${sub.list}">
        {(items, { add, remove }) => (
          <>
            <h4>{t('detailTitle')}</h4>
            {items.map((item) => (
              <Space key={item.key} align="baseline" wrap data-testid="${k}-detail-row">
${sub.writable.map((c) => formItem(c, `${sub.S}Body`, subLabel(c), `[item.name, '${c.propName}']`, '                ')).join('\n')}
                <Button type="link" danger onClick={() => remove(item.name)}>
                  {t('removeRow')}
                </Button>
              </Space>
            ))}
            <Button type="dashed" block onClick={() => add(EMPTY_ROW)}>
              {t('addRow')}
            </Button>
          </>
        )}
      </Form.List>`
    : ''
}
    </FormDialog>
  );
}
`,
  });
  const listColumns = listed
    .map(
      (c) =>
        `    { key: '${c.propName}', dataIndex: '${c.propName}', title: t('${c.propName}')${!tree && sortable.includes(c.propName) ? ', sorter: true' : ''}${tree && c === tree.name ? ', hideable: false' : ''}${c.tsType === 'Date' ? ", render: (v: string | Date | null) => (v ? new Date(v).toLocaleString() : '')" : c.tsType === 'boolean' ? ", render: (v: boolean | null) => (v ? tc('yes') : tc('no'))" : ''} },`,
    )
    .join('\n');
  const searchFields = queried
    .filter((c) => c.queryType !== 'between')
    .map(
      (c) => `            <Form.Item name="${c.propName}" label={t('${c.propName}')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>`,
    )
    .join('\n');
  const row = tree ? `${E}Node` : E;
  files.push({
    path: `apps/web/src/features/${area}/${k}/pages/index.tsx`,
    language: 'tsx',
    content: tree
      ? `import { PlusOutlined } from '@ant-design/icons';
import { ${E}Perm } from '@ccms/contracts/${area}/${k}';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import { ExpandToggle, useTreeExpansion } from '../../../system/shared/tree-expansion';
import { ${E}FormDialog } from '../components/${E}FormDialog';
import { type ${E}ListParams, type ${E}Node, ${e}Ids } from '../${k}-api';
import { ${e}Queries, useDelete${E} } from '../${k}-queries';

type Filters = ${E}ListParams;

/** ${cm(fnEn)}: a tree table with expand/collapse all, add (also below a row), edit, delete. */
export default function ${E}Page() {
  const { t } = useTranslation('${e}');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined; parentId?: number }>({ open: false, id: undefined });
  const tree = useTreeExpansion(${e}Ids);
  const remove${E}s = useDelete${E}();

  const remove = async (rows: readonly ${row}[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.${pk.propName}).join(', ') }), { type: 'danger' }))) return;
    await remove${E}s.mutateAsync(rows.map((r) => r.${pk.propName}));
    message.success(t('deleted'));
  };

  const columns: ListColumn<${row}>[] = [
${listColumns}
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 220,
      render: (_: unknown, row: ${row}) => (
        <Space size={0}>
          <CrudLinks row={row} edit={{ perm: ${E}Perm.edit, onClick: (r) => setDialog({ open: true, id: r.${pk.propName} }) }} remove={{ perm: ${E}Perm.remove, onClick: remove }} />
          <HasPermi value={[${E}Perm.add]}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, id: undefined, parentId: row.${pk.propName} })}>
              {tc('add')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<${row}, Filters>
        listQuery={(q) => tree.track(${e}Queries.list(q))}
        rowKey="${pk.propName}"
        paginated={false}
        columns={columns}
        tableProps={{ expandable: tree.expandable }}
        searchFields={
          <>
${searchFields}
          </>
        }
        toolbar={({ selectedRows }) => (
          <>
            <CrudButtons selected={selectedRows} add={{ perm: ${E}Perm.add, onClick: () => setDialog({ open: true, id: undefined }) }} />
            <ExpandToggle tree={tree} expandLabel={t('expandAll')} collapseLabel={t('collapseAll')} />
          </>
        )}
      />
      <${E}FormDialog open={dialog.open} id={dialog.id} parentId={dialog.parentId} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
`
      : `import { type ${E}, ${E}Perm } from '@ccms/contracts/${area}/${k}';
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

/** ${cm(fnEn)}: search, list, add/edit dialog${sub ? ' (with the detail rows)' : ''}, delete. */
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
${listColumns}
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
${searchFields}
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
  const texts = (lang: 'zh' | 'en'): Record<string, string> => {
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
    const treeTexts: Record<string, string> = tree
      ? lang === 'zh'
        ? { expandAll: '展开全部', collapseAll: '折叠全部' }
        : { expandAll: 'Expand all', collapseAll: 'Collapse all' }
      : {};
    const subTexts: Record<string, string> = sub
      ? {
          ...(lang === 'zh'
            ? { detailTitle: `${table.functionNameZh}明细`, addRow: '添加明细', removeRow: '删除' }
            : { detailTitle: `${name} details`, addRow: 'Add a detail row', removeRow: 'Remove' }),
          ...Object.fromEntries(sub.writable.map((c) => [subLabel(c), lang === 'zh' ? c.labelZh : c.labelEn])),
        }
      : {};
    return { ...fixed, ...labels, ...treeTexts, ...subTexts };
  };
  const body = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([key, v]) => `  ${key}: ${q(v)},`)
      .join('\n');
  files.push({
    path: `apps/web/src/i18n/zh/${e}.ts`,
    language: 'ts',
    content: `/** ${cm(table.functionNameZh)} (${area}/${k}). */\nexport default {\n${body(texts('zh'))}\n};\n`,
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
    content: `# ${mdText(fnEn)} (${markdownCode(table.tableName)})

Generated${table.author ? ` for ${mdText(table.author)}` : ''} from table ${markdownCode(table.tableName)}${table.tableComment ? ` (${mdText(table.tableComment)})` : ''}.
Copy the files into the project, then make these small additive edits (docs/adding-an-entity.md):

1. \`apps/server/src/db/schema/index.ts\`: \`export * from './${k}';\` then \`npm run db:generate\` if the table is new.
2. \`packages/contracts/src/messages/index.ts\`: merge \`${e}Messages\` into the catalogue.
3. \`apps/server/src/platform/http/openapi.ts\`: add ${markdownCode(`'${tag}': ${q(fnEn)}`)} to \`API_TAGS\`.
4. \`apps/server/src/modules/${area}/${area}.area.ts\`: add \`${e}Routes\` to the area's route list.
5. \`apps/server/src/db/seed/menus.ts\` (page under menu ${table.parentMenuId}, buttons from \`${E}Perm\`; pick free ids):

\`\`\`ts
page(ID, ${table.parentMenuId}, 1, '${biz}', '${area}/${k}/index', ${E}Perm.list, ${q(table.functionNameZh)}, ${q(fnEn)}, 'list'),
...buttons(ID, FIRST_BUTTON_ID, ${E}Perm, [${q(table.functionNameZh)}, ${q(fn)}], ['query', 'add', 'edit', 'remove']),
\`\`\`

6. \`apps/web/src/app/router/pages.tsx\`: \`'${area}/${k}/index': page(() => import('../../features/${area}/${k}/pages/index')),\`
7. \`apps/web/src/i18n/types.ts\`: \`import type ${e} from './zh/${e}';\` and \`${e}: typeof ${e};\` in \`Resources\` (the loader finds the zh/en files by name).
`,
  });
  return files;
}

/** A dictionary type as a variable name: "sys_user_sex" → "sysUserSexOptions". */
function camelDict(type: string) {
  return `${type.toLowerCase().replace(/[^a-z0-9]+([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Options`;
}

/** The tree template's columns: the parent id and the name a node is shown by. */
function treeOf(table: TemplateTable, columns: TemplateColumn[]) {
  const parent = columns.find((c) => c.columnName === table.treeParentColumn);
  const name = columns.find((c) => c.columnName === table.treeNameColumn);
  if (!parent || !name) throw new Error(`table ${table.tableName}: the tree template needs its parent id and name columns`);
  return { parent, name };
}

/** The master-detail template's detail table: names, key columns and the columns its form edits. */
function subOf(table: TemplateTable, subTable: TemplateSub | undefined, area: string) {
  if (!subTable) throw new Error(`table ${table.tableName}: the master-detail template needs its detail table`);
  const s = subTable.entityName;
  const S = pascal(s);
  const pk = subTable.columns.find((c) => c.isPk) ?? subTable.columns[0];
  const fk = subTable.columns.find((c) => c.columnName === table.subTableFkName);
  if (!pk || !fk) throw new Error(`table ${subTable.tableName}: no primary key or no column ${table.subTableFkName}`);
  const writable = subTable.columns.filter((c) => !(c.isPk && c.isIncrement) && !AUDIT.has(c.propName) && c !== fk && (c.isInsert || c.isEdit));
  return {
    tableName: subTable.tableName,
    s,
    S,
    list: `${s}List`,
    tableVar: `${area === 'system' ? 'sys' : 'ccms'}${S}`,
    pk,
    fk,
    columns: subTable.columns,
    writable,
  };
}
