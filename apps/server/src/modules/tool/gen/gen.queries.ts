import type { DbTableQuery, GenQuery } from '@ccms/contracts/tool/gen';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { TableHistory } from '../../../db/migration-history';
import { genTable, genTableColumn } from '../../../db/schema';
import { containing, contains, withinRange } from '../../../platform/db/filters';
import { orderBy, pageWindow, sortOf } from '../../../platform/http/paging';

async function rawRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const sortable = { tableName: genTable.tableName, createTime: genTable.createTime, updateTime: genTable.updateTime };

export async function listGenTables(db: Db, q: GenQuery) {
  const where = and(contains(genTable.tableName, q.tableName), contains(genTable.tableComment, q.tableComment), withinRange(genTable.createTime, q));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(genTable)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(genTable.tableId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(genTable).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findGenTable(db: Db | Tx, tableId: number) {
  const [row] = await db.select().from(genTable).where(eq(genTable.tableId, tableId));
  return row;
}

export const genColumns = (db: Db | Tx, tableId: number) =>
  db.select().from(genTableColumn).where(eq(genTableColumn.tableId, tableId)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));

/** What db/list may sort by (RuoYi's orderByColumn); unknown times sort last either way. */
const dbSortable = { tableName: sql`"tableName"`, createTime: sql`"createTime"`, updateTime: sql`"updateTime"` };

/**
 * Tables of the app's schema not imported yet, with their comments and times. The generator's own
 * tables are left out, as RuoYi leaves out its gen_ and qrtz_ tables. PostgreSQL keeps no times of
 * tables: a table createTable made has the time it recorded; one the migrations made has their
 * times (`history`, see db/migration-history.ts); one made by hand has none.
 */
export async function listDbTables(db: Db, q: DbTableQuery, history: ReadonlyMap<string, TableHistory>) {
  const { limit, offset } = pageWindow(q);
  const sort = sortOf(q, dbSortable);
  const order = sort ? sql`${sort.column} ${sort.descending ? sql`DESC` : sql`ASC`} NULLS LAST, "tableName"` : sql`"tableName"`;
  const migrated = JSON.stringify([...history].map(([name, t]) => ({ name, create_time: t.createTime, update_time: t.updateTime })));
  const where = sql`n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE 'gen\\_%'
    AND NOT EXISTS (SELECT 1 FROM gen_table g WHERE g.table_name = c.relname)
    ${q.tableName ? sql`AND c.relname LIKE ${containing(q.tableName)}` : sql``}
    ${q.tableComment ? sql`AND coalesce(obj_description(c.oid, 'pg_class'), '') LIKE ${containing(q.tableComment)}` : sql``}`;
  const rows = await rawRows<{ tableName: string; tableComment: string; columns: number; createTime: Date | null; updateTime: Date | null }>(
    db,
    sql`SELECT * FROM (
          SELECT c.relname AS "tableName", coalesce(obj_description(c.oid, 'pg_class'), '') AS "tableComment",
            (SELECT count(*)::int FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
            coalesce(r.create_time, m.create_time) AS "createTime",
            CASE WHEN m.update_time > coalesce(r.create_time, m.create_time) THEN m.update_time END AS "updateTime"
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          LEFT JOIN gen_created_table r ON r.table_name = c.relname
          LEFT JOIN jsonb_to_recordset(${migrated}::jsonb) AS m(name text, create_time timestamptz, update_time timestamptz) ON m.name = c.relname
          WHERE ${where}
        ) t
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  const [total] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${where}`);
  return { rows, total: total?.n ?? 0 };
}

/** A table of the app's schema, by name, with its comment; undefined when there is none. */
export async function dbTable(db: Db | Tx, tableName: string) {
  const [row] = await rawRows<{ tableName: string; tableComment: string }>(
    db,
    sql`SELECT c.relname AS "tableName", coalesce(obj_description(c.oid, 'pg_class'), '') AS "tableComment"
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ${tableName}`,
  );
  return row;
}

export interface DbColumn {
  columnName: string;
  columnComment: string;
  columnType: string;
  notNull: boolean;
  hasDefault: boolean;
  /** The default's SQL expression (e.g. now(), '0'::character varying); null when there is none. */
  defaultExpr: string | null;
  isPk: boolean;
  isIncrement: boolean;
  maxLength: number | null;
  position: number;
}

/** The columns of a table in their order: type, comment, primary key, identity or serial, length limit. */
export async function dbColumns(db: Db | Tx, tableName: string): Promise<DbColumn[]> {
  return rawRows<DbColumn>(
    db,
    sql`SELECT a.attname AS "columnName", coalesce(col_description(c.oid, a.attnum), '') AS "columnComment",
          format_type(a.atttypid, a.atttypmod) AS "columnType", a.attnotnull AS "notNull",
          (a.atthasdef OR a.attidentity <> '') AS "hasDefault",
          (SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d WHERE d.adrelid = c.oid AND d.adnum = a.attnum) AS "defaultExpr",
          EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS "isPk",
          (a.attidentity <> '' OR coalesce(pg_get_serial_sequence(quote_ident(c.relname), a.attname), '') <> '') AS "isIncrement",
          CASE WHEN a.atttypid IN (1043, 1042) AND a.atttypmod > 4 THEN a.atttypmod - 4 ELSE NULL END AS "maxLength",
          a.attnum::int AS position
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relname = ${tableName} ORDER BY a.attnum`,
  );
}

/** Every imported table with its columns, by name (RuoYi's edit page offers them as detail tables). */
export async function allGenTablesWithColumns(db: Db) {
  const [tables, columns] = await Promise.all([
    db.select().from(genTable).orderBy(asc(genTable.tableName)),
    db.select().from(genTableColumn).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId)),
  ]);
  const byTable = new Map<number, (typeof columns)[number][]>();
  for (const c of columns) {
    const list = byTable.get(c.tableId);
    if (list) list.push(c);
    else byTable.set(c.tableId, [c]);
  }
  return tables.map((t) => ({ ...t, columns: byTable.get(t.tableId) ?? [] }));
}
