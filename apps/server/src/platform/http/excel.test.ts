import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExcelColumn, readXlsx, toXlsx } from './excel';

interface Row {
  productName: string;
  displayName: string;
}

const columns: ExcelColumn<Row>[] = [
  { key: 'productName', header: 'product.excel.productName' },
  { key: 'displayName', header: 'product.excel.displayName' },
];

async function headings(buffer: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const out: string[] = [];
  book.worksheets[0]?.getRow(1).eachCell((cell) => {
    out.push(String(cell.text));
  });
  return out;
}

describe('spreadsheet headings come from the contracts messages', () => {
  it('writes the heading row in the caller language', async () => {
    const rows = [{ productName: 'A320', displayName: 'Airbus A320' }];
    expect(await headings(await toXlsx('p', columns, rows, 'zh'))).toEqual(['产品名称', '显示名称']);
    expect(await headings(await toXlsx('p', columns, rows, 'en'))).toEqual(['Product name', 'Display name']);
  });

  it('reads a workbook headed in either language back by column key', async () => {
    const rows = [{ productName: 'B777', displayName: 'Boeing 777' }];
    for (const lang of ['zh', 'en'] as const) {
      expect(await readXlsx(await toXlsx('p', columns, rows, lang), columns)).toEqual([{ productName: 'B777', displayName: 'Boeing 777' }]);
    }
  });
});
