import type { MatrixRow } from '@ccms/contracts/compliance/compliance-report';
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import ExcelJS from 'exceljs';
import type { ExcelColumn } from '../../../platform/http/excel';

/** One row per clause and link (a clause without links is one row). */
export interface ReportExcelRow {
  number: string;
  title: string;
  verdict: string;
  justification: string;
  targetType: string;
  target: string;
  path: string;
  means: string;
  status: string;
  approvedCommit: string;
  approvedBy: string;
  flagged: string;
}

export const reportColumns: ExcelColumn<ReportExcelRow>[] = [
  { key: 'number', header: 'report.excel.number', width: 18 },
  { key: 'title', header: 'report.excel.title', width: 36 },
  { key: 'verdict', header: 'report.excel.verdict', width: 14 },
  { key: 'justification', header: 'report.excel.justification', width: 30 },
  { key: 'targetType', header: 'report.excel.targetType', width: 12 },
  { key: 'target', header: 'report.excel.target', width: 36 },
  { key: 'path', header: 'report.excel.path', width: 36 },
  { key: 'means', header: 'report.excel.means', width: 10 },
  { key: 'status', header: 'report.excel.status', width: 12 },
  { key: 'approvedCommit', header: 'report.excel.approvedCommit', width: 14 },
  { key: 'approvedBy', header: 'report.excel.approvedBy', width: 14 },
  { key: 'flagged', header: 'report.excel.flagged', width: 10 },
];

export function excelRows(rows: MatrixRow[], lang: Language): ReportExcelRow[] {
  const out: ReportExcelRow[] = [];
  for (const r of rows) {
    const base = { number: r.number, title: r.title, verdict: translate(lang, `report.verdict.${r.verdict}`), justification: r.justification };
    if (r.links.length === 0)
      out.push({ ...base, targetType: '', target: '', path: '', means: '', status: '', approvedCommit: '', approvedBy: '', flagged: '' });
    for (const l of r.links)
      out.push({
        ...base,
        targetType: translate(lang, `report.target.${l.targetType}`),
        target: l.targetTitle,
        path: l.elementId ? `${l.path}#${l.elementId}` : l.path,
        means: l.means,
        status: l.status,
        approvedCommit: l.approvedCommit.slice(0, 12),
        approvedBy: l.approvedBy,
        flagged: l.flagged ? translate(lang, 'excel.yes') : '',
      });
  }
  return out;
}

/** The matrix as a workbook with a frozen, filterable heading row (streamed rows: large reports stay fast). */
export async function matrixXlsx(rows: MatrixRow[], lang: Language): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(translate(lang, 'report.excel.sheet').slice(0, 31));
  sheet.columns = reportColumns.map((c) => ({ header: translate(lang, c.header), key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const data = excelRows(rows, lang);
  sheet.addRows(data.map((r) => reportColumns.map((c) => r[c.key])));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, data.length + 1), column: reportColumns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
