import type { MapDocument, MapKeyRef, MapPmRefRow, MapRef, MapSaveBody, MapSaveResult, MapUsage } from '@ccms/contracts/content/map-editor';
import type { EditorConflict, EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { z } from 'zod';
import { byUrl, codeOf, http, isEnvelope } from '../../../api/client';
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
  const response = await http.put<unknown>('/ccms/map-editor/save', body, { validateStatus: () => true, repeatSubmit: false });
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
  open: (target: Target) => byUrl.one<MapDocument>('/ccms/map-editor/open', target),
  resolve: (target: Target, hrefs: string[]) =>
    byUrl.post<{ data: MapRef[] }>('/ccms/map-editor/resolve', { ...target, hrefs }, { repeatSubmit: false, silent: true }).then((r) => r.data),
  resolveKeys: (target: Target, keyrefs: string[]) =>
    byUrl.post<{ data: MapKeyRef[] }>('/ccms/map-editor/resolve-keys', { ...target, keyrefs }, { repeatSubmit: false, silent: true }).then((r) => r.data),
  /** Publication modules of an S1000D library to reference from a PM (pmRef), by code or title. */
  pmRefs: (query: { libraryId: number; branch?: string | undefined; q: string; limit?: number }) => byUrl.one<MapPmRefRow[]>('/ccms/map-editor/pm-refs', query),
  usage: (target: Target, file: string) => byUrl.one<MapUsage>('/ccms/map-editor/usage', { ...target, file }),
  save,
};
