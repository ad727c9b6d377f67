import type { Language } from '@ccms/contracts/constants';
import { type MessageKey, translate } from '@ccms/contracts/messages';
import ExcelJS from 'exceljs';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** One user as a spreadsheet row (export, import, template). */
export interface UserSheetRow {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: string;
  status: string;
  loginIp: string;
  loginDate: Date | null;
  deptName: string;
  leader: string;
}

type Key = keyof UserSheetRow & string;

const heading = (key: Key): MessageKey => `user.excel.${key}`;

/** Dictionary labels (sys_user_sex, sys_normal_disable) in the messages: `<prefix>.<code>`. */
const SEX = { prefix: 'user.excel.sex', codes: ['0', '1', '2'] } as const;
const STATUS = { prefix: 'excel.normalDisable', codes: ['0', '1'] } as const;

/** A label in either language, or the code itself, back to the code; unknown text stays as given so validation names it. */
function codeOf(table: { prefix: string; codes: readonly string[] }, text: string): string {
  for (const code of table.codes) {
    const key = `${table.prefix}.${code}`;
    if (text === code || text === translate('zh', key) || text.toLowerCase() === translate('en', key).toLowerCase()) return code;
  }
  return text;
}

export const sexCode = (text: string) => codeOf(SEX, text);
export const statusCode = (text: string) => codeOf(STATUS, text);

/** Sex and status show as their labels in the caller's language. */
const formatOf = (key: Key, lang: Language) => (key === 'sex' ? labelOf(lang, SEX.prefix) : key === 'status' ? labelOf(lang, STATUS.prefix) : undefined);

/** The columns a person fills in to import users (RuoYi's template). */
export const IMPORT_KEYS = ['deptId', 'userName', 'nickName', 'email', 'phonenumber', 'sex', 'status'] as const satisfies readonly Key[];
export type ImportKey = (typeof IMPORT_KEYS)[number];

export function importColumns(lang: Language): ExcelColumn<UserSheetRow>[] {
  return IMPORT_KEYS.map((key) => ({
    key,
    header: heading(key),
    format: formatOf(key, lang),
  }));
}

export function exportColumns(lang: Language): ExcelColumn<UserSheetRow>[] {
  const keys: Key[] = ['userId', 'deptId', 'userName', 'nickName', 'email', 'phonenumber', 'sex', 'status', 'loginIp', 'loginDate', 'deptName', 'leader'];
  return keys.map((key) => ({
    key,
    header: heading(key),
    width: key === 'loginDate' ? 22 : undefined,
    format: formatOf(key, lang),
  }));
}

/** The heading of an import column in the caller's language, to name a field in a row message. */
export const headingOf = (key: string, lang: Language) => translate(lang, `user.excel.${key}`);

/**
 * The data rows of the first sheet with their spreadsheet row numbers (the heading is row 1),
 * keyed by column; headings match in either language or as the key. Blank rows are skipped.
 * Throws when the buffer is not a workbook.
 */
export async function readImportRows(buffer: Buffer): Promise<{ row: number; values: Partial<Record<ImportKey, string>> }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const byHeading = new Map<string, ImportKey>();
  for (const key of IMPORT_KEYS) {
    byHeading.set(translate('zh', heading(key)), key);
    byHeading.set(translate('en', heading(key)).toLowerCase(), key);
    byHeading.set(key.toLowerCase(), key);
  }
  const keys: (ImportKey | undefined)[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    const text = String(cell.text).trim();
    keys[col] = byHeading.get(text) ?? byHeading.get(text.toLowerCase());
  });
  const out: { row: number; values: Partial<Record<ImportKey, string>> }[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const values: Partial<Record<ImportKey, string>> = {};
    row.eachCell((cell, col) => {
      const key = keys[col];
      const text = String(cell.text).trim();
      if (key && text !== '') values[key] = text;
    });
    if (Object.keys(values).length > 0) out.push({ row: index, values });
  });
  return out;
}
