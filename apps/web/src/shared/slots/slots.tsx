import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type { Editor } from '@tiptap/core';
import { type ComponentType, type ReactNode, Suspense, use } from 'react';

/**
 * Pane, tab and action slots (issue 35): where the content area's pages show what other areas
 * add, without importing them. Content is below work, publish and compliance; each of those
 * fills its slots once at start-up (app/slots.tsx, before the first render) and content renders
 * whatever is there. An empty slot shows nothing: the page works without the area.
 */

/** A tab another area adds: `key` is also the `?tab=` value; tabs are shown by `order`, then as registered. */
export interface SlotTab<P> {
  key: string;
  order: number;
  /** The tab's label (a component, so it reads its own area's texts). */
  Label: ComponentType;
  Pane: ComponentType<P>;
}

/** The topic a topic page shows. */
export interface TopicTabProps {
  topicId: number;
  libraryId: number;
  branch: string;
  path: string;
  /** The topic's title, else its path. */
  title: string;
}

/** The document a document page shows. */
export interface DocumentTabProps {
  documentId: number;
  libraryId: number;
}

/** The topic open in the topic editor. */
export interface EditorTabProps {
  libraryId: number;
  branch?: string | undefined;
  path: string;
  /** The topic's id in the catalogue: undefined until known, or when the file is not indexed. */
  topicId: number | undefined;
  /** The topic's text as last loaded. */
  content?: string | undefined;
}

/** The element at the editor's cursor that an action acts on. */
export interface PickedElement {
  /** The element's name, and its id (a new one when it had none: `isNew`). */
  name: string;
  id: string;
  isNew: boolean;
  /** Whether the topic is saved before the action (a new id, or unsaved edits). */
  mustSave: boolean;
}

/** What the topic editor offers an action of its toolbar. */
export interface EditorActionProps {
  /** The topic in the catalogue; resolves to undefined when it is not indexed. */
  topic(): Promise<{ topicId: number; libraryId: number; title: string } | undefined>;
  /**
   * The element at the cursor, given an id when it has none; 'none' when no element there can
   * carry one (the action tells why); null when the editor told the writer why not (malformed text).
   */
  pickElement(): PickedElement | 'none' | null;
  /** True, after telling the writer, when the element must be saved first and the topic is read-only. */
  refuseReadOnly(element: PickedElement): boolean;
  /** Saves the topic, with the picked element's new id when `isNew`; resolves whether it saved. */
  saveFirst(element: PickedElement): Promise<boolean>;
}

/** What the editor's review anchoring gets (see features/work: review comments in the editor). */
export interface EditorAnchorsOptions {
  target: { libraryId: number; branch?: string | undefined; path: string };
  /** The visual view's editor (null in the source view). */
  editor: () => Editor | null;
  /** The topic's text now. */
  readXml: () => string;
  /** Changes when the visual view is made again. */
  viewSeq: unknown;
  /** The commit the editor's text is based on. */
  baseCommit: string;
}

/** Publishing a document or a publication (the publish area's dialog). */
export interface PublishDialogProps {
  open: boolean;
  libraryId: number;
  target: { publicationId: number } | { documentId: number };
  onClose: () => void;
  /** After the outputs were queued (before onClose). */
  onPublished?: () => void;
}

/** The content area's publishing places: the document's output tab, the map editor, the flight-ops drawer. */
export interface PublishSlots {
  Dialog: ComponentType<PublishDialogProps>;
  /** The outputs of one document. */
  Outputs: ComponentType<{ scope: { documentId: number } }>;
}

/** A new task raised from a content screen (the S1000D data module list: a missing module). */
export interface NewTaskDialogProps {
  preset: { title: string; description: string; category: 'writing' };
  onClose: () => void;
}

/** The catalogue scope an S1000D transfer works in. */
export interface TransferTabProps {
  scope: CatalogScope;
}

export type EditorAnchorsHook = (options: EditorAnchorsOptions) => ((frame: HTMLIFrameElement | null) => void) | undefined;

