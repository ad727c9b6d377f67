import { DOCUMENT_STATUSES, nextDocumentStatuses, nextTopicStatuses } from '@ccms/contracts/content/status';
import dayjs from 'dayjs';

/** What a set-status dialog changes: a document, a topic, or the topic behind a toc node. */
export type StatusKind = 'document' | 'topic' | 'tocNode';

/** Every status name (documents have them all; topics a subset). */
export type AnyStatus = (typeof DOCUMENT_STATUSES)[number];

export const isStatus = (s: string | null | undefined): s is AnyStatus => (DOCUMENT_STATUSES as readonly string[]).includes(s ?? '');

/** The targets a set-status dialog may offer: the contract's transitions, nothing for an unknown status. */
export function statusTargets(kind: StatusKind, from: string | null | undefined): readonly AnyStatus[] {
  if (!from) return [];
  return kind === 'document' ? nextDocumentStatuses(from) : nextTopicStatuses(from);
}

/** Tag colours of the statuses. */
export const STATUS_COLORS: Record<AnyStatus, string> = {
  draft: 'default',
  underReview: 'processing',
  approved: 'success',
  published: 'cyan',
  distributed: 'geekblue',
  archived: 'warning',
};

/** The short form of a commit id shown on every list and detail. */
export const shortCommit = (commit: string | null | undefined) => (commit ? commit.slice(0, 8) : '');

export const formatTime = (v: string | Date | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');
