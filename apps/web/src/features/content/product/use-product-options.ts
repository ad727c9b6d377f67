import { useProducts } from './product-queries';

/** Enabled products as select options (value: the product name the library settings store). */
export function useProductOptions(enabled = true) {
  const products = useProducts(enabled);
  return {
    loading: products.isLoading,
    /** Why the list is empty when it was refused (see ProductNeeded). */
    error: products.error,
    options: (products.data ?? []).map((p) => ({ value: p.productName, label: p.displayName ? `${p.displayName} (${p.productName})` : p.productName })),
  };
}
