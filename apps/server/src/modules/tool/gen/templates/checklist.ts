import type { GenFile } from '@ccms/contracts/tool/gen';
import { markdownCode, markdownText as mdText, tsString as q } from '../gen.literal';
import type { TemplateContext } from './context';

/** The registrations in shared files the module needs, as one checklist (docs/generated). */
export function checklistFile(ctx: TemplateContext): GenFile {
  const { table, e, E, k, area, biz, tag, fnEn, fn } = ctx;
  return {
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
  };
}
