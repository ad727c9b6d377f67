import type { XmlProfile, XmlProfileBody, XmlProfileRow, XmlProfileUpdate } from '@ccms/contracts/content/xml-profile';
import { api } from '../../../api/client';

/** XML profiles (server: modules/content/xml-profile), beside the document types in System Manager → Doctypes. */
export const xmlProfileApi = {
  list: () => api.one<XmlProfileRow[]>('/ccms/xmlProfile/list'),
  /** The library types profiles define (for the library form). */
  types: () => api.one<string[]>('/ccms/xmlProfile/types'),
  get: (profileId: number) => api.one<XmlProfile>(`/ccms/xmlProfile/${profileId}`),
  /** Adds when the body has no `profileId`, else updates; the server queues the re-index of the type's libraries. */
  save: (body: XmlProfileBody | XmlProfileUpdate) => ('profileId' in body ? api.put('/ccms/xmlProfile', body) : api.post('/ccms/xmlProfile', body)),
  remove: (ids: readonly number[]) => api.delete(`/ccms/xmlProfile/${ids.join(',')}`),
};
