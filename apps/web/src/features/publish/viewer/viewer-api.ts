import { ViewerApi } from '@ccms/contracts/publish/viewer';
import { api } from '../../../api/client';

/** The document-center viewer (server: modules/publish/viewer): where the app switcher opens it. */
export const viewerApi = {
  /** The viewer's address, in `msg`. */
  address: () => api.call(ViewerApi.address, undefined, { silent: true }),
};
