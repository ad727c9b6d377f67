import { existsSync } from 'node:fs';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type DbTableQuery,
  GEN_AREAS,
  GEN_DICT_TYPE,
  GEN_IDENTIFIER,
  GEN_WRITE_KEY,
  type GenFile,
  type GenQuery,
  type GenTable,
  type GenTableUpdate,
  type GenWriteStatus,
} from '@ccms/contracts/tool/gen';
import { eq, inArray, sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db, Tx } from '../../../db/client';
import { schemaTableHistory } from '../../../db/migration-history';
import { genCreatedTable, genTable, genTableColumn } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { configFlag } from '../../system/config/config.queries';
import { ddlOf, parseCreateTables, refusedDdl } from './gen.create-table';
import { camel, entityOf, words } from './gen.naming';
import { allGenTablesWithColumns, type DbColumn, dbColumns, dbTable, findGenTable, genColumns, listDbTables, listGenTables } from './gen.queries';
import { generateModule, type TemplateColumn, type TemplateSub } from './gen.templates';

const AUDIT_COLUMNS = new Set(['create_by', 'create_time', 'update_by', 'update_time', 'del_flag']);

/** The TypeScript type of a database type. */
function tsTypeOf(type: string): 'string' | 'number' | 'boolean' | 'Date' {
  const t = type.toLowerCase();
  if (/^(integer|smallint|bigint|real|double precision)/.test(t)) return 'number';
  if (t === 'boolean') return 'boolean';
  if (t.startsWith('timestamp') || t === 'date') return 'Date';
  return 'string';
}

