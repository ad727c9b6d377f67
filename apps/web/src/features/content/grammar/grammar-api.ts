import { GrammarApi, type GrammarQuery } from '@ccms/contracts/content/grammar';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';
import { multipart } from '../graphic/graphic-api';

export type GrammarFilters = Pick<GrammarQuery, 'name'>;
export type GrammarListParams = GrammarFilters & PageParams;

/** The install form: the name first (the server checks it before reading the zip), then the zip as "file". */
function installForm(name: string | undefined, file: File): FormData {
  const form = new FormData();
  if (name) form.append('name', name);
  form.append('file', file, file.name);
  return form;
}

/** Grammar packages (server: modules/content/grammar). */
export const grammarApi = {
  list: (query: GrammarListParams) => api.list(GrammarApi.list, { query }),
  status: () => api.one(GrammarApi.status),
  install: (name: string | undefined, file: File) => api.one(GrammarApi.install, { body: installForm(name, file) }, multipart),
  remove: (ids: readonly number[]) => api.call(GrammarApi.remove, { path: { ids } }),
};
