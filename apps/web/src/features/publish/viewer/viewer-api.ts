import { byUrl } from '../../../api/client';

/** The document-center viewer (server: modules/publish/viewer): where the app switcher opens it. */
export const viewerApi = {
  /** The viewer's address, in `msg`. */
  address: () => byUrl.get<{ code: number; msg: string }>('/ccms/mxView/getMxViewAddress', undefined, { silent: true }),
};