/** A hook in its own chunk: `useLoaded` suspends the page that calls it once, until it is there. */
export interface LazyHook<H> {
  load(): Promise<H>;
}

type Tracked<H> = Promise<H> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: H; reason?: unknown };

/** A hook loaded on first use (the module's promise is kept, with its state, so React's `use` reads it at once when loaded). */
export function lazyHook<H>(load: () => Promise<H>): LazyHook<H> {
  let loading: Tracked<H> | undefined;
  return {
    load() {
      if (!loading) {
        const p: Tracked<H> = load();
        p.status = 'pending';
        p.then(
          (value) => Object.assign(p, { status: 'fulfilled', value }),
          (reason) => Object.assign(p, { status: 'rejected', reason }),
        );
        loading = p;
      }
      return loading;
    },
  };
}

/** The hook a lazy hook slot holds; the component suspends until it has loaded (once per app). */
export function useLoaded<H>(hook: LazyHook<H>): H {
  return use(hook.load());
}

export interface Slots {
  /** Tabs of the topic page after its own (work: review, compliance: regulations). */
  topicTabs: SlotTab<TopicTabProps>[];
  /** Tabs of the document page among its own (structure 10 ... connections 50, revisions 70; publish: outputs 60). */
  documentTabs: SlotTab<DocumentTabProps>[];
  /** Tabs of the topic editor's left column, among its own (toc 10, search 30). */
  editorTabs: SlotTab<EditorTabProps>[];
  /** Buttons at the head of the topic editor's toolbar (compliance: link to regulation). */
  editorActions: { key: string; Action: ComponentType<EditorActionProps> }[];
  /** The review marks of the topic editor (a hook, loaded with the editor); answers the ref of the preview's frame. */
  editorAnchors: LazyHook<EditorAnchorsHook>;
  /** Publishing (the publish area). */
  publish: PublishSlots | undefined;
  /** A new task's dialog (the work area). */
  newTask: ComponentType<NewTaskDialogProps> | undefined;
  /** Tabs of the S1000D transfer dialog after its own (work: comment files out and in). */
  transferTabs: SlotTab<TransferTabProps>[];
}

const empty = (): Slots => ({
  topicTabs: [],
  documentTabs: [],
  editorTabs: [],
  editorActions: [],
  editorAnchors: lazyHook(async () => () => undefined),
  publish: undefined,
  newTask: undefined,
  transferTabs: [],
});

let slots: Slots = empty();

/** Fills slots (at start-up): list slots are added to, the others replaced. */
export function fillSlots(part: Partial<Slots>) {
  const next = { ...slots };
  for (const [name, value] of Object.entries(part) as [keyof Slots, unknown][]) {
    const current = next[name];
    (next as Record<keyof Slots, unknown>)[name] = Array.isArray(current) ? [...current, ...(value as unknown[])] : value;
  }
  slots = next;
}

/** Empties every slot (tests that show a page without the other areas). */
export function clearSlots() {
  slots = empty();
}

/** What a slot holds now. Slots are filled before the first render and do not change while the app runs. */
export function slot<K extends keyof Slots>(name: K): Slots[K] {
  return slots[name];
}

/** A tab slot's tabs merged with a page's own, by order, as antd Tabs items. */
export function tabItems<P extends object>(
  own: { key: string; order: number; label: ReactNode; children: ReactNode }[],
  slotted: SlotTab<P>[],
  props: P,
): { key: string; label: ReactNode; children: ReactNode }[] {
  const added = slotted.map(({ key, order, Label, Pane }) => ({
    key,
    order,
    label: (
      <Suspense fallback={null}>
        <Label />
      </Suspense>
    ),
    children: (
      <Suspense fallback={null}>
        <Pane {...props} />
      </Suspense>
    ),
  }));
  return [...own, ...added].sort((a, b) => a.order - b.order).map(({ key, label, children }) => ({ key, label, children }));
}
