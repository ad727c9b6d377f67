import { z } from 'zod';
import { qInt } from '../http';
import { BranchName } from './library';
import { DdnParty } from './s1000d-transfer';

/**
 * Review comments of an S1000D library as S1000D comment files (COM, Issue 5.0 comment.xsd) and
 * back. Each thread on a data module is one comment (type q), each reply one response (type r)
 * naming the comment it answers; a zip of them is sent, and COM files (or zips of them) are taken
 * in, each on the data module its dmRef names.
 */

/** POST /ccms/s1000d/comments/export: the review comments of a library branch as a zip of COM files. */
export const CommentExportBody = z.object({
  libraryId: z.number().int().positive().describe('id of an S1000D library'),
  branch: BranchName.optional(),
  paths: z.array(z.string().trim().min(1).max(1000)).max(1000).optional().describe('only the comments on these data modules (paths); all when absent'),
  state: z.enum(['all', 'open']).default('all').describe('open: only the threads not resolved'),
  senderIdent: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5}$/)
    .describe('senderIdent of the comment codes: five letters or digits'),
  from: DdnParty.describe('the enterprise the comments come from (commentOriginator)'),
});
export type CommentExportBody = z.infer<typeof CommentExportBody>;

/** POST /ccms/s1000d/comments/import (multipart: these fields and COM files, or zips of them). */
export const CommentImportFields = z.object({
  libraryId: qInt.positive().describe('id of an S1000D library'),
  branch: BranchName.optional(),
});
export type CommentImportFields = z.infer<typeof CommentImportFields>;

export const COMMENT_IMPORT_ACTIONS = ['created', 'existing', 'skipped'] as const;
/** Why a comment file was skipped: its module is not in the library, it names none, or the comment a response answers is not there. */
export const COMMENT_SKIP_REASONS = ['moduleMissing', 'noModule', 'answersMissing'] as const;

export const CommentImportItem = z.object({
  file: z.string(),
  code: z.string().describe('COM-... code'),
  commentType: z.enum(['q', 'i', 'r']),
  action: z.enum(COMMENT_IMPORT_ACTIONS).describe('created; existing: already in the library (not duplicated); skipped'),
  /** The review comment (or reply) made or found. */
  commentId: z.number().nullable(),
  /** The data module it is on, and its path in the library. */
  dmCode: z.string().nullable(),
  path: z.string().nullable(),
  reason: z.enum(COMMENT_SKIP_REASONS).nullable(),
});
export type CommentImportItem = z.infer<typeof CommentImportItem>;

export const CommentImportResult = z.object({
  branch: z.string(),
  created: z.number(),
  existing: z.number(),
  skipped: z.number(),
  items: z.array(CommentImportItem),
});
export type CommentImportResult = z.infer<typeof CommentImportResult>;
