import { useQuery } from '@tanstack/react-query';
import { productApi } from './product-api';

/** Enabled products as select options (value: the product name the library settings store). */
export function useProductOptions(enabled = true) {
  const products = useQuery({ queryKey: ['ccms', 'product', 'options'], queryFn: productApi.options, enabled });
  return {
    loading: products.isLoading,
    options: (products.data ?? []).map((p) => ({ value: p.productName, label: p.displayName ? `${p.displayName} (${p.productName})` : p.productName })),
  };
}
