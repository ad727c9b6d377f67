import type { ProductBody, ProductUpdate } from '@ccms/contracts/content/product';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ProductListParams, productApi } from './product-api';

/** The product data layer: keys from `productKeys`; a change invalidates `productKeys.all` (lists, details, options). */
const keys = entityKeys<ProductListParams>('content', 'product');
export const productKeys = { ...keys, options: () => [...keys.all, 'options'] as const };

export const productQueries = {
  list: (params: ProductListParams) => ({ queryKey: productKeys.list(params), queryFn: () => productApi.list(params) }),
  detail: (productId: number) => ({ queryKey: productKeys.detail(productId), queryFn: () => productApi.get(productId) }),
};

export const useProducts = (enabled = true) => useQuery({ queryKey: productKeys.options(), queryFn: productApi.options, enabled });

function useInvalidateProducts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productKeys.all });
}

export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: (body: ProductBody | ProductUpdate) => productApi.save(body), onSuccess: invalidate });
}

export function useDeleteProducts() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: (ids: readonly number[]) => productApi.remove(ids), onSuccess: invalidate });
}

export function useImportProducts() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ file, fileName, updateSupport }: { file: Blob; fileName: string; updateSupport: boolean }) =>
      productApi.importData(file, fileName, updateSupport),
    onSuccess: invalidate,
  });
}
