import type { ImportResult, Product, ProductBody, ProductQuery, ProductUpdate } from '@ccms/contracts/content/product';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl } from '../../../api/client';
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
  list: (query: ProductListParams) => byUrl.list<Product>('/ccms/product/list', query),
  /** Enabled products, for the product pickers of library settings. */
  options: () => byUrl.one<Product[]>('/ccms/product/optionselect'),
  get: (productId: number) => byUrl.one<Product>(`/ccms/product/${productId}`),
  /** Adds when the body has no `productId`, else updates. */
  save: (body: ProductBody | ProductUpdate) => ('productId' in body ? byUrl.put('/ccms/product', body) : byUrl.post('/ccms/product', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/product/${ids.join(',')}`),
  export: (query: object) => download('/ccms/product/export', exportQuery(query), `product_${Date.now()}.xlsx`),
  importData: (file: Blob, fileName: string, updateSupport: boolean) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return byUrl
      .post<ApiEnvelope & { data: ImportOutcome }>(`/ccms/product/importData?updateSupport=${updateSupport}`, form, {
        headers: { 'Content-Type': 'multipart/form-data' },
        repeatSubmit: false,
      })
      .then((r) => r.data);
  },
};
