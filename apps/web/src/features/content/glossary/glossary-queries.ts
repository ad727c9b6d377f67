import type { GlossaryBody, GlossaryKind, GlossaryUpdate } from '@ccms/contracts/content/glossary';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entityKeys } from '../../../api/query-keys';
import { type GlossaryListParams, glossaryApi, type Scope } from './glossary-api';

/**
 * The glossary data layer (abbreviations and terms, one factory per kind): a change invalidates
 * `glossaryKeys(kind).all` (lists and where-used answers).
 */
export function glossaryKeys(kind: GlossaryKind) {
  const keys = entityKeys<GlossaryListParams, string>('content', kind);
  return { ...keys, usage: (id: string, scope: Scope) => [...keys.all, 'usage', id, scope] as const };
}

export const glossaryQueries = {
  list: (kind: GlossaryKind, params: GlossaryListParams) => ({ queryKey: glossaryKeys(kind).list(params), queryFn: () => glossaryApi(kind).list(params) }),
  usage: (kind: GlossaryKind, id: string, scope: Scope) => ({
    queryKey: glossaryKeys(kind).usage(id, scope),
    queryFn: () => glossaryApi(kind).usage(id, scope),
  }),
};

function useInvalidateGlossary(kind: GlossaryKind) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: glossaryKeys(kind).all });
}

/** Adds when the body has no `id`, else updates; each save is a commit. */
export function useSaveGlossary(kind: GlossaryKind) {
  const invalidate = useInvalidateGlossary(kind);
  return useMutation({
    mutationFn: (body: z.input<typeof GlossaryBody> | z.input<typeof GlossaryUpdate>) =>
      'id' in body ? glossaryApi(kind).update(body) : glossaryApi(kind).add(body),
    onSuccess: invalidate,
  });
}

export function useDeleteGlossary(kind: GlossaryKind) {
  const invalidate = useInvalidateGlossary(kind);
  return useMutation({ mutationFn: ({ ids, scope }: { ids: readonly string[]; scope: Scope }) => glossaryApi(kind).remove(ids, scope), onSuccess: invalidate });
}

export function useImportGlossary(kind: GlossaryKind) {
  const invalidate = useInvalidateGlossary(kind);
  return useMutation({
    mutationFn: ({ scope, file, updateSupport }: { scope: Scope; file: File; updateSupport: boolean }) => glossaryApi(kind).import(scope, file, updateSupport),
    onSuccess: invalidate,
  });
}
