import type { ExcelColumn } from '../../../platform/http/excel';

/** One clause as the import template and import read it. */
export interface ClauseExcelRow {
  number: string;
  title: string;
  text: string;
  parentNumber: string;
}

export const clauseColumns: ExcelColumn<ClauseExcelRow>[] = [
  { key: 'number', header: 'clause.excel.number', width: 20 },
  { key: 'title', header: 'clause.excel.title', width: 40 },
  { key: 'text', header: 'clause.excel.text', width: 80 },
  { key: 'parentNumber', header: 'clause.excel.parentNumber', width: 20 },
];