/** The settings RuoYi's GenUtils would pick for a new column, from its name, type and comment. */
export function columnDefaults(c: DbColumn, sort: number) {
  const name = c.columnName.toLowerCase();
  const tsType = tsTypeOf(c.columnType);
  const audit = AUDIT_COLUMNS.has(name);
  const isText = c.columnType.toLowerCase() === 'text';
  let htmlType: 'input' | 'textarea' | 'number' | 'select' | 'radio' | 'checkbox' | 'date' | 'upload' | 'editor' = 'input';
  if (tsType === 'Date') htmlType = 'date';
  else if (tsType === 'number') htmlType = 'number';
  else if (/(status|type|sex|gender)$/.test(name)) htmlType = name.endsWith('status') ? 'radio' : 'select';
  else if (/(image|file|avatar|attachment)$/.test(name)) htmlType = 'upload';
  else if (/content$/.test(name)) htmlType = 'editor';
  else if (isText || (c.maxLength ?? 0) > 500) htmlType = 'textarea';
  const queryType = /name$|title$/.test(name) ? 'like' : tsType === 'Date' ? 'between' : 'eq';
  const label = c.columnComment.split(/[\n(（]/)[0]?.trim() || c.columnName;
  return {
    columnName: c.columnName,
    columnComment: c.columnComment,
    columnType: c.columnType,
    propName: camel(c.columnName),
    tsType,
    labelZh: label,
    labelEn: words(c.columnName),
    isPk: c.isPk,
    isIncrement: c.isIncrement,
    isRequired: c.notNull && !c.hasDefault && !c.isPk,
    isInsert: !(c.isPk && c.isIncrement) && !audit,
    isEdit: !c.isPk && !audit,
    isList: !audit || name === 'create_time',
    isQuery: /(name|title|status|type)$/.test(name) && !audit,
    queryType,
    htmlType,
    dictType: '',
    maxLength: c.maxLength,
    sort,
  } as const;
}

/**
 * The names the templates write as code (identifiers, file names, URL segments, the dictionary
 * type), checked again before generating: a row saved before the contract checked them, or a
 * default taken from a database name that is no identifier, is refused naming the field.
 */
function checkNames(table: Pick<GenTable, 'area' | 'entityName' | 'businessName'>, columns: TemplateColumn[], sub: TemplateSub | undefined) {
  const refuse = (key: 'gen.identifierFormat', field: string) => badRequest(key, { field });
  if (!GEN_AREAS.includes(table.area)) throw badRequest('field.invalidValue', { field: 'area', options: GEN_AREAS.join(', ') });
  if (!GEN_IDENTIFIER.test(table.entityName)) throw refuse('gen.identifierFormat', 'entityName');
  if (!GEN_IDENTIFIER.test(table.businessName)) throw refuse('gen.identifierFormat', 'businessName');
  if (sub && !GEN_IDENTIFIER.test(sub.entityName)) throw refuse('gen.identifierFormat', 'subTableName');
  const all = [...columns.map((c) => ({ c, name: c.columnName })), ...(sub?.columns ?? []).map((c) => ({ c, name: `${sub?.tableName}.${c.columnName}` }))];
  for (const { c, name } of all) {
    if (!GEN_IDENTIFIER.test(c.propName)) throw badRequest('gen.columnIdentifierFormat', { field: 'propName', column: name });
    if (!GEN_DICT_TYPE.test(c.dictType)) throw badRequest('gen.columnDictTypeFormat', { field: 'dictType', column: name });
  }
}

/** The code generator (RuoYi GenController): import tables, edit their settings, preview and download the module. */
/** Where "generate to project" writes, and whether the server runs in production (then it never writes). */
export interface GenWriteTarget {
  projectRoot: string;
  production: boolean;
}

export function genService(db: Db, target: GenWriteTarget) {
  async function writeStatus(auth: AuthContext): Promise<GenWriteStatus> {
    if (target.production) return { enabled: false, reason: 'production' };
    if (!(await configFlag(db, GEN_WRITE_KEY, false))) return { enabled: false, reason: 'off' };
    if (!auth.isAdmin) return { enabled: false, reason: 'notAdmin' };
    return { enabled: true, reason: '' };
  }

  async function detail(tableId: number) {
    const table = await findGenTable(db, tableId);
    if (!table) throw notFound('gen.notImportedId', { id: tableId });
    return { table, columns: await genColumns(db, tableId) };
  }

  async function insertColumns(tx: Tx, tableId: number, columns: DbColumn[]) {
    if (columns.length === 0) return;
    await tx.insert(genTableColumn).values(columns.map((c, i) => ({ tableId, ...columnDefaults(c, i + 1) })));
  }

  /** Writes the imports of these tables with their columns (inside the caller's transaction). */
  async function importInto(tx: Tx, auth: AuthContext, found: { tableName: string; tableComment: string }[]) {
    for (const t of found) {
      const entityName = entityOf(t.tableName);
      const comment = t.tableComment.trim();
      const [row] = await tx
        .insert(genTable)
        .values({
          tableName: t.tableName,
          tableComment: comment,
          entityName,
          businessName: entityName,
          functionNameZh: (comment || t.tableName).slice(0, 50),
          functionNameEn: words(entityName).slice(0, 50),
          author: auth.userName,
          createBy: auth.userName,
        })
        .returning({ tableId: genTable.tableId });
      if (row) await insertColumns(tx, row.tableId, await dbColumns(tx, t.tableName));
    }
  }

  /** Re-reads a table's columns: settings of kept columns stay, new ones get defaults, dropped ones go. */
  async function synchronize(auth: AuthContext, tableId: number) {
    const { table, columns } = await detail(tableId);
    const live = await dbColumns(db, table.tableName);
    if (live.length === 0) throw badRequest('gen.tableMissing', { name: table.tableName });
    const liveNames = new Set(live.map((c) => c.columnName));
    const known = new Map(columns.map((c) => [c.columnName, c]));
    await db.transaction(async (tx) => {
      const gone = columns.filter((c) => !liveNames.has(c.columnName)).map((c) => c.columnId);
      if (gone.length) await tx.delete(genTableColumn).where(inArray(genTableColumn.columnId, gone));
      for (const [i, c] of live.entries()) {
        const kept = known.get(c.columnName);
        if (kept) {
          await tx
            .update(genTableColumn)
            .set({ columnType: c.columnType, columnComment: c.columnComment, isPk: c.isPk, isIncrement: c.isIncrement, maxLength: c.maxLength, sort: i + 1 })
            .where(eq(genTableColumn.columnId, kept.columnId));
        } else {
          await tx.insert(genTableColumn).values({ tableId, ...columnDefaults(c, i + 1) });
        }
      }
      const comment = (await dbTable(tx, table.tableName))?.tableComment ?? table.tableComment;
      await tx.update(genTable).set({ tableComment: comment, updateBy: auth.userName, updateTime: new Date() }).where(eq(genTable.tableId, tableId));
    });
  }

  /**
   * Writes the modules of the tables into the project tree (an administrator, the switch on, not
   * in production). Every path must stay inside the root; files that exist are refused unless
   * `overwrite`, and then nothing is written. Answers the paths written.
   */
  async function writeToProject(auth: AuthContext, tableIds: number[], overwrite: boolean): Promise<string[]> {
    const status = await writeStatus(auth);
    if (!status.enabled) throw forbidden(status.reason === 'notAdmin' ? 'gen.writeAdminOnly' : 'gen.writeOff');
    const root = await realpath(target.projectRoot);
    const out: { target: string; path: string; content: string }[] = [];
    for (const id of tableIds) {
      for (const f of (await files(id)).files) {
        const file = path.resolve(root, f.path);
        const rel = path.relative(root, file);
        if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw badRequest('gen.writeOutside', { path: f.path });
        out.push({ target: file, path: f.path, content: f.content });
      }
    }
    const existing = out.filter((f) => existsSync(f.target)).map((f) => f.path);
    if (existing.length > 0 && !overwrite) throw conflict('gen.writeExists', { paths: existing.join(', ') });
    for (const f of out) {
      await mkdir(path.dirname(f.target), { recursive: true });
      await writeFile(f.target, f.content);
    }
    return out.map((f) => f.path);
  }

  /** An imported table by id, or by table name (RuoYi's client names tables). */
  async function resolveRef(ref: string): Promise<number> {
    if (/^\d+$/.test(ref)) return Number(ref);
    const [row] = await db.select({ id: genTable.tableId }).from(genTable).where(eq(genTable.tableName, ref));
    if (!row) throw notFound('gen.notImported', { name: ref });
    return row.id;
  }

  /** The detail table of a master-detail module, its columns with the settings a new import would pick. */
  async function subTable(tableName: string, fkName: string): Promise<TemplateSub> {
    const live = tableName ? await dbColumns(db, tableName) : [];
    if (live.length === 0) throw badRequest('gen.subTableMissing', { name: tableName });
    if (!live.some((c) => c.columnName === fkName)) throw badRequest('gen.subFkMissing', { name: fkName });
    return {
      tableName,
      entityName: entityOf(tableName),
      columns: live.map((c, i) => ({ ...columnDefaults(c, i + 1), notNull: c.notNull, hasDefault: c.hasDefault, defaultExpr: c.defaultExpr })),
    };
  }

  /** The module's files from the saved settings and the table as the database has it now. */
  async function files(tableId: number): Promise<{ name: string; files: GenFile[] }> {
    const { table, columns } = await detail(tableId);
    const live = new Map((await dbColumns(db, table.tableName)).map((c) => [c.columnName, c]));
    const merged: TemplateColumn[] = columns.map((c) => ({
      ...c,
      notNull: live.get(c.columnName)?.notNull ?? c.isRequired,
      hasDefault: live.get(c.columnName)?.hasDefault ?? false,
      defaultExpr: live.get(c.columnName)?.defaultExpr ?? null,
    }));
    const names = new Set(columns.map((c) => c.columnName));
    if (table.tplCategory === 'tree') {
      if (!names.has(table.treeParentColumn)) throw badRequest('gen.treeParentMissing');
      if (!names.has(table.treeNameColumn)) throw badRequest('gen.treeNameMissing');
    }
    const sub = table.tplCategory === 'sub' ? await subTable(table.subTableName, table.subTableFkName) : undefined;
    checkNames(table, merged, sub);
    const out = generateModule(table, merged, sub);
    return { name: table.entityName, files: out };
  }

  return {
    list: (q: GenQuery) => listGenTables(db, q),
    dbList: async (q: DbTableQuery) => listDbTables(db, q, await schemaTableHistory()),
    /** The table for its edit page, also in RuoYi's names, with every imported table (GenTableDetail). */
    async get(tableId: number) {
      const [{ table, columns }, tables] = await Promise.all([detail(tableId), allGenTablesWithColumns(db)]);
      return { table, columns, info: table, rows: columns, tables };
    },

    /** Imports tables with their columns; a name that is no table, or is imported already, is refused and nothing is written. */
    async importTables(auth: AuthContext, names: string[]) {
      if (names.length === 0) throw badRequest('gen.noTables');
      const found: { tableName: string; tableComment: string }[] = [];
      for (const name of names) {
        const t = await dbTable(db, name);
        if (!t) throw badRequest('gen.tableMissing', { name });
        const [already] = await db.select({ id: genTable.tableId }).from(genTable).where(eq(genTable.tableName, name));
        if (already) throw badRequest('gen.tableImported', { name });
        found.push(t);
      }
      await db.transaction((tx) => importInto(tx, auth, found));
    },

    /**
     * RuoYi's createTable (administrators only): creates the tables the statements describe, as
     * written again by the parser (see gen.create-table.ts), and imports them, all or nothing.
     * Answers the names of the tables created.
     */
    async createTables(auth: AuthContext, text: string): Promise<string[]> {
      if (!auth.isAdmin) throw forbidden('gen.createAdminOnly');
      const tables = parseCreateTables(text);
      for (const t of tables) if (await dbTable(db, t.name)) throw badRequest('gen.tableExists', { field: 'sql', name: t.name });
      await db.transaction(async (tx) => {
        for (const t of tables) {
          for (const statement of ddlOf(t)) {
            // What the grammar lets through the database may still refuse (two primary keys, identity on text).
            await tx.execute(sql.raw(statement)).catch((err: unknown) => {
              throw refusedDdl(err, t.name);
            });
          }
        }
        // PostgreSQL records no creation time: db/list shows this one, also once the import is deleted.
        await tx
          .insert(genCreatedTable)
          .values(tables.map((t) => ({ tableName: t.name, createBy: auth.userName })))
          .onConflictDoUpdate({ target: genCreatedTable.tableName, set: { createBy: sql`excluded.create_by`, createTime: sql`now()` } });
        const found = [];
        for (const t of tables) {
          const created = await dbTable(tx, t.name);
          if (created) found.push(created);
        }
        await importInto(tx, auth, found);
      });
      return tables.map((t) => t.name);
    },

    async update(auth: AuthContext, body: GenTableUpdate) {
      const { table, columns } = await detail(body.tableId);
      const own = new Set(columns.map((c) => c.columnId));
      const stray = body.columns.find((c) => !own.has(c.columnId));
      if (stray) throw badRequest('gen.columnNotOfTable', { id: stray.columnId, table: table.tableName });
      const names = new Set(columns.map((c) => c.columnName));
      if (body.tplCategory === 'tree' && !names.has(body.treeParentColumn)) throw badRequest('gen.treeParentMissing');
      if (body.tplCategory === 'tree' && !names.has(body.treeNameColumn)) throw badRequest('gen.treeNameMissing');
      if (body.tplCategory === 'sub') {
        if (!body.subTableName || !(await dbTable(db, body.subTableName))) throw badRequest('gen.subTableMissing', { name: body.subTableName });
        const subColumns = await dbColumns(db, body.subTableName);
        if (!subColumns.some((c) => c.columnName === body.subTableFkName)) throw badRequest('gen.subFkMissing', { name: body.subTableFkName });
      }
      const props = body.columns.map((c) => c.propName);
      const twice = props.find((p, i) => props.indexOf(p) !== i);
      if (twice) throw badRequest('gen.propNameTwice', { name: twice });
      const { tableId, columns: cols, ...fields } = body;
      await db.transaction(async (tx) => {
        await tx
          .update(genTable)
          .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
          .where(eq(genTable.tableId, tableId));
        for (const { columnId, ...c } of cols) await tx.update(genTableColumn).set(c).where(eq(genTableColumn.columnId, columnId));
      });
    },

    async remove(tableIds: number[]) {
      await db.delete(genTable).where(inArray(genTable.tableId, tableIds));
    },

    synchronize,

    /** synchDb by id (this web app) or by table name (RuoYi's client). */
    synchronizeRef: async (auth: AuthContext, ref: string) => synchronize(auth, await resolveRef(ref)),

    preview: async (tableId: number) => (await files(tableId)).files,

    writeStatus,

    writeToProject,

    /** RuoYi's genCode/{tableName}: "generate to the project path", under the same rules as writeToProject. */
    async writeTableToProject(auth: AuthContext, tableName: string, overwrite: boolean) {
      const status = await writeStatus(auth);
      if (!status.enabled) throw forbidden(status.reason === 'notAdmin' ? 'gen.writeAdminOnly' : 'gen.writeOff');
      return writeToProject(auth, [await resolveRef(tableName)], overwrite);
    },

    /** Ids of imported tables named so (RuoYi's batchGenCode?tables=); a name not imported is refused. */
    async idsOfNames(names: string[]) {
      const ids: number[] = [];
      for (const name of names) ids.push(await resolveRef(name));
      return ids;
    },

    /** A zip of the modules of the tables, each file at its path in the project. */
    async zip(tableIds: number[]): Promise<Buffer> {
      const zip = new yazl.ZipFile();
      for (const id of tableIds) for (const f of (await files(id)).files) zip.addBuffer(Buffer.from(f.content, 'utf8'), f.path);
      zip.end();
      return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
        zip.outputStream.on('error', reject);
        zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    },
  };
}
