import { z } from 'zod';

/**
 * Statuses of documents and topics (spec section 4) and the changes allowed between them.
 * The server refuses any other change; the web offers only `nextDocumentStatuses(from)` /
 * `nextTopicStatuses(from)` in its set-status dialog.
 */
export const DOCUMENT_STATUSES = ['draft', 'underReview', 'approved', 'published', 'distributed', 'archived'] as const;
export const DocumentStatus = z.enum(DOCUMENT_STATUSES).describe('document status code');
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export const TOPIC_STATUSES = ['draft', 'underReview', 'approved', 'archived'] as const;
export const TopicStatus = z.enum(TOPIC_STATUSES).describe('topic status code');
export type TopicStatus = z.infer<typeof TopicStatus>;

/** What a new document or topic starts as (also what an indexed file without a database row shows). */
export const INITIAL_STATUS = 'draft' as const;

/**
 * Document: draft → under review → approved → published → distributed; a review can send it
 * back to draft (rejection); any status can be archived; an archived one is restored to draft.
 */
export const DOCUMENT_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  draft: ['underReview', 'archived'],
  underReview: ['approved', 'draft', 'archived'],
  approved: ['published', 'archived'],
  published: ['distributed', 'archived'],
  distributed: ['archived'],
  archived: ['draft'],
};

/** Topic: draft → under review → approved; rejection back to draft; any → archived; archived → draft. */
export const TOPIC_TRANSITIONS: Readonly<Record<TopicStatus, readonly TopicStatus[]>> = {
  draft: ['underReview', 'archived'],
  underReview: ['approved', 'draft', 'archived'],
  approved: ['archived'],
  archived: ['draft'],
};

const isDocumentStatus = (s: string): s is DocumentStatus => (DOCUMENT_STATUSES as readonly string[]).includes(s);
const isTopicStatus = (s: string): s is TopicStatus => (TOPIC_STATUSES as readonly string[]).includes(s);

/** Statuses a document in `from` may move to (none for an unknown status). */
export const nextDocumentStatuses = (from: string): readonly DocumentStatus[] => (isDocumentStatus(from) ? DOCUMENT_TRANSITIONS[from] : []);
/** Statuses a topic in `from` may move to (none for an unknown status). */
export const nextTopicStatuses = (from: string): readonly TopicStatus[] => (isTopicStatus(from) ? TOPIC_TRANSITIONS[from] : []);

/**
 * Status after a topic's content is saved (issue 13): an approved (or published) revision stays
 * in git history, but the edited text is not approved, so it goes back to draft; any other
 * status is kept.
 */
const REOPENED_BY_EDIT: readonly string[] = ['approved', 'published'];
export const statusAfterEdit = (status: string): string => (REOPENED_BY_EDIT.includes(status) ? INITIAL_STATUS : status);

/**
 * Statuses that say content was reviewed: only the workflow sets them, or by hand a reviewer of
 * the content (issue 16); anyone else setting them is refused.
 */
export const REVIEWER_ONLY_STATUSES = ['approved', 'published', 'distributed'] as const satisfies readonly DocumentStatus[];
export const isReviewerOnlyStatus = (status: string): status is (typeof REVIEWER_ONLY_STATUSES)[number] =>
  (REVIEWER_ONLY_STATUSES as readonly string[]).includes(status);

export const canChangeDocumentStatus = (from: string, to: string) => (nextDocumentStatuses(from) as readonly string[]).includes(to);
export const canChangeTopicStatus = (from: string, to: string) => (nextTopicStatuses(from) as readonly string[]).includes(to);

/** Body of the set-status dialog of a document. */
export const DocumentStatusBody = z.object({
  status: DocumentStatus.describe('target status; must be one of nextStatuses of the document'),
  comment: z.string().trim().max(500).default('').describe('why (kept in the operation log)'),
});
export type DocumentStatusBody = z.infer<typeof DocumentStatusBody>;

/** Body of the set-status dialog of a topic. */
export const TopicStatusBody = z.object({
  status: TopicStatus.describe('target status; must be one of nextStatuses of the topic'),
  comment: z.string().trim().max(500).default(''),
});
export type TopicStatusBody = z.infer<typeof TopicStatusBody>;

/** Set-status of a toc node: sets the status of the topic the node points at. */
export const TocNodeStatusBody = TopicStatusBody.extend({
  nodeId: z.string().trim().min(1).max(200).describe('TocNode.nodeId from the document structure'),
});
export type TocNodeStatusBody = z.infer<typeof TocNodeStatusBody>;

/** Answer of every set-status call. */
export const StatusChange = z.object({
  kind: z.enum(['document', 'topic']),
  id: z.number().describe('documentId or topicId'),
  path: z.string(),
  from: z.string(),
  to: z.string(),
  /** What the new status allows next (for the dialog to refresh without another call). */
  nextStatuses: z.array(z.string()),
});
export type StatusChange = z.infer<typeof StatusChange>;
