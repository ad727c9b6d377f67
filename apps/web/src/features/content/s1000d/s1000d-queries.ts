import type { CatalogScope } from '@ccms/contracts/content/catalog';
import { useQuery } from '@tanstack/react-query';
import { type ProductChoice, s1000dApi } from './s1000d-api';

/**
 * The S1000D data layer: applicability tables, product filters and module instances under
 * `s1000dKeys.all`, which a reindex refreshes with the rest of the catalogue (catalog-queries.ts).
 */
const all = ['content', 's1000d'] as const;
export const s1000dKeys = {
  all,
  applicability: (scope: CatalogScope) => [...all, 'applicability', scope] as const,
  filter: (documentId: number, choice: ProductChoice | null) => [...all, 'filter', documentId, choice] as const,
  instance: (topicId: number, choice: ProductChoice | null) => [...all, 'instance', topicId, choice] as const,
};

/** The ACT, CCT and PCT of a library branch. */
export const useApplicability = (scope: CatalogScope, enabled = true) =>
  useQuery({ queryKey: s1000dKeys.applicability(scope), queryFn: () => s1000dApi.applicability(scope), enabled });

/** Which data modules of a publication module apply to the chosen product (nothing chosen: nothing asked). */
export const useProductFilter = (documentId: number, choice: ProductChoice | null) =>
  useQuery({
    queryKey: s1000dKeys.filter(documentId, choice),
    queryFn: () => s1000dApi.filter({ documentId, ...(choice ?? {}) }),
    enabled: choice !== null,
    retry: false,
  });

/** One data module filtered for the chosen product (nothing chosen: nothing asked). */
export const useModuleInstance = (topicId: number, choice: ProductChoice | null) =>
  useQuery({
    queryKey: s1000dKeys.instance(topicId, choice),
    queryFn: () => s1000dApi.instance({ topicId, ...(choice ?? {}) }),
    enabled: choice !== null,
    retry: false,
  });
