import {
  type EditorConflict,
  type EditorDraftBody,
  type EditorNewBody,
  type EditorPresence,
  type EditorPreview,
  type EditorPreviewBody,
  type EditorProblem,
  type EditorSaveBody,
  type EditorSaveResult,
  type EditorTarget,
  type EditorValidateBody,
  type EditorValidateResult,
  TopicEditorApi,
} from '@ccms/contracts/content/topic-editor';
import { type EditorKeysQuery, type EditorTargetsQuery, TopicEditorPickerApi } from '@ccms/contracts/content/topic-editor-pickers';
import { urlOf } from '@ccms/contracts/endpoint';
import type { z } from 'zod';
import { api, codeOf, http, isEnvelope, requestOf } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { feedback } from '../../../feedback/feedback';
import { openTopic } from './early-open';

export type Target = z.infer<typeof EditorTarget>;
export type TargetsQuery = z.infer<typeof EditorTargetsQuery>;
export type KeysQuery = z.infer<typeof EditorKeysQuery>;
/** A search of an S1000D library's objects by code or title (dm-refs, cir-items, pm-refs). */
export type CodeQuery = { libraryId: number; branch?: string | undefined; q: string; limit?: number };
export type PreviewAnswer = z.infer<typeof EditorPreview>;
export type ValidateAnswer = z.infer<typeof EditorValidateResult>;

/** What a save answers: saved, refused as invalid (located problems), or a conflict to merge. */
export type SaveOutcome =
  | { kind: 'saved'; result: EditorSaveResult }
  | { kind: 'invalid'; problems: EditorProblem[] }
  | { kind: 'conflict'; conflict: EditorConflict };

function hasProblems(data: unknown): data is { problems: EditorProblem[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { problems?: unknown }).problems);
}

function isConflict(data: unknown): data is EditorConflict {
  return typeof data === 'object' && data !== null && typeof (data as { theirs?: unknown }).theirs === 'string';
}

/**
 * PUT save: its 400 (editor.invalid) and 409 (editor.conflict) carry data the editor shows
 * itself (problems, the three versions), so they are read here instead of the client's toast.
 */
async function save(body: EditorSaveBody): Promise<SaveOutcome> {
  const response = await http.request<unknown>(requestOf(TopicEditorApi.save, { body }, { validateStatus: () => true, repeatSubmit: false }));
  const envelope = response.data;
  const code = isEnvelope(envelope) ? codeOf(envelope) : response.status;
  const data = (envelope as { data?: unknown } | null)?.data;
  if (code === 200) return { kind: 'saved', result: data as EditorSaveResult };
  if (code === 400 && hasProblems(data)) return { kind: 'invalid', problems: data.problems };
  if (code === 409 && isConflict(data)) return { kind: 'conflict', conflict: data };
  const text = isEnvelope(envelope) && envelope.msg ? envelope.msg : `HTTP ${response.status}`;
  feedback.notification.error({ title: text });
  throw new ApiError(text, code);
}

/** The topic editor (server: modules/content/topic-editor). */
export const topicEditorApi = {
  open: openTopic,
  save,
  validate: (body: z.input<typeof EditorValidateBody>) => api.one(TopicEditorApi.validate, { body }, { repeatSubmit: false, silent: true }),
  preview: (body: z.input<typeof EditorPreviewBody>) => api.one(TopicEditorApi.preview, { body }, { repeatSubmit: false, silent: true }),
  /** Kept quietly: a failed draft write is retried with the next change, never a toast while typing. */
  putDraft: (body: z.input<typeof EditorDraftBody>) => api.call(TopicEditorApi.putDraft, { body }, { repeatSubmit: false, silent: true }),
  dropDraft: (target: Target) => api.call(TopicEditorApi.dropDraft, { body: target }, { silent: true }),
  create: (body: z.input<typeof EditorNewBody>) => api.one(TopicEditorApi.newTopic, { body }),
  targets: (query: TargetsQuery) => api.one(TopicEditorPickerApi.targets, { query }),
  keys: (query: KeysQuery) => api.one(TopicEditorPickerApi.keys, { query }),
  /** Data modules of an S1000D library to reference (dmRef picker). */
  dmRefs: (query: CodeQuery) => api.one(TopicEditorPickerApi.dmRefs, { query }),
  /** Items of an S1000D library's common information repositories (CIR picker). */
  cirItems: (query: CodeQuery) => api.one(TopicEditorPickerApi.cirItems, { query }),
  /** An S1000D object's completion grammar, from the installed schema of its issue. */
  grammar: (target: Target) => api.one(TopicEditorPickerApi.grammar, { query: target }),
};

/** The presence stream's URL (SSE): EventSource sends no Authorization header, the open answer's ticket stands in. */
export function presenceUrl(target: Target, ticket: string): string {
  const query = new URLSearchParams({ libraryId: String(target.libraryId), path: target.path, ticket, ...(target.branch ? { branch: target.branch } : {}) });
  return `${http.defaults.baseURL ?? ''}${urlOf(TopicEditorApi.presence)}?${query.toString()}`;
}

/** Follows the presence stream (each event's data is who has the topic open); returns the stop function. */
export function followPresence(target: Target, ticket: string, onList: (list: EditorPresence) => void): () => void {
  const source = new EventSource(presenceUrl(target, ticket));
  source.onmessage = (event: MessageEvent<string>) => onList(JSON.parse(event.data) as EditorPresence);
  return () => source.close();
}
