import type { TopicProps } from '@ccms/contracts/content/topic';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DiffPair, type TopicAt, type TopicListParams, topicApi } from './topic-api';

/**
 * The topic data layer: lists, details and every tab's data under `topicKeys.all`. Changes that
 * reach documents and search too (status, reindex) are in `catalog/catalog-queries.ts`.
 */
const keys = entityKeys<TopicListParams, TopicAt>('content', 'topic');
export const topicKeys = {
  ...keys,
  references: (id: number) => [...keys.all, 'references', id] as const,
  history: (id: number) => [...keys.all, 'history', id] as const,
  version: (id: number, commit: string | null) => [...keys.all, 'version', id, commit] as const,
  diff: (id: number, pair: DiffPair | null) => [...keys.all, 'diff', id, pair] as const,
};

/** Query definitions, for `useQuery` and `<ListPage listQuery>`. */
export const topicQueries = {
  list: (params: TopicListParams) => ({ queryKey: topicKeys.list(params), queryFn: () => topicApi.list(params) }),
  detail: (at: TopicAt) => ({ queryKey: topicKeys.detail(at), queryFn: () => topicApi.at(at) }),
};

/** The topic a detail page names (by id or by path); none: nothing is asked. */
export const useTopic = (at: TopicAt | null) => useQuery({ ...topicQueries.detail(at ?? { kind: 'id', id: 0 }), enabled: at !== null });

export const useTopicReferences = (id: number) => useQuery({ queryKey: topicKeys.references(id), queryFn: () => topicApi.references(id) });

export const useTopicHistory = (id: number) => useQuery({ queryKey: topicKeys.history(id), queryFn: () => topicApi.history(id) });

/** The file at one commit of its history (none chosen: nothing is asked). */
export const useTopicVersion = (id: number, commit: string | null) =>
  useQuery({ queryKey: topicKeys.version(id, commit), queryFn: () => topicApi.version(id, commit ?? ''), enabled: commit !== null });

export const useTopicDiff = (id: number, pair: DiffPair | null) =>
  useQuery({ queryKey: topicKeys.diff(id, pair), queryFn: () => topicApi.diff(id, pair ?? { from: '' }), enabled: pair !== null });

/** Saves a topic's database metadata (owner, progress, category, ...). */
export function useUpdateTopic() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: TopicProps) => topicApi.update(body), onSuccess: () => client.invalidateQueries({ queryKey: topicKeys.all }) });
}
