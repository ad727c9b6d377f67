import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, TimeRangeQuery } from '../http';

/** TypeScript types a generated field may have (the zod schema follows). */
export const GEN_TS_TYPES = ['string', 'number', 'boolean', 'Date'] as const;
/** How a list query compares a column. */
export const GEN_QUERY_TYPES = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'between'] as const;
/** The form control a generated form shows for a column. */
export const GEN_HTML_TYPES = ['input', 'textarea', 'number', 'select', 'radio', 'checkbox', 'date', 'upload', 'editor'] as const;
/** Templates: a plain list (crud), a tree (parent column) or master-detail (a sub table). */
export const GEN_TEMPLATES = ['crud', 'tree', 'sub'] as const;
/** Areas a generated module can go into (apps/server/src/modules/<area>). */
export const GEN_AREAS = ['system', 'monitor', 'common', 'content', 'work', 'publish'] as const;

/**
 * A name the generated code uses as an identifier, a file name or a URL segment (entity, business,
 * field names): a lower-case letter, then letters and digits. Nothing else can reach code.
 */
export const GEN_IDENTIFIER = /^[a-z][A-Za-z0-9]*$/;
/** A table or column name of the database the settings point at (tree and master-detail columns, the detail table); empty when unused. */
export const GEN_DB_NAME = /^([A-Za-z_][A-Za-z0-9_]*)?$/;
/** A dictionary type, as the dictionary contract allows it (empty: no dictionary). */
export const GEN_DICT_TYPE = /^([a-z][a-z0-9_]*)?$/;

const identifier = () => z.string().trim().min(1).max(60).regex(GEN_IDENTIFIER, { message: 'gen.identifierFormat' });
const dbName = () => z.string().trim().max(63).regex(GEN_DB_NAME, { message: 'gen.dbNameFormat' });

export const GenColumn = z.object({
  columnId: z.number(),
  tableId: z.number(),
  columnName: z.string(),
  columnComment: z.string(),
  columnType: z.string().describe('the database type, e.g. varchar(64)'),
  propName: z.string().describe('the field name in TypeScript (camelCase)'),
  tsType: z.enum(GEN_TS_TYPES),
  labelZh: z.string(),
  labelEn: z.string(),
  isPk: z.boolean(),
  isIncrement: z.boolean(),
  isRequired: z.boolean(),
  isInsert: z.boolean().describe('shown in the create form'),
  isEdit: z.boolean().describe('shown in the edit form'),
  isList: z.boolean().describe('shown as a list column'),
  isQuery: z.boolean().describe('a search field of the list'),
  queryType: z.enum(GEN_QUERY_TYPES),
  htmlType: z.enum(GEN_HTML_TYPES),
  dictType: z.string(),
  maxLength: z.number().nullable().describe('character limit of the database type, when it has one'),
  sort: z.number(),
});
export type GenColumn = z.infer<typeof GenColumn>;

export const GenTable = z.object({
  tableId: z.number(),
  tableName: z.string(),
  tableComment: z.string(),
  area: z.enum(GEN_AREAS),
  entityName: z.string().describe('the entity in camelCase, e.g. widgetPart; files are named widget-part'),
  businessName: z.string().describe('the URL segment, e.g. widgetPart in /ccms/widgetPart/list'),
  functionNameZh: z.string(),
  functionNameEn: z.string(),
  author: z.string(),
  parentMenuId: z.number().describe('id of the menu the page goes under'),
  tplCategory: z.enum(GEN_TEMPLATES),
  treeParentColumn: z.string().describe('tree template: the column holding the parent id'),
  treeNameColumn: z.string().describe('tree template: the column a node is shown by (its name)'),
  subTableName: z.string().describe('master-detail template: the detail table'),
  subTableFkName: z.string().describe('master-detail template: the detail column pointing at this table'),
  createBy: z.string(),
  createTime: DateTime,
  updateTime: DateTime,
});
export type GenTable = z.infer<typeof GenTable>;

/**
 * An imported table for its edit page: `table` and `columns`, and the same again under the names
 * RuoYi's edit page reads (`info`, `rows`), with every imported table and its columns (`tables`,
 * which its master-detail pickers offer).
 */
export const GenTableDetail = z.object({
  table: GenTable,
  columns: z.array(GenColumn),
  info: GenTable,
  rows: z.array(GenColumn),
  tables: z.array(GenTable.extend({ columns: z.array(GenColumn) })),
});
export type GenTableDetail = z.infer<typeof GenTableDetail>;

