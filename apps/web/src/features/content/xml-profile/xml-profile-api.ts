import type { XmlProfile, XmlProfileBody, XmlProfileRow, XmlProfileUpdate } from '@ccms/contracts/content/xml-profile';
import { byUrl } from '../../../api/client';

/** XML profiles (server: modules/content/xml-profile), beside the document types in System Manager → Doctypes. */
export const xmlProfileApi = {
  list: () => byUrl.one<XmlProfileRow[]>('/ccms/xmlProfile/list'),
  /** The library types profiles define (for the library form). */
  types: () => byUrl.one<string[]>('/ccms/xmlProfile/types'),
  get: (profileId: number) => byUrl.one<XmlProfile>(`/ccms/xmlProfile/${profileId}`),
  /** Adds when the body has no `profileId`, else updates; the server queues the re-index of the type's libraries. */
  save: (body: XmlProfileBody | XmlProfileUpdate) => ('profileId' in body ? byUrl.put('/ccms/xmlProfile', body) : byUrl.post('/ccms/xmlProfile', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/xmlProfile/${ids.join(',')}`),
};
