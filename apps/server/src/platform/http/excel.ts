import type { Language } from '@ccms/contracts/constants';
import { isMessageKey, type MessageKey, translate } from '@ccms/contracts/messages';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Exports stop here: a workbook far past this is no use to anyone and would hold the process. */
export const EXPORT_MAX_ROWS = 100_000;

/**
 * One spreadsheet column: the row field, its heading as a message key (`<entity>.excel.<field>`,
 * zh and en in the contracts' messages), and how to show a value.
 */
export interface ExcelColumn<T> {
  key: keyof T & string;
  header: MessageKey;
  width?: number;
  format?: (value: T[keyof T], row: T) => string | number | Date | null;
}

/**
 * A column `format` that shows a code as its label from the messages (`<prefix>.<code>`, e.g.
 * `task.excel.status` + `new`); a code without a label shows as it is.
 */
export const labelOf =
  (lang: Language, prefix: string) =>
  (value: unknown): string => {
    const key = `${prefix}.${String(value)}`;
    return isMessageKey(key) ? translate(lang, key) : String(value ?? '');
  };

/** Rows to an .xlsx workbook with a bold, frozen heading row in the caller's language. */
export async function toXlsx<T>(sheetName: string, columns: ExcelColumn<T>[], rows: T[], lang: Language): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: translate(lang, c.header), key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.format ? c.format(row[c.key], row) : (row[c.key] as unknown)])));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Largest workbook an import reads: a sheet is parsed in memory, so it is held small. */
export const XLSX_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Reads the first sheet of an .xlsx into records keyed by column key; headings are matched in
 * either language. Throws when the file is not a readable workbook.
 */
export async function readXlsx<T>(buffer: Buffer, columns: ExcelColumn<T>[]): Promise<Partial<Record<keyof T & string, string>>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const keyByHeading = new Map<string, keyof T & string>();
  for (const c of columns) {
    keyByHeading.set(translate('zh', c.header).trim(), c.key);
    keyByHeading.set(translate('en', c.header).trim(), c.key);
    keyByHeading.set(c.key, c.key);
  }
  const keys: ((keyof T & string) | undefined)[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    keys[col] = keyByHeading.get(String(cell.text).trim());
  });
  const out: Partial<Record<keyof T & string, string>>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const record: Partial<Record<keyof T & string, string>> = {};
    row.eachCell((cell, col) => {
      const key = keys[col];
      if (key) record[key] = String(cell.text).trim();
    });
    if (Object.keys(record).length > 0) out.push(record);
  });
  return out;
}

/** Sends a workbook as a download; the web saves it under `fileName`. */
export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('download-filename', encodeURIComponent(fileName))
    .send(buffer);
}
