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
import { byUrl } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type TemplateFilters = Pick<TemplateQuery, 'templateName' | 'doctypeId' | 'lang' | 'status'>;
export type TemplateListParams = TemplateFilters & PageParams;

/** Topic and map templates (server: modules/content/template). */
export const templateApi = {
  list: (query: TemplateListParams) => byUrl.list<Template>('/ccms/template/list', query),
  options: (kind?: TemplateKind) => byUrl.one<TemplateOption[]>('/ccms/template/optionselect', kind ? { kind } : {}),
  get: (templateId: number) => byUrl.one<Template>(`/ccms/template/${templateId}`),
  /** Adds when the body has no `templateId`, else updates. */
  save: (body: TemplateBody | TemplateUpdate) => ('templateId' in body ? byUrl.put('/ccms/template', body) : byUrl.post('/ccms/template', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/template/${ids.join(',')}`),
  /** Placeholder errors (400) come back as the thrown error's message; the caller shows them beside the preview. */
  preview: (body: TemplatePreviewBody) =>
    byUrl.post<{ data: TemplatePreview }>('/ccms/template/preview', body, { repeatSubmit: false, silent: true }).then((r) => r.data),
};
