import { XmlProfileApi, type XmlProfileBody, type XmlProfileUpdate } from '@ccms/contracts/content/xml-profile';
import { api } from '../../../api/client';

/** XML profiles (server: modules/content/xml-profile), beside the document types in System Manager → Doctypes. */
export const xmlProfileApi = {
  list: () => api.one(XmlProfileApi.list),
  /** The library types profiles define (for the library form). */
  types: () => api.one(XmlProfileApi.types),
  get: (profileId: number) => api.one(XmlProfileApi.get, { path: { id: profileId } }),
  /** Adds when the body has no `profileId`, else updates; the server queues the re-index of the type's libraries. */
  save: (body: XmlProfileBody | XmlProfileUpdate) => ('profileId' in body ? api.call(XmlProfileApi.edit, { body }) : api.call(XmlProfileApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(XmlProfileApi.remove, { path: { ids } }),
};
