import type {
  Template,
  TemplateBody,
  TemplateKind,
  TemplateOption,
  TemplatePreview,
  TemplatePreviewBody,
  TemplateQuery,
  TemplateUpdate,
} from '@ccms/contracts/content/template';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type TemplateFilters = Pick<TemplateQuery, 'templateName' | 'doctypeId' | 'lang' | 'status'>;
export type TemplateListParams = TemplateFilters & PageParams;

/** Topic and map templates (server: modules/content/template). */
export const templateApi = {
  list: (query: TemplateListParams) => api.list<Template>('/ccms/template/list', query),
  options: (kind?: TemplateKind) => api.one<TemplateOption[]>('/ccms/template/optionselect', kind ? { kind } : {}),
  get: (templateId: number) => api.one<Template>(`/ccms/template/${templateId}`),
  /** Adds when the body has no `templateId`, else updates. */
  save: (body: TemplateBody | TemplateUpdate) => ('templateId' in body ? api.put('/ccms/template', body) : api.post('/ccms/template', body)),
  remove: (ids: readonly number[]) => api.delete(`/ccms/template/${ids.join(',')}`),
  /** Placeholder errors (400) come back as the thrown error's message; the caller shows them beside the preview. */
  preview: (body: TemplatePreviewBody) =>
    api.post<{ data: TemplatePreview }>('/ccms/template/preview', body, { repeatSubmit: false, silent: true }).then((r) => r.data),
};
