import type {
  DefaultEditor,
  DefaultEditorBody,
  EditorLink,
  EditorLinkBody,
  EditorLinkQuery,
  EditorLinkUpdate,
  EditorResolution,
  EditorResolveQuery,
} from '@ccms/contracts/content/editor-config';
import { byUrl } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type EditorLinkFilters = Pick<EditorLinkQuery, 'label' | 'status'>;
export type EditorLinkListParams = EditorLinkFilters & PageParams;

/** Editor links and default editors (server: modules/content/editor-config). */
export const editorConfigApi = {
  listLinks: (query: EditorLinkListParams) => byUrl.list<EditorLink>('/ccms/editorConfig/link/list', query),
  getLink: (linkId: number) => byUrl.one<EditorLink>(`/ccms/editorConfig/link/${linkId}`),
  /** Adds when the body has no `linkId`, else updates. */
  saveLink: (body: EditorLinkBody | EditorLinkUpdate) =>
    'linkId' in body ? byUrl.put('/ccms/editorConfig/link', body) : byUrl.post('/ccms/editorConfig/link', body),
  removeLinks: (ids: readonly number[]) => byUrl.delete(`/ccms/editorConfig/link/${ids.join(',')}`),
  listDefaults: () => byUrl.one<DefaultEditor[]>('/ccms/editorConfig/default/list'),
  setDefault: (body: DefaultEditorBody) => byUrl.put('/ccms/editorConfig/default', body),
  removeDefaults: (suffixes: readonly string[]) => byUrl.delete(`/ccms/editorConfig/default/${suffixes.map(encodeURIComponent).join(',')}`),
  /** How a file opens for the signed-in user (its suffix's default editor, else its document type's). */
  resolve: (query: EditorResolveQuery) => byUrl.one<EditorResolution>('/ccms/editorConfig/resolve', query),
};
