import type { FileVersion, TextDiff } from '@ccms/contracts/content/catalog';
import type { StatusChange, TopicStatusBody } from '@ccms/contracts/content/status';
import type { TopicByPathQuery, TopicDetail, TopicHistory, TopicProps, TopicQuery, TopicReferences, TopicRow } from '@ccms/contracts/content/topic';
import type { z } from 'zod';
import { byUrl, type DataBody } from '../../../api/client';
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
  list: (query: TopicListParams) => catalogPage<TopicRow>('/ccms/topic/list', query),
  /** Silent: the page words a stale link itself ("Topic does not exist"). */
  get: (id: number) => byUrl.one<TopicDetail>(`/ccms/topic/${id}`, undefined, { silent: true }),
  byPath: (query: TopicByPathQuery) => byUrl.one<TopicDetail>('/ccms/topic/byPath', query, { silent: true }),
  /** The topic a detail page names (by id or by path). */
  at: (at: TopicAt) =>
    at.kind === 'id' ? topicApi.get(at.id) : topicApi.byPath({ libraryId: at.libraryId, path: at.path, ...(at.branch ? { branch: at.branch } : {}) }),
  update: (body: TopicProps) => byUrl.put('/ccms/topic', body),
  references: (id: number) => byUrl.one<TopicReferences>(`/ccms/topic/${id}/references`),
  history: (id: number, limit = 50) => byUrl.one<TopicHistory>(`/ccms/topic/${id}/history`, { limit }),
  version: (id: number, commit: string) => byUrl.one<FileVersion>(`/ccms/topic/${id}/version`, { commit }),
  diff: (id: number, { from, to }: DiffPair) => byUrl.one<TextDiff>(`/ccms/topic/${id}/diff`, { from, ...(to ? { to } : {}) }),
  setStatus: (id: number, body: z.input<typeof TopicStatusBody>) => byUrl.put<DataBody<StatusChange>>(`/ccms/topic/${id}/status`, body).then((r) => r.data),
};
