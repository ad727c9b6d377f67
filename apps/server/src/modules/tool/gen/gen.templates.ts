import type { GenFile } from '@ccms/contracts/tool/gen';
import { checklistFile } from './templates/checklist';
import { type TemplateColumn, type TemplateSub, type TemplateTable, templateContext } from './templates/context';
import { contractFile, messagesFile } from './templates/contracts';
import { routesFile, serviceFile } from './templates/server';
import { apiTestFile } from './templates/server-test';
import { queriesFile, tableFile } from './templates/sql';
import { enTextsFile, zhTextsFile } from './templates/texts';
import { webApiFile, webQueriesFile } from './templates/web-data';
import { formDialogFile } from './templates/web-form';
import { pageFile } from './templates/web-page';

export type { TemplateColumn, TemplateSub } from './templates/context';

/** Every file of a generated module, in the shapes of docs/adding-an-entity.md (one template per file, in this order). */
export function generateModule(table: TemplateTable, columns: TemplateColumn[], subTable?: TemplateSub): GenFile[] {
  const ctx = templateContext(table, columns, subTable);
  return [
    contractFile(ctx),
    messagesFile(ctx),
    tableFile(ctx),
    queriesFile(ctx),
    serviceFile(ctx),
    routesFile(ctx),
    apiTestFile(ctx),
    webApiFile(ctx),
    webQueriesFile(ctx),
    formDialogFile(ctx),
    pageFile(ctx),
    zhTextsFile(ctx),
    enTextsFile(ctx),
    checklistFile(ctx),
  ];
}
