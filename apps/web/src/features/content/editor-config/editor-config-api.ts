import {
  type DefaultEditorBody,
  EditorConfigApi,
  type EditorLinkBody,
  type EditorLinkQuery,
  type EditorLinkUpdate,
  type EditorResolveQuery,
} from '@ccms/contracts/content/editor-config';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type EditorLinkFilters = Pick<EditorLinkQuery, 'label' | 'status'>;
export type EditorLinkListParams = EditorLinkFilters & PageParams;

/** Editor links and default editors (server: modules/content/editor-config). */
export const editorConfigApi = {
  listLinks: (query: EditorLinkListParams) => api.list(EditorConfigApi.linkList, { query }),
  getLink: (linkId: number) => api.one(EditorConfigApi.getLink, { path: { id: linkId } }),
  /** Adds when the body has no `linkId`, else updates. */
  saveLink: (body: EditorLinkBody | EditorLinkUpdate) =>
    'linkId' in body ? api.call(EditorConfigApi.editLink, { body }) : api.call(EditorConfigApi.addLink, { body }),
  removeLinks: (ids: readonly number[]) => api.call(EditorConfigApi.removeLinks, { path: { ids } }),
  listDefaults: () => api.one(EditorConfigApi.defaultList),
  setDefault: (body: DefaultEditorBody) => api.call(EditorConfigApi.setDefault, { body }),
  removeDefaults: (suffixes: readonly string[]) => api.call(EditorConfigApi.removeDefaults, { path: { suffixes } }),
  /** How a file opens for the signed-in user (its suffix's default editor, else its document type's). */
  resolve: (query: EditorResolveQuery) => api.one(EditorConfigApi.resolve, { query }),
};
