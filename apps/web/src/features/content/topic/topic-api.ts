import type { FileVersion, TextDiff } from '@ccms/contracts/content/catalog';
import type { StatusChange, TopicStatusBody } from '@ccms/contracts/content/status';
import type { TopicByPathQuery, TopicDetail, TopicHistory, TopicProps, TopicQuery, TopicReferences, TopicRow } from '@ccms/contracts/content/topic';
import type { z } from 'zod';
import { type ApiEnvelope, api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';
import type { CatalogPage, Scope } from '../document/document-api';

type Data<T> = ApiEnvelope & { data: T };

export type TopicFilters = Pick<TopicQuery, 'title' | 'code' | 'status' | 'owner' | 'folder' | 'docType'>;

/** Topics of a branch (server: modules/content/topic). */
export const topicApi = {
  list: (query: TopicFilters & Scope & PageParams) => api.get<ApiEnvelope & CatalogPage<TopicRow>>('/ccms/topic/list', query),
  /** Silent: the page words a stale link itself ("Topic does not exist"). */
  get: (id: number) => api.get<Data<TopicDetail>>(`/ccms/topic/${id}`, undefined, { silent: true }).then((r) => r.data),
  byPath: (query: TopicByPathQuery) => api.get<Data<TopicDetail>>('/ccms/topic/byPath', query, { silent: true }).then((r) => r.data),
  update: (body: TopicProps) => api.put('/ccms/topic', body),
  references: (id: number) => api.get<Data<TopicReferences>>(`/ccms/topic/${id}/references`).then((r) => r.data),
  history: (id: number, limit = 50) => api.get<Data<TopicHistory>>(`/ccms/topic/${id}/history`, { limit }).then((r) => r.data),
  version: (id: number, commit: string) => api.get<Data<FileVersion>>(`/ccms/topic/${id}/version`, { commit }).then((r) => r.data),
  diff: (id: number, from: string, to?: string) => api.get<Data<TextDiff>>(`/ccms/topic/${id}/diff`, { from, ...(to ? { to } : {}) }).then((r) => r.data),
  setStatus: (id: number, body: z.input<typeof TopicStatusBody>) => api.put<Data<StatusChange>>(`/ccms/topic/${id}/status`, body).then((r) => r.data),
};
