import { MapEditorApi, type MapSaveBody, type MapSaveResult } from '@ccms/contracts/content/map-editor';
import type { EditorConflict, EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { z } from 'zod';
import { api, codeOf, http, isEnvelope, requestOf } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { feedback } from '../../../feedback/feedback';
import type { Target } from '../topic-editor/topic-editor-api';

/** What a map save answers: saved, refused as invalid (located problems), or a conflict to merge. */
export type MapSaveOutcome =
  | { kind: 'saved'; result: MapSaveResult }
  | { kind: 'invalid'; problems: EditorProblem[] }
  | { kind: 'conflict'; conflict: EditorConflict };

function hasProblems(data: unknown): data is { problems: EditorProblem[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { problems?: unknown }).problems);
}

function isConflict(data: unknown): data is EditorConflict {
  return typeof data === 'object' && data !== null && typeof (data as { theirs?: unknown }).theirs === 'string';
}

/** PUT save: its 400 with problems and its 409 carry data the editor shows itself; other refusals are a toast. */
async function save(body: z.input<typeof MapSaveBody>): Promise<MapSaveOutcome> {
  const response = await http.request<unknown>(requestOf(MapEditorApi.save, { body }, { validateStatus: () => true, repeatSubmit: false }));
  const envelope = response.data;
  const code = isEnvelope(envelope) ? codeOf(envelope) : response.status;
  const data = (envelope as { data?: unknown } | null)?.data;
  if (code === 200) return { kind: 'saved', result: data as MapSaveResult };
  if (code === 400 && hasProblems(data)) return { kind: 'invalid', problems: data.problems };
  if (code === 409 && isConflict(data)) return { kind: 'conflict', conflict: data };
  const text = isEnvelope(envelope) && envelope.msg ? envelope.msg : `HTTP ${response.status}`;
  feedback.notification.error({ title: text });
  throw new ApiError(text, code);
}

/** The map editor (server: modules/content/map-editor; drafts and presence are the topic editor's). */
export const mapEditorApi = {
  open: (target: Target) => api.one(MapEditorApi.open, { query: target }),
  resolve: (target: Target, hrefs: string[]) => api.one(MapEditorApi.resolve, { body: { ...target, hrefs } }, { repeatSubmit: false, silent: true }),
  resolveKeys: (target: Target, keyrefs: string[]) =>
    api.one(MapEditorApi.resolveKeys, { body: { ...target, keyrefs } }, { repeatSubmit: false, silent: true }),
  /** Publication modules of an S1000D library to reference from a PM (pmRef), by code or title. */
  pmRefs: (query: { libraryId: number; branch?: string | undefined; q: string; limit?: number }) => api.one(MapEditorApi.pmRefs, { query }),
  usage: (target: Target, file: string) => api.one(MapEditorApi.usage, { query: { ...target, file } }),
  save,
};
