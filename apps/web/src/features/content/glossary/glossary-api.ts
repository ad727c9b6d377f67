import {
  GlossaryApi,
  type GlossaryBody,
  type GlossaryCommit,
  type GlossaryKind,
  type GlossaryList,
  type GlossaryQuery,
  type GlossaryUpdate,
} from '@ccms/contracts/content/glossary';
import { urlOf } from '@ccms/contracts/endpoint';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';

export type GlossaryPage = z.infer<typeof GlossaryList>;
export type GlossaryRow = GlossaryPage['rows'][number];
export type GlossaryResult = z.infer<typeof GlossaryCommit>;

export type Scope = { libraryId: number; branch?: string | undefined };
export type GlossaryListParams = Partial<z.input<typeof GlossaryQuery>> & Scope;

/** Abbreviations or terms (server: modules/content/glossary): the same API under /ccms/<kind>. */
export function glossaryApi(kind: GlossaryKind) {
  const entries = GlossaryApi[kind];
  return {
    list: (query: GlossaryListParams) => api.list(entries.list, { query }),
    usage: (id: string, scope: Scope) => api.one(entries.usage, { path: { id }, query: scope }),
    add: (body: z.input<typeof GlossaryBody>) => api.one(entries.add, { body }),
    update: (body: z.input<typeof GlossaryUpdate>) => api.one(entries.edit, { body }),
    remove: (ids: readonly string[], scope: Scope) => api.one(entries.remove, { path: { ids }, query: scope }),
    export: (filters: Scope & { name?: string | undefined; definition?: string | undefined }) =>
      download(urlOf(entries.export), filters, `${kind}_${Date.now()}.xlsx`),
    import: (scope: Scope, file: File, updateSupport: boolean) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const query = { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), updateSupport: String(updateSupport) };
      return api.one(entries.import, { query, body: form }, { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false });
    },
  };
}