/** RuoYi's generator list: by name, comment and when the import was made (params[beginTime], params[endTime]). */
export const GenQuery = PageQuery.extend({
  tableName: z.string().max(200).optional(),
  tableComment: z.string().max(500).optional(),
}).extend(TimeRangeQuery.shape);
export type GenQuery = z.infer<typeof GenQuery>;

/** A database table not imported yet. */
export const DbTable = z.object({
  tableName: z.string(),
  tableComment: z.string(),
  columns: z.number(),
  createTime: DateTime.describe(
    'when the table was made: the journal time of the migration creating it, or when createTable made it; null when unknown (made by hand)',
  ),
  updateTime: DateTime.describe('the journal time of the latest later migration altering the table; null when none did'),
});
export type DbTable = z.infer<typeof DbTable>;

export const DbTableQuery = PageQuery.extend({
  tableName: z.string().max(200).optional(),
  tableComment: z.string().max(500).optional(),
});
export type DbTableQuery = z.infer<typeof DbTableQuery>;

export const ImportTables = z.object({
  tables: z
    .string()
    .min(1)
    .max(4000)
    .describe('table names, comma separated')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ]),
});

export const GenColumnUpdate = GenColumn.pick({
  columnId: true,
  propName: true,
  tsType: true,
  labelZh: true,
  labelEn: true,
  isRequired: true,
  isInsert: true,
  isEdit: true,
  isList: true,
  isQuery: true,
  queryType: true,
  htmlType: true,
  dictType: true,
}).extend({
  propName: identifier(),
  labelZh: z.string().trim().min(1).max(100),
  labelEn: z.string().trim().min(1).max(100),
  dictType: z.string().trim().max(100).regex(GEN_DICT_TYPE, { message: 'dict.typeFormat' }),
});
export type GenColumnUpdate = z.infer<typeof GenColumnUpdate>;

export const GenTableUpdate = z.object({
  tableId: z.number().int().positive().describe('id of an imported table'),
  tableComment: z.string().trim().max(500),
  area: z.enum(GEN_AREAS),
  entityName: identifier(),
  businessName: identifier(),
  functionNameZh: z.string().trim().min(1).max(50),
  functionNameEn: z.string().trim().min(1).max(50),
  author: z.string().trim().min(1).max(50),
  parentMenuId: z.number().int().min(0).describe('id of the menu the page goes under'),
  tplCategory: z.enum(GEN_TEMPLATES),
  treeParentColumn: dbName(),
  treeNameColumn: dbName(),
  subTableName: dbName(),
  subTableFkName: dbName(),
  columns: z.array(GenColumnUpdate).max(500),
});
export type GenTableUpdate = z.infer<typeof GenTableUpdate>;

/** One generated file: its path in the project and its text. */
export const GenFile = z.object({ path: z.string(), language: z.enum(['ts', 'tsx', 'sql', 'md']), content: z.string() });
export type GenFile = z.infer<typeof GenFile>;

/** sys_config key: "true" lets an administrator write generated modules into the server's project tree (never in production). */
export const GEN_WRITE_KEY = 'tool.gen.writeToWorkTree';

export const GenWriteBody = z.object({
  tableIds: z.array(z.number().int().positive()).min(1).max(50).describe('ids of imported tables'),
  overwrite: z.boolean().default(false).describe('replace files that exist already'),
});
export type GenWriteBody = z.infer<typeof GenWriteBody>;

/** The files written, at their paths in the project. */
export const GenWriteResult = z.object({ written: z.array(z.string()) });
export type GenWriteResult = z.infer<typeof GenWriteResult>;

/** Whether the caller may write into the project now, and if not why: the switch, production, or not an administrator. */
export const GenWriteStatus = z.object({ enabled: z.boolean(), reason: z.enum(['', 'off', 'production', 'notAdmin']) });
export type GenWriteStatus = z.infer<typeof GenWriteStatus>;

/** Code generator permission strings: routes declare them, the seeded menus grant them. */
export const GenPerm = {
  list: 'tool:gen:list',
  query: 'tool:gen:query',
  edit: 'tool:gen:edit',
  remove: 'tool:gen:remove',
  import: 'tool:gen:import',
  preview: 'tool:gen:preview',
  code: 'tool:gen:code',
} as const;

/** RuoYi's createTable: CREATE TABLE statements (with COMMENT ON), sent as a query parameter by its client. */
export const CreateTables = z.object({
  sql: z.string().trim().min(1).max(100_000).describe('CREATE TABLE statements, and COMMENT ON them; nothing else is accepted'),
});

