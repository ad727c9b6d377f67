import type { GlossaryBody, GlossaryCommit, GlossaryKind, GlossaryList, GlossaryQuery, GlossaryUpdate } from '@ccms/contracts/content/glossary';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl } from '../../../api/client';
import { download } from '../../../shared/download';
import type { UsageAnswer } from '../graphic/graphic-api';

export type GlossaryPage = z.infer<typeof GlossaryList>;
export type GlossaryRow = GlossaryPage['rows'][number];
export type GlossaryResult = z.infer<typeof GlossaryCommit>;

type Data<T> = ApiEnvelope & { data: T };
export type Scope = { libraryId: number; branch?: string | undefined };
export type GlossaryListParams = Partial<z.input<typeof GlossaryQuery>> & Scope;

/** Abbreviations or terms (server: modules/content/glossary): the same API under /ccms/<kind>. */
export function glossaryApi(kind: GlossaryKind) {
  const base = `/ccms/${kind}`;
  return {
    list: (query: GlossaryListParams) => byUrl.list<GlossaryRow>(`${base}/list`, query),
    usage: (id: string, scope: Scope) => byUrl.one<UsageAnswer>(`${base}/${encodeURIComponent(id)}/usage`, scope),
    add: (body: z.input<typeof GlossaryBody>) => byUrl.post<Data<GlossaryResult>>(base, body).then((r) => r.data),
    update: (body: z.input<typeof GlossaryUpdate>) => byUrl.put<Data<GlossaryResult>>(base, body).then((r) => r.data),
    remove: (ids: readonly string[], scope: Scope) =>
      byUrl.delete<Data<GlossaryResult>>(`${base}/${ids.map(encodeURIComponent).join(',')}`, { params: scope }).then((r) => r.data),
    export: (filters: Scope & { name?: string | undefined; definition?: string | undefined }) =>
      download(`${base}/export`, filters, `${kind}_${Date.now()}.xlsx`),
    import: (scope: Scope, file: File, updateSupport: boolean) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const query = new URLSearchParams({
        libraryId: String(scope.libraryId),
        ...(scope.branch ? { branch: scope.branch } : {}),
        updateSupport: String(updateSupport),
      });
      return byUrl
        .post<Data<{ added: number; updated: number; commit: string | null }>>(`${base}/importData?${query.toString()}`, form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          repeatSubmit: false,
        })
        .then((r) => r.data);
    },
  };
}
