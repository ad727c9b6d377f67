import { endpoint } from '../endpoint';
import { OkEmpty, rowsOf } from '../http';
import { ViewerEntry, ViewerQuery } from './publication';

const tag = 'publish/viewer';

/** The viewer API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ViewerApi = {
  address: endpoint({
    method: 'GET',
    url: '/ccms/mxView/getMxViewAddress',
    access: { authenticated: true },
    summary: 'The document-center viewer address (in msg)',
    tag,
    response: OkEmpty,
  }),
  list: endpoint({
    method: 'GET',
    url: '/ccms/mxView/list',
    access: { authenticated: true },
    summary: 'The latest output of each publication the caller may read, with search',
    tag,
    query: ViewerQuery,
    response: rowsOf(ViewerEntry),
  }),
};
