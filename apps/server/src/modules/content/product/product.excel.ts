import type { ccmsProduct } from '../../../db/schema';
import type { ExcelColumn } from '../../../platform/http/excel';

// Products as spreadsheet rows (export and import).

export type ProductRow = typeof ccmsProduct.$inferSelect;

export const productColumns: ExcelColumn<ProductRow>[] = [
  { key: 'productName', header: 'product.excel.productName', width: 24 },
  { key: 'displayName', header: 'product.excel.displayName', width: 30 },
  { key: 'status', header: 'product.excel.status', width: 10 },
  { key: 'remark', header: 'product.excel.remark', width: 30 },
];
