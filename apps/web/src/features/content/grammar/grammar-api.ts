import type { Grammar, GrammarInstalled, GrammarQuery, GrammarStatus } from '@ccms/contracts/content/grammar';
import { type ApiEnvelope, byUrl } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';
import { multipart } from '../graphic/graphic-api';

export type GrammarFilters = Pick<GrammarQuery, 'name'>;
export type GrammarListParams = GrammarFilters & PageParams;

type Data<T> = ApiEnvelope & { data: T };

/** The install form: the name first (the server checks it before reading the zip), then the zip as "file". */
function installForm(name: string | undefined, file: File): FormData {
  const form = new FormData();
  if (name) form.append('name', name);
  form.append('file', file, file.name);
  return form;
}

/** Grammar packages (server: modules/content/grammar). */
export const grammarApi = {
  list: (query: GrammarListParams) => byUrl.list<Grammar>('/ccms/grammar/list', query),
  status: () => byUrl.one<GrammarStatus>('/ccms/grammar/status'),
  install: (name: string | undefined, file: File) =>
    byUrl.post<Data<GrammarInstalled>>('/ccms/grammar', installForm(name, file), multipart).then((r) => r.data),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/grammar/${ids.join(',')}`),
};
