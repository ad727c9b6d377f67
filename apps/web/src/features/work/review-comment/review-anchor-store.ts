import type { QuoteQuery } from '@ccms/contracts/work/review-anchor';
import { create } from 'zustand';

/** Text the reviewer selected in the topic editor's visual view or preview, not yet commented on. */
export interface ReviewSelection extends QuoteQuery {
  /** The topic it was selected in. */
  path: string;
  source: 'editor' | 'preview';
}

interface ReviewAnchorState {
  selection: ReviewSelection | null;
  /** The thread whose place the editor shows (seq changes on each click, so a second click scrolls again). */
  shown: { id: number; seq: number } | null;
  /** The topic's text as the open editor has it now (registered by the editor; null elsewhere). */
  readXml: (() => string) | null;
  select: (selection: ReviewSelection | null) => void;
  show: (id: number) => void;
  setReader: (read: (() => string) | null) => void;
}

/** Between the topic editor (selections, highlights) and its review tab (new comments, threads clicked). */
export const useReviewAnchors = create<ReviewAnchorState>()((set) => ({
  selection: null,
  shown: null,
  readXml: null,
  select: (selection) => set({ selection }),
  show: (id) => set((s) => ({ shown: { id, seq: (s.shown?.seq ?? 0) + 1 } })),
  setReader: (readXml) => set({ readXml }),
}));
