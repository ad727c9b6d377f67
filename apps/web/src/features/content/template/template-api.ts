import {
  TemplateApi,
  type TemplateBody,
  type TemplateKind,
  type TemplatePreviewBody,
  type TemplateQuery,
  type TemplateUpdate,
} from '@ccms/contracts/content/template';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type TemplateFilters = Pick<TemplateQuery, 'templateName' | 'doctypeId' | 'lang' | 'status'>;
export type TemplateListParams = TemplateFilters & PageParams;

/** Topic and map templates (server: modules/content/template). */
export const templateApi = {
  list: (query: TemplateListParams) => api.list(TemplateApi.list, { query }),
  options: (kind?: TemplateKind) => api.one(TemplateApi.options, { query: kind ? { kind } : {} }),
  get: (templateId: number) => api.one(TemplateApi.get, { path: { id: templateId } }),
  /** Adds when the body has no `templateId`, else updates. */
  save: (body: TemplateBody | TemplateUpdate) => ('templateId' in body ? api.call(TemplateApi.edit, { body }) : api.call(TemplateApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(TemplateApi.remove, { path: { ids } }),
  /** Placeholder errors (400) come back as the thrown error's message; the caller shows them beside the preview. */
  preview: (body: TemplatePreviewBody) => api.one(TemplateApi.preview, { body }, { repeatSubmit: false, silent: true }),
};
