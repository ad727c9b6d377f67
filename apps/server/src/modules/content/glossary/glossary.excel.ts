import type { GlossaryEntry } from '@ccms/contracts/content/glossary';
import type { ExcelColumn } from '../../../platform/http/excel';

// Abbreviations and terms as spreadsheet rows (export and import).

export type ExportRow = Pick<GlossaryEntry, 'name' | 'definition' | 'id'>;

export const glossaryColumns: ExcelColumn<ExportRow>[] = [
  { key: 'name', header: 'glossary.excel.name', width: 30 },
  { key: 'definition', header: 'glossary.excel.definition', width: 60 },
  { key: 'id', header: 'glossary.excel.id', width: 30 },
];
