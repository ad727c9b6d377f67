import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { IdList, OkEmpty, rowsOf } from '../http';
import { PublishLog, PublishLogPerm, PublishLogQuery } from './publication';

const tag = 'publish/log';

/** The publish-log API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const PublishLogApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/publishLog/list',
    access: { permission: PublishLogPerm.list },
    summary: 'List publish log entries by page',
    tag,
    query: PublishLogQuery,
    response: rowsOf(PublishLog),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/publishLog/export',
    access: { permission: PublishLogPerm.export },
    summary: 'Export publish log entries as an Excel workbook',
    tag,
    body: PublishLogQuery.optional(),
    response: FileResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/publishLog/:ids',
    access: { permission: PublishLogPerm.remove },
    summary: 'Delete publish log entries',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
