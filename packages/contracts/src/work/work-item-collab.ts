import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { DateTime, IdParam, OkEmpty, okOf } from '../http';
import { ProjectScope, WorkItemPerm } from './work-item';

/** A work item's comments, attachments and change history (server: work-item-collab.service.ts, work-item-history.ts). */

// ---- comments ----

export const CommentBody = z.object({
  content: z.string().trim().min(1).max(5000),
  parentCommentId: z.number().int().positive().nullable().optional().describe('the comment this one replies to'),
});
export type CommentBody = z.infer<typeof CommentBody>;

export const WorkItemComment = z.object({
  commentId: z.number(),
  workItemId: z.number(),
  parentCommentId: z.number().nullable(),
  content: z.string(),
  createBy: z.string(),
  createUserId: z.number(),
  nickName: z.string(),
  createTime: DateTime,
  /** The caller wrote it (and so may delete it). */
  mine: z.boolean(),
  /** Deleted by its author; kept (without content) because replies answer it. */
  deleted: z.boolean(),
});
export type WorkItemComment = z.infer<typeof WorkItemComment>;

export const CommentParams = z.object({
  id: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive().describe('id of a work item comment'),
});

// ---- attachments ----

export const WorkItemAttachment = z.object({
  attachmentId: z.number(),
  workItemId: z.number(),
  fileName: z.string(),
  size: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type WorkItemAttachment = z.infer<typeof WorkItemAttachment>;

export const AttachmentParams = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive().describe('id of a work item attachment'),
});

export const AttachmentUploadQuery = z.object({
  replace: z.enum(['true', 'false']).optional().describe('true replaces a file of the same name'),
});

/** Per-file limit of attachments. */
export const ATTACHMENT_MAX_MB = 50;

// ---- history ----

export const WorkItemHistory = z.object({
  historyId: z.number(),
  index: z.number(),
  changeTime: DateTime,
  changeBy: z.string(),
  changeType: z.string().describe('create, edit, delete, comment, attachment or a transition action'),
  changeField: z.string(),
  beforeValue: z.string(),
  afterValue: z.string(),
  beforeLabel: z.string().describe('what an id value names (a release, plan, parent or users); empty when the value is shown as it is'),
  afterLabel: z.string().describe('what an id value names (a release, plan, parent or users); empty when the value is shown as it is'),
});
export type WorkItemHistory = z.infer<typeof WorkItemHistory>;

const tag = 'work/work-item';

/** A work item's history, comments and attachments: each endpoint's URL, method, access and schemas. */
export const WorkItemCollabApi = {
  history: endpoint({
    method: 'GET',
    url: '/ccms/workitem/:id/history',
    access: { permission: WorkItemPerm.query },
    summary: "List a work item's changes",
    tag,
    params: IdParam,
    query: ProjectScope,
    response: okOf(z.array(WorkItemHistory)),
  }),
  comments: endpoint({
    method: 'GET',
    url: '/ccms/workitem/:id/comment',
    access: { permission: WorkItemPerm.query },
    summary: "List a work item's comments",
    tag,
    params: IdParam,
    response: okOf(z.array(WorkItemComment)),
  }),
  comment: endpoint({
    method: 'POST',
    url: '/ccms/workitem/:id/comment',
    access: { permission: WorkItemPerm.edit },
    summary: 'Comment on a work item',
    tag,
    params: IdParam,
    body: CommentBody,
    response: okOf(z.object({ commentId: z.number() })),
  }),
  removeComment: endpoint({
    method: 'DELETE',
    url: '/ccms/workitem/:id/comment/:commentId',
    access: { permission: WorkItemPerm.edit },
    summary: 'Delete a comment of a work item',
    tag,
    params: CommentParams,
    response: OkEmpty,
  }),
  attachments: endpoint({
    method: 'GET',
    url: '/ccms/workitem/:id/attachment',
    access: { permission: WorkItemPerm.query },
    summary: "List a work item's attachments",
    tag,
    params: IdParam,
    response: okOf(z.array(WorkItemAttachment)),
  }),
  attach: endpoint({
    method: 'POST',
    url: '/ccms/workitem/:id/attachment',
    access: { permission: WorkItemPerm.edit },
    summary: 'Attach a file (multipart) to a work item',
    tag,
    params: IdParam,
    query: AttachmentUploadQuery,
    response: OkEmpty,
  }),
  downloadAttachment: endpoint({
    method: 'GET',
    url: '/ccms/workitem/:id/attachment/:attachmentId/download',
    access: { permission: WorkItemPerm.query },
    summary: 'Download a work item attachment',
    tag,
    params: AttachmentParams,
    response: FileResponse,
  }),
  removeAttachment: endpoint({
    method: 'DELETE',
    url: '/ccms/workitem/:id/attachment/:attachmentId',
    access: { permission: WorkItemPerm.edit },
    summary: 'Delete a work item attachment',
    tag,
    params: AttachmentParams,
    response: OkEmpty,
  }),
};