/** An imported table by its id (this web app) or by its table name (RuoYi's client). */
export const GenTableRef = z.object({
  id: z
    .string()
    .regex(/^(\d{1,9}|[A-Za-z_][A-Za-z0-9_]{0,62})$/, { message: 'field.invalidFormat' })
    .describe("an imported table's id, or its table name"),
});

export const GenTableNameParam = z.object({
  tableName: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, { message: 'field.invalidFormat' })
    .describe('the name of an imported table'),
});

/** batchGenCode: RuoYi's client names tables (`tables=a,b`); this web app sends ids (`tableIds=1,2`). */
export const BatchGenQuery = z
  .object({
    tableIds: IdList.optional().describe('ids of imported tables, comma separated'),
    tables: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}(,[A-Za-z_][A-Za-z0-9_]{0,62})*$/, { message: 'field.invalidFormat' })
      .transform((s) => [...new Set(s.split(','))])
      .optional()
      .describe('names of imported tables, comma separated'),
  })
  .refine((q) => q.tableIds !== undefined || q.tables !== undefined, { message: 'field.required', path: ['tables'] });

const tag = 'tool/gen';

/** The code generator API (RuoYi's tool/gen): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const GenApi = {
  list: endpoint({
    method: 'GET',
    url: '/tool/gen/list',
    access: { permission: GenPerm.list },
    summary: 'List imported tables by page',
    tag,
    query: GenQuery,
    response: rowsOf(GenTable),
  }),
  dbList: endpoint({
    method: 'GET',
    url: '/tool/gen/db/list',
    access: { permission: GenPerm.list },
    summary: 'List database tables not imported yet, with their comments',
    tag,
    query: DbTableQuery,
    response: rowsOf(DbTable),
  }),
  importTables: endpoint({
    method: 'POST',
    url: '/tool/gen/importTable',
    access: { permission: GenPerm.import },
    summary: 'Import database tables into the generator',
    tag,
    body: ImportTables,
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/tool/gen/:id',
    access: { permission: GenPerm.query },
    summary: "Get an imported table's settings and columns",
    tag,
    params: IdParam,
    response: okOf(GenTableDetail),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/tool/gen',
    access: { permission: GenPerm.edit },
    summary: "Save an imported table's generation settings and its columns'",
    tag,
    body: GenTableUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/tool/gen/:ids',
    access: { permission: GenPerm.remove },
    summary: 'Delete table imports (the tables stay)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  synchronize: endpoint({
    method: 'GET',
    url: '/tool/gen/synchDb/:id',
    access: { permission: GenPerm.edit },
    summary: "Re-read an imported table's columns from the database (by id, or by table name as RuoYi's client sends)",
    tag,
    params: GenTableRef,
    response: OkEmpty,
  }),
  createTables: endpoint({
    method: 'POST',
    url: '/tool/gen/createTable',
    access: { permission: GenPerm.import },
    summary: 'Create tables from CREATE TABLE statements and import them (administrator; RuoYi 3.9 createTable)',
    tag,
    body: CreateTables,
    response: okOf(z.array(z.string()).describe('the tables created')),
  }),
  writeTable: endpoint({
    method: 'GET',
    url: '/tool/gen/genCode/:tableName',
    access: { permission: GenPerm.code },
    summary: "Write one imported table's module into the project (RuoYi's genCode; administrator, switch tool.gen.writeToWorkTree, never in production)",
    tag,
    params: GenTableNameParam,
    response: okOf(GenWriteResult),
  }),
  preview: endpoint({
    method: 'GET',
    url: '/tool/gen/preview/:id',
    access: { permission: GenPerm.preview },
    summary: 'Preview the files generated from an imported table',
    tag,
    params: IdParam,
    response: okOf(z.array(GenFile)),
  }),
  writeStatus: endpoint({
    method: 'GET',
    url: '/tool/gen/writeStatus',
    access: { permission: GenPerm.code },
    summary: 'Whether the caller may write generated modules into the project now, and if not why',
    tag,
    response: okOf(GenWriteStatus),
  }),
  writeCode: endpoint({
    method: 'POST',
    url: '/tool/gen/writeCode',
    access: { permission: GenPerm.code },
    summary: "Write the generated modules into the server's project tree (administrator, switch tool.gen.writeToWorkTree, never in production)",
    tag,
    body: GenWriteBody,
    response: okOf(GenWriteResult),
  }),
  download: endpoint({
    method: 'GET',
    url: '/tool/gen/batchGenCode',
    access: { permission: GenPerm.code },
    summary: 'Download the generated modules of imported tables as a zip (by ids, or by table names as RuoYi sends)',
    tag,
    query: BatchGenQuery,
    response: z.unknown().describe('a zip of the generated files'),
  }),
};
