import { type ImportResult, ProductApi, type ProductBody, type ProductQuery, type ProductUpdate } from '@ccms/contracts/content/product';
import { urlOf } from '@ccms/contracts/endpoint';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';

export type ProductFilters = Pick<ProductQuery, 'productName' | 'displayName' | 'status'>;
export type ProductListParams = ProductFilters & PageParams;
export type ImportOutcome = z.infer<typeof ImportResult>['data'];

const exportQuery = (query: object) => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as Record<string, unknown>;
  return filters;
};

/** Only .xlsx workbooks are sent: the spec's "needs an Excel file" is said before the upload. */
export const isExcelName = (name: string) => /\.xlsx$/i.test(name);

/** Products (server: modules/content/product). */
export const productApi = {
  list: (query: ProductListParams) => api.list(ProductApi.list, { query }),
  /** Enabled products, for the product pickers of library settings. */
  options: () => api.one(ProductApi.options),
  get: (productId: number) => api.one(ProductApi.get, { path: { id: productId } }),
  /** Adds when the body has no `productId`, else updates. */
  save: (body: ProductBody | ProductUpdate) => ('productId' in body ? api.call(ProductApi.edit, { body }) : api.call(ProductApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(ProductApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(ProductApi.export), exportQuery(query), `product_${Date.now()}.xlsx`),
  importData: (file: Blob, fileName: string, updateSupport: boolean) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return api.one(ProductApi.import, { query: { updateSupport }, body: form }, { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false });
  },
};
