import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type { Applicability, InstanceQuery, ModuleInstance, ProductFilter, ProductFilterQuery } from '@ccms/contracts/content/s1000d';
import { api } from '../../../api/client';

/** A product to filter for: a PCT product (its key), or property values `ident=value;...` (sets without a PCT). */
export type ProductChoice = { product: string } | { assign: string };

/**
 * S1000D libraries (server: modules/content/s1000d): the branch's applicability tables, which data
 * modules of a publication module apply to a product, one data module's instance for a product.
 * Refusals (not an S1000D library, unknown product, ...) come back in the user's language and show
 * through the client's error handling. Screens use `s1000d-queries.ts`.
 */
export const s1000dApi = {
  applicability: (scope: CatalogScope) => api.one<Applicability>('/ccms/s1000d/applicability', scope),
  filter: (query: ProductFilterQuery) => api.one<ProductFilter>('/ccms/s1000d/filter', query),
  instance: (query: InstanceQuery) => api.one<ModuleInstance>('/ccms/s1000d/instance', query),
};
