import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm, tsString as q, templateText } from '../gen.literal';
import type { TemplateColumn, TemplateContext } from './context';

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

/** The drizzle table (and the detail table of the master-detail template). */
export function tableFile(ctx: TemplateContext): GenFile {
  const { table, columns, k, tableVar, sub, fnEn, fn } = ctx;
  const cols = columns.map(drizzleColumn);
  const subCols = sub ? sub.columns.map(drizzleColumn) : [];
  const imports = [...new Set(['pgTable', ...cols.flatMap((c) => c.imports), ...subCols.flatMap((c) => c.imports)])].sort();
  return {
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
  };
}

/** The queries as `(db, params)` functions: the list with its filters, one row, the delete. */
export function queriesFile(ctx: TemplateContext): GenFile {
  const { E, k, area, tableVar, pk, tree, sub, queried, sortable, fn } = ctx;
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
  return { path: `apps/server/src/modules/${area}/${k}/${k}.queries.ts`, language: 'ts', content: queriesText };
}
