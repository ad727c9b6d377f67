import { type EditorDocument, type EditorTarget, TopicEditorApi } from '@ccms/contracts/content/topic-editor';
import type { z } from 'zod';
import { api } from '../../../api/client';

type Target = z.infer<typeof EditorTarget>;

/**
 * The topic editor's open call, kept apart from topic-editor-api.ts so that the app's boot can make
 * it (this module is part of the first script; the rest of the editor's API is not).
 */
export const openTopic = (target: Target, config?: { silent?: boolean }) => api.one(TopicEditorApi.open, { query: target }, config);

/** The topic a URL's query names: ?libraryId=&branch=&path= (null when it names none). */
export function targetOf(params: URLSearchParams): Target | null {
  const libraryId = Number(params.get('libraryId'));
  const path = params.get('path') ?? '';
  if (!Number.isInteger(libraryId) || libraryId <= 0 || !path) return null;
  const branch = params.get('branch') || undefined;
  return { libraryId, path, ...(branch ? { branch } : {}) };
}

/** An answer asked for at boot is adopted only this soon after (a page entered later asks again). */
const EARLY_ANSWER_MS = 15_000;

const keyOf = (target: Target) => `${target.libraryId}:${target.branch ?? ''}:${target.path}`;

let early: { key: string; at: number; answer: Promise<EditorDocument>; settled?: EditorDocument } | null = null;

/**
 * Asks for the topic a topic editor URL names while the app boots, beside user info and the menu
 * routes (a reload of the editor would otherwise ask only once those are in and the page has
 * rendered). Quiet: a failure is left to the page's own call, which reports it.
 */
export function openEarly(search: string): void {
  const target = targetOf(new URLSearchParams(search));
  if (!target || early?.key === keyOf(target)) return;
  const answer = openTopic(target, { silent: true });
  const entry: NonNullable<typeof early> = { key: keyOf(target), at: performance.now(), answer };
  answer.then(
    (doc) => {
      entry.settled = doc;
    },
    () => undefined,
  );
  early = entry;
}

/** The boot's entry for this topic, still fresh, or null. */
function freshEntry(target: Target) {
  const entry = early;
  if (!entry || entry.key !== keyOf(target) || performance.now() - entry.at > EARLY_ANSWER_MS) return null;
  return entry;
}

/** The boot's answer for this topic, once (later openings ask again), or null. */
export function takeEarlyOpen(target: Target): Promise<EditorDocument> | null {
  const taken = freshEntry(target);
  early = null;
  return taken?.answer ?? null;
}

/**
 * The boot's answer for this topic if it is already in, taken as by takeEarlyOpen (else undefined
 * and left for it): the page's first render has the document, with no render of the spinner and
 * no wait for the query's notification.
 */
export function takeSettledEarlyOpen(target: Target): EditorDocument | undefined {
  const doc = freshEntry(target)?.settled;
  if (doc !== undefined) early = null;
  return doc;
}
