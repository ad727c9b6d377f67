import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, okOf, rowsOf } from '../http';
import { TextDiff, VersionRef } from './catalog';
import { DocumentIdParam, DocumentPageQuery, DocumentPerm } from './document';

/** A document's revisions (named commits, kept as git tags) and the comparison of two of them, its toc or one topic (server: document-revision.ts). */

/** A revision name: also part of a git tag, so letters, digits, dot, dash and underscore. */
export const RevisionName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w][\w.-]*$/, { message: 'field.invalidFormat' })
  .refine((v) => !v.endsWith('.lock') && !v.includes('..') && !v.endsWith('.'), { message: 'field.invalidFormat' });

/** POST /ccms/document/{id}/revision: names the indexed commit of the document. */
export const RevisionBody = z.object({
  name: RevisionName.describe('revision name, unique per document ("Revision {revision} already exist!")'),
  description: z.string().trim().max(500).default(''),
});
export type RevisionBody = z.infer<typeof RevisionBody>;

/** GET /ccms/document/{id}/revisions (newest first) and the answer of creating one. */
export const RevisionRow = z.object({
  revisionId: z.number(),
  documentId: z.number(),
  name: z.string(),
  commit: z.string(),
  tagName: z.string().describe('the git tag pushed to the remote'),
  description: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type RevisionRow = z.infer<typeof RevisionRow>;

/** GET /ccms/document/{id}/compare: `from` and `to` are revision names or commit ids. */
export const CompareQuery = z.object({
  from: z.string().trim().min(1).max(100).describe('revision name or commit id (older)'),
  to: z.string().trim().min(1).max(100).describe('revision name or commit id (newer)'),
});
export type CompareQuery = z.infer<typeof CompareQuery>;

export const ChangedTopic = z.object({
  path: z.string(),
  title: z.string(),
  topicId: z.number().nullable().describe('the topic in the current index, when it still exists'),
  change: z.enum(['added', 'removed', 'modified']),
});
export type ChangedTopic = z.infer<typeof ChangedTopic>;

export const DocumentCompare = z.object({
  documentId: z.number(),
  from: VersionRef,
  to: VersionRef,
  mapChanged: z.boolean().describe('a map file of the document changed'),
  topics: z.array(ChangedTopic),
});
export type DocumentCompare = z.infer<typeof DocumentCompare>;

/** GET /ccms/document/{id}/compare/topic: one file side by side between two revisions. */
export const CompareTopicQuery = CompareQuery.extend({ path: z.string().trim().min(1).max(1000).describe('ChangedTopic.path') });
export type CompareTopicQuery = z.infer<typeof CompareTopicQuery>;
/** Answer of compare/topic: TextDiff from ./catalog. */
export const DocumentTopicDiff = TextDiff;

const tag = 'content/document';

/** The document revision API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DocumentRevisionApi = {
  revisions: endpoint({
    method: 'GET',
    url: '/ccms/document/:id/revisions',
    access: { permission: DocumentPerm.query },
    summary: "List a document's revisions by page",
    tag,
    params: DocumentIdParam,
    query: DocumentPageQuery,
    response: rowsOf(RevisionRow),
  }),
  addRevision: endpoint({
    method: 'POST',
    url: '/ccms/document/:id/revision',
    access: { permission: DocumentPerm.edit },
    summary: 'Record a new revision of a document',
    tag,
    params: DocumentIdParam,
    body: RevisionBody,
    response: okOf(RevisionRow),
  }),
  compare: endpoint({
    method: 'GET',
    url: '/ccms/document/:id/compare',
    access: { permission: DocumentPerm.query },
    summary: "Compare two versions of a document's table of contents",
    tag,
    params: DocumentIdParam,
    query: CompareQuery,
    response: okOf(DocumentCompare),
  }),
  compareTopic: endpoint({
    method: 'GET',
    url: '/ccms/document/:id/compare/topic',
    access: { permission: DocumentPerm.query },
    summary: 'Compare one topic between two versions of a document',
    tag,
    params: DocumentIdParam,
    query: CompareTopicQuery,
    response: okOf(TextDiff),
  }),
};
