import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '../http';
import { ArchiveBody, OUTPUT_READ_PERMS, OutputQuery, PUBLISH_PERMS, PublishBody, PublishOutput, PublishOutputDetail } from './publication';

const tag = 'publish/output';

/** The output API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const OutputApi = {
  publish: endpoint({
    method: 'POST',
    url: '/ccms/output/publish',
    access: { permission: PUBLISH_PERMS },
    summary: 'Publish a publication or a document: one queued output per publish config',
    tag,
    body: PublishBody,
    response: okOf(z.array(PublishOutput)),
  }),
  list: endpoint({
    method: 'GET',
    url: '/ccms/output/list',
    access: { permission: OUTPUT_READ_PERMS },
    summary: 'List the outputs of a publication or a document',
    tag,
    query: OutputQuery,
    response: rowsOf(PublishOutput),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/output/:id',
    access: { permission: OUTPUT_READ_PERMS },
    summary: 'Get an output with its problems',
    tag,
    params: IdParam,
    response: okOf(PublishOutputDetail),
  }),
  cancel: endpoint({
    method: 'PUT',
    url: '/ccms/output/:id/cancel',
    access: { permission: PUBLISH_PERMS },
    summary: 'Cancel a queued or running publish',
    tag,
    params: IdParam,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/output/:ids',
    access: { permission: PUBLISH_PERMS },
    summary: 'Delete outputs and their files',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  archive: endpoint({
    method: 'POST',
    url: '/ccms/output/archive',
    access: { permission: PUBLISH_PERMS },
    summary: 'Archive an output to a project release (writes a release log row)',
    tag,
    body: ArchiveBody,
    response: okOf(z.object({ logId: z.number() })),
  }),
  zip: endpoint({
    method: 'GET',
    url: '/ccms/output/:id/zip',
    access: { permission: OUTPUT_READ_PERMS },
    summary: "Download an output's files as a zip",
    tag,
    params: IdParam,
    response: FileResponse,
  }),
  toDownloads: endpoint({
    method: 'POST',
    url: '/ccms/output/:id/toDownloads',
    access: { permission: OUTPUT_READ_PERMS },
    summary: "Zip an output's files into the caller's download center (made by a queued job)",
    tag,
    params: IdParam,
    response: okOf(z.object({ downloadId: z.number() })),
  }),
  progress: endpoint({
    method: 'GET',
    url: '/ccms/output/progress/:id',
    access: { public: true },
    summary: 'Progress of a publish (Server-Sent Events, PublishProgress JSON per event, until it ends; bearer token or ticket)',
    tag,
    params: IdParam,
    query: z.object({ ticket: z.string().max(500).optional() }),
    response: z.string().describe('text/event-stream'),
  }),
  view: endpoint({
    method: 'GET',
    url: '/ccms/output/view/:id/:ticket/*',
    access: { public: true },
    summary: 'Serve a file of an output (HTML5 pages, PDF, media) for the in-app view (ticket in the path), whole or one byte range',
    tag,
    params: z.object({ id: z.coerce.number().int().positive(), ticket: z.string().max(500), '*': z.string().max(1000) }),
    // 206 and 416 as well: the route adds them (apps/server/src/modules/publish/output/output.routes.ts).
    response: FileResponse,
  }),
};
