import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';

/**
 * Deliverables: a publication's output (one publish config of its library) sent to a
 * connection now, on a cron schedule, or after a publish caused by a new commit. Each delivery
 * leaves a receipt.
 */
export const DeliverablePerm = {
  list: 'ccms:deliverable:list',
  query: 'ccms:deliverable:query',
  add: 'ccms:deliverable:add',
  edit: 'ccms:deliverable:edit',
  remove: 'ccms:deliverable:remove',
  deliver: 'ccms:deliverable:deliver',
} as const;

const INVALID_PATH = { message: 'connection.invalidPath' } as const;
const INVALID_FILE_NAME = { message: 'deliverable.invalidFileName' } as const;

/** One file or folder name: letters, digits, dot, dash, underscore; not starting with a dot. */
const NAME = /^[A-Za-z0-9_\u4e00-\u9fa5][A-Za-z0-9._\u4e00-\u9fa5-]*$/;

/** A folder under the connection's remote path: names joined by "/", no "." or "..". */
export const DeliveryFolder = z
  .string()
  .trim()
  .max(500)
  .refine((p) => p === '' || p.split('/').every((s) => NAME.test(s) && s !== '..'), INVALID_PATH)
  .default('')
  .describe("folder under the connection's remote path, e.g. manuals/en (empty: the remote path itself)");

export const DeliveryFileName = z
  .string()
  .trim()
  .max(200)
  .refine((n) => n === '' || (NAME.test(n) && n !== '..'), INVALID_FILE_NAME)
  .default('')
  .describe('name of the delivered file, e.g. manual.zip (empty: the publication and config name)');

const Fields = z.object({
  name: z.string().trim().min(1).max(100).describe('unique deliverable name'),
  description: z.string().trim().max(500).default(''),
  publicationId: z.number().int().positive().describe('id of a publication (GET /ccms/publication/list)'),
  configId: z.number().int().positive().describe("spec: publishInfo; id of a publish config of the publication's library"),
  connectionId: z.number().int().positive().describe('id of a validated connection (GET /ccms/connection/optionselect)'),
  scheduleJob: z.string().trim().max(100).default('').describe('cron expression (6 fields, seconds first) of scheduled deliveries; empty for none'),
  sourceChangeJob: z.enum(['0', '1']).default('0').describe("'1': publish and deliver when the publication's branch gets a new commit"),
  filePath: DeliveryFolder,
  fileName: DeliveryFileName,
});

export const DeliverableBody = Fields;
export type DeliverableBody = z.infer<typeof DeliverableBody>;

export const DeliverableUpdate = Fields.extend({ deliverableId: z.number().int().positive().describe('id of a deliverable') });
export type DeliverableUpdate = z.infer<typeof DeliverableUpdate>;

export const DeliverableQuery = PageQuery.extend({
  name: z.string().trim().max(100).optional().describe('part of the name'),
  publicationId: qInt.positive().optional().describe('only the deliverables of this publication'),
});
export type DeliverableQuery = z.infer<typeof DeliverableQuery>;

export const RECEIPT_STATUSES = ['queued', 'running', 'success', 'fail'] as const;

export const DeliveryReceipt = z.object({
  receiptId: z.number(),
  deliverableId: z.number(),
  outputId: z.number().nullable(),
  trigger: z.string().describe('now, schedule or sourceChange'),
  status: z.string().describe('waiting (for the publish of a source-change delivery), queued, running, success or fail'),
  remotePath: z.string(),
  bytes: z.number(),
  sha256: z.string(),
  attempts: z.number(),
  durationMs: z.number(),
  error: z.string(),
  createBy: z.string(),
  startTime: DateTime,
  endTime: DateTime,
});
export type DeliveryReceipt = z.infer<typeof DeliveryReceipt>;

export const Deliverable = z.object({
  deliverableId: z.number(),
  name: z.string(),
  description: z.string(),
  publicationId: z.number(),
  publicationName: z.string(),
  configId: z.number(),
  configName: z.string(),
  connectionId: z.number(),
  connectionName: z.string(),
  scheduleJob: z.string(),
  sourceChangeJob: z.string(),
  filePath: z.string(),
  fileName: z.string(),
  lastStatus: z.string().describe('status of the latest delivery; empty when none'),
  lastTime: DateTime,
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Deliverable = z.infer<typeof Deliverable>;

export const DeliverBody = z.object({
  outputId: z.number().int().positive().optional().describe('the output to deliver; the latest successful one of the publication and config when absent'),
});
export type DeliverBody = z.infer<typeof DeliverBody>;

export const ReceiptQuery = PageQuery.extend({});
export type ReceiptQuery = z.infer<typeof ReceiptQuery>;

const tag = 'publish/deliverable';

/** The deliverable API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DeliverableApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/deliverable/list',
    access: { permission: DeliverablePerm.list },
    summary: 'List deliverables by page',
    tag,
    query: DeliverableQuery,
    response: rowsOf(Deliverable),
  }),
  receipts: endpoint({
    method: 'GET',
    url: '/ccms/deliverable/:id/receipts',
    access: { permission: DeliverablePerm.query },
    summary: 'List the delivery receipts of a deliverable, newest first',
    tag,
    params: IdParam,
    query: ReceiptQuery,
    response: rowsOf(DeliveryReceipt),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/deliverable/:id',
    access: { permission: DeliverablePerm.query },
    summary: 'Get a deliverable',
    tag,
    params: IdParam,
    response: okOf(Deliverable),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/deliverable',
    access: { permission: DeliverablePerm.add },
    summary: 'Create a deliverable',
    tag,
    body: DeliverableBody,
    response: okOf(z.object({ deliverableId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/deliverable',
    access: { permission: DeliverablePerm.edit },
    summary: 'Update a deliverable',
    tag,
    body: DeliverableUpdate,
    response: OkEmpty,
  }),
  deliver: endpoint({
    method: 'POST',
    url: '/ccms/deliverable/:id/deliver',
    access: { permission: DeliverablePerm.deliver },
    summary: 'Deliver an output now (queued; its receipt tells how it ended)',
    tag,
    params: IdParam,
    body: DeliverBody,
    response: okOf(z.object({ receiptId: z.number() })),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/deliverable/:ids',
    access: { permission: DeliverablePerm.remove },
    summary: 'Delete deliverables (with their receipts and schedules)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
