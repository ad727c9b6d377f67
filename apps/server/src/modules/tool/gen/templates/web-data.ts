import type { GenFile } from '@ccms/contracts/tool/gen';
import { commentText as cm } from '../gen.literal';
import type { TemplateContext } from './context';

/** The web's API calls (and, for a tree, the rows as nodes and options). */
export function webApiFile(ctx: TemplateContext): GenFile {
  const { e, E, k, area, pk, tree, fnEn } = ctx;
  return {
    path: `apps/web/src/features/${area}/${k}/${k}-api.ts`,
    language: 'ts',
    content: `import { ${tree ? `type ${E}, ` : ''}${E}Api, type ${E}Body, type ${E}Query, type ${E}Update } from '@ccms/contracts/${area}/${k}';
import type { z } from 'zod';
import { api } from '../../../api/client';
${tree ? "import { buildTree, type TreeOption } from '../../../shared/tree/tree';\n" : ''}
export type ${E}ListParams = z.input<typeof ${E}Query>;
export type ${E}Save = ${E}Body | ${E}Update;
${tree ? `export type ${E}Node = ${E} & { children?: ${E}Node[] };\n` : ''}
/** ${cm(fnEn)} (server: modules/${area}/${k}). Screens use \`${k}-queries.ts\`. */
export const ${e}Api = {
  list: (params: ${E}ListParams) => ${tree ? `api.one(${E}Api.list, { query: params })` : `api.list(${E}Api.list, { query: params })`},
  get: (id: number) => api.one(${E}Api.get, { path: { id } }),
  /** Adds when the body has no \`${pk.propName}\`, else updates. */
  save: (body: ${E}Save) => ('${pk.propName}' in body ? api.call(${E}Api.edit, { body }) : api.call(${E}Api.add, { body })),
  remove: (ids: readonly number[]) => api.call(${E}Api.remove, { path: { ids } }),
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
  };
}

/** The key factory, queries and mutations the screens use. */
export function webQueriesFile(ctx: TemplateContext): GenFile {
  const { e, E, k, area, tree, fn } = ctx;
  return {
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
  };
}
