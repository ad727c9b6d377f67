import { entityKeys } from '../../../api/query-keys';
import { type PublishLogParams, publishLogApi } from './publish-log-api';

/** The publish log data layer: one list (a publish, a cancel or a refresh of the outputs invalidates `publishLogKeys.all`). */
export const publishLogKeys = entityKeys<PublishLogParams>('publish', 'publishLog');

export const publishLogQueries = {
  list: (params: PublishLogParams) => ({ queryKey: publishLogKeys.list(params), queryFn: () => publishLogApi.list(params) }),
};
