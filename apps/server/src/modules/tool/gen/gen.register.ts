import type { GenTable } from '@ccms/contracts/tool/gen';
import { tsString } from './gen.literal';
import { kebab } from './gen.naming';

/** An additive edit of a shared file that registers a generated module (docs/generated/<entity>.md lists them for people). */
export interface Registration {
  path: string;
  apply: (text: string) => string;
}

/** Inserts `add` after the first `anchor`; a file already holding `add` stays as it is. */
function insertAfter(path: string, anchor: string, add: string) {
  return (text: string) => {
    if (text.includes(add)) return text;
    const at = text.indexOf(anchor);
    if (at < 0) throw new Error(`${path}: no "${anchor.trim()}" to register the module after`);
    return text.slice(0, at + anchor.length) + add + text.slice(at + anchor.length);
  };
}

const prepend = (add: string) => (text: string) => (text.includes(add) ? text : add + text);

/**
 * The edits that make a generated module part of the server: its table in the schema index, its
 * messages in the catalogue, its OpenAPI tag, its routes in the area. The migration for a new
 * table comes after them (`npm run db:generate`); the menu seed and the web router stay manual.
 */
export function registrations(table: Pick<GenTable, 'area' | 'entityName' | 'functionNameEn'>): Registration[] {
  const e = table.entityName;
  const k = kebab(e);
  const area = table.area;
  const schema = 'apps/server/src/db/schema/index.ts';
  const messages = 'packages/contracts/src/messages/index.ts';
  const openapi = 'apps/server/src/platform/http/openapi.ts';
  const areaFile = `apps/server/src/modules/${area}/${area}.area.ts`;
  const anchorOf = (path: string, anchor: string, add: string) => insertAfter(path, anchor, add);
  return [
    { path: schema, apply: (text) => (text.includes(`'./${k}'`) ? text : `${text}export * from './${k}';\n`) },
    {
      path: messages,
      apply: (text) =>
        [
          prepend(`import { ${e}Messages } from './${k}';\n`),
          anchorOf(messages, 'export const messageAreas = {\n', `  ${e}Messages,\n`),
          anchorOf(messages, '  zh: {\n', `    ...${e}Messages.zh,\n`),
          anchorOf(messages, '  en: {\n', `    ...${e}Messages.en,\n`),
        ].reduce((t, f) => f(t), text),
    },
    { path: openapi, apply: anchorOf(openapi, 'export const API_TAGS = {\n', `  '${area}/${k}': ${tsString(table.functionNameEn)},\n`) },
    {
      path: areaFile,
      apply: (text) =>
        [prepend(`import { ${e}Routes } from './${k}/${k}.routes';\n`), anchorOf(areaFile, 'const routes: FastifyPluginAsync[] = [', `${e}Routes, `)].reduce(
          (t, f) => f(t),
          text,
        ),
    },
  ];
}

/**
 * The edits that make a generated module part of the web app (docs/generated/<entity>.md, steps 6
 * and 7): its namespace in the typed i18n resources (the zh/en files themselves are found by the
 * loader's glob) and its page in the router's PAGES map under the menu's component name.
 */
export function webRegistrations(table: Pick<GenTable, 'area' | 'entityName'>): Registration[] {
  const e = table.entityName;
  const k = kebab(e);
  const area = table.area;
  const types = 'apps/web/src/i18n/types.ts';
  const pages = 'apps/web/src/app/router/pages.tsx';
  return [
    {
      path: types,
      apply: (text) =>
        [prepend(`import type ${e} from './zh/${e}';\n`), insertAfter(types, 'export interface Resources {\n', `  ${e}: typeof ${e};\n`)].reduce(
          (t, f) => f(t),
          text,
        ),
    },
    {
      path: pages,
      apply: insertAfter(
        pages,
        'export const PAGES: Readonly<Record<string, Load>> = {\n',
        `  '${area}/${k}/index': page(() => import('../../features/${area}/${k}/pages/index')),\n`,
      ),
    },
  ];
}
