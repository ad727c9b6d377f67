import type { GenColumn, GenTable } from '@ccms/contracts/tool/gen';
import { commentText as cm } from '../gen.literal';
import { kebab, pascal } from '../gen.naming';

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

export const AUDIT = new Set(['createBy', 'createTime', 'updateBy', 'updateTime']);

/** What every template of a module reads: the table's names, paths and column sets, worked out once. */
export function templateContext(table: TemplateTable, columns: TemplateColumn[], subTable?: TemplateSub) {
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
  return {
    table,
    columns,
    e,
    E,
    k,
    area,
    biz,
    permPrefix,
    base,
    tag,
    tableVar,
    pk,
    writable,
    tree,
    sub,
    listed,
    queried,
    sortable,
    hasAudit,
    fnEn,
    fn,
    author,
    /** A detail column's text key (prefixed by the detail entity, beside the master's). */
    subLabel: (c: TemplateColumn) => (sub ? `${sub.s}${pascal(c.propName)}` : c.propName),
  };
}

export type TemplateContext = ReturnType<typeof templateContext>;

/** A dictionary type as a variable name: "sys_user_sex" → "sysUserSexOptions". */
export function camelDict(type: string) {
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
