import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm, tsString as q } from '../gen.literal';
import type { TemplateColumn, TemplateContext } from './context';

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

/** The contract: the row the API answers, the list query, the bodies, the permission strings and the endpoint descriptors. */
export function contractFile(ctx: TemplateContext): GenFile {
  const { table, columns, E, k, area, permPrefix, pk, writable, tree, sub, queried, fnEn, fn, author, base, tag } = ctx;
  const filterLines = queried.flatMap((c) =>
    c.queryType === 'between'
      ? [`  ${c.propName}Begin: z.string().max(30).optional(),`, `  ${c.propName}End: z.string().max(30).optional(),`]
      : [
          `  ${c.propName}: ${c.tsType === 'number' ? 'z.coerce.number().int()' : c.tsType === 'boolean' ? "z.enum(['true', 'false'])" : 'z.string().max(200)'}.optional(),`,
        ],
  );
  return {
    path: `packages/contracts/src/${area}/${k}.ts`,
    language: 'ts',
    content: `import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf${tree ? '' : ', PageQuery, rowsOf'} } from '../http';

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

const tag = '${tag}';

/** The ${cm(fn)} API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ${E}Api = {
  list: endpoint({
    method: 'GET',
    url: '${base}/list',
    access: { permission: ${E}Perm.list },
    summary: ${q(tree ? `List the whole ${fn} tree` : `List ${fn} by page`)},
    tag,
    query: ${E}Query,
    response: ${tree ? `okOf(z.array(${E}))` : `rowsOf(${E})`},
  }),
  get: endpoint({
    method: 'GET',
    url: '${base}/:id',
    access: { permission: ${E}Perm.query },
    summary: ${q(`Get one ${fn}${sub ? ' with its detail rows' : ''}`)},
    tag,
    params: IdParam,
    response: okOf(${sub ? `${E}Detail` : E}),
  }),
  add: endpoint({
    method: 'POST',
    url: '${base}',
    access: { permission: ${E}Perm.add },
    summary: ${q(`Create a ${fn}`)},
    tag,
    body: ${E}Body,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '${base}',
    access: { permission: ${E}Perm.edit },
    summary: ${q(`Update a ${fn}`)},
    tag,
    body: ${E}Update,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '${base}/:ids',
    access: { permission: ${E}Perm.remove },
    summary: ${q(`Delete ${fn}`)},
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
`,
  };
}

/** The module's error messages in both languages. */
export function messagesFile(ctx: TemplateContext): GenFile {
  const { table, e, k, tree, fnEn, fn } = ctx;
  return {
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
  };
}
