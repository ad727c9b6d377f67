import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm, tsString as q } from '../gen.literal';
import type { TemplateContext } from './context';

/** The screen texts in one language: the dialog, the list, the column labels, the tree and detail rows. */
function texts(ctx: TemplateContext, lang: 'zh' | 'en'): Record<string, string> {
  const { table, columns, tree, sub, subLabel } = ctx;
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
}

/** Messages as the lines of an object literal. */
const body = (o: Record<string, string>) =>
  Object.entries(o)
    .map(([key, v]) => `  ${key}: ${q(v)},`)
    .join('\n');

/** The Chinese texts, the namespace named after the entity. */
export function zhTextsFile(ctx: TemplateContext): GenFile {
  const { table, e, k, area } = ctx;
  return {
    path: `apps/web/src/i18n/zh/${e}.ts`,
    language: 'ts',
    content: `/** ${cm(table.functionNameZh)} (${area}/${k}). */\nexport default {\n${body(texts(ctx, 'zh'))}\n};\n`,
  };
}

/** The English texts, typed by the Chinese ones. */
export function enTextsFile(ctx: TemplateContext): GenFile {
  const { e } = ctx;
  return {
    path: `apps/web/src/i18n/en/${e}.ts`,
    language: 'ts',
    content: `import type { Messages } from '../types';\nimport type zh from '../zh/${e}';\n\nconst ${e}: Messages<typeof zh> = {\n${body(texts(ctx, 'en'))}\n};\n\nexport default ${e};\n`,
  };
}
