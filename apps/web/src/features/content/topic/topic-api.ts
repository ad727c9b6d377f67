import type { TopicStatusBody } from '@ccms/contracts/content/status';
import { TopicApi, type TopicByPathQuery, type TopicProps, type TopicQuery } from '@ccms/contracts/content/topic';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';
import { catalogPage } from '../catalog/catalog-api';
import type { Scope } from '../document/document-api';

export type TopicFilters = Pick<TopicQuery, 'title' | 'code' | 'status' | 'owner' | 'folder' | 'docType'>;
export type TopicListParams = TopicFilters & Scope & PageParams;
/** Which topic a detail page shows: by id, or by its path in a library branch. */
export type TopicAt = { kind: 'id'; id: number } | { kind: 'path'; libraryId: number; path: string; branch: string | undefined };
/** Two versions of the topic's file (`to` absent: the indexed version). */
export interface DiffPair {
  from: string;
  to?: string;
}

/** Topics of a branch (server: modules/content/topic). Screens use `topic-queries.ts`. */
export const topicApi = {
  list: (query: TopicListParams) => catalogPage(TopicApi.list, query),
  /** Silent: the page words a stale link itself ("Topic does not exist"). */
  get: (id: number) => api.one(TopicApi.get, { path: { id } }, { silent: true }),
  byPath: (query: TopicByPathQuery) => api.one(TopicApi.byPath, { query }, { silent: true }),
  /** The topic a detail page names (by id or by path). */
  at: (at: TopicAt) =>
    at.kind === 'id' ? topicApi.get(at.id) : topicApi.byPath({ libraryId: at.libraryId, path: at.path, ...(at.branch ? { branch: at.branch } : {}) }),
  update: (body: TopicProps) => api.call(TopicApi.edit, { body }),
  references: (id: number) => api.one(TopicApi.references, { path: { id } }),
  history: (id: number, limit = 50) => api.one(TopicApi.history, { path: { id }, query: { limit } }),
  version: (id: number, commit: string) => api.one(TopicApi.version, { path: { id }, query: { commit } }),
  diff: (id: number, { from, to }: DiffPair) => api.one(TopicApi.diff, { path: { id }, query: { from, ...(to ? { to } : {}) } }),
  setStatus: (id: number, body: z.input<typeof TopicStatusBody>) => api.one(TopicApi.setStatus, { path: { id }, body }),
};
