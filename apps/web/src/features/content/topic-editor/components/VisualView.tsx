import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { Editor, JSONContent } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { pmName } from '../model/elements';
import { parseSrcKey, xmlToDoc } from '../model/to-editor';
import { docToXml } from '../model/to-xml';
import type { SelectedElement } from './AttributesPanel';
import { BROKEN_REFS_META, BrokenRefs } from './broken-refs';
import { elementPathAt } from './element-path';
import { type Insertion, insertionAttrs, insertionElement } from './insertions';
import { createDitaExtensions, type DitaResolvers, getSelectedElement, setAttributes } from './model-adapter';

export interface VisualHandle {
  /** The document as XML: unchanged parts exactly as they were read. */
  getXml: () => string;
  /** The cursor's element as an element path in the XML the view was loaded from. */
  cursorPath: () => number[];
  insert: (insertion: Insertion) => void;
  setAttributes: (attrs: Record<string, string>) => void;
  editor: () => Editor | null;
}

export interface VisualViewProps {
  /** The XML the view starts from (read once; remount to load another). */
  xml: string;
  /** Offset in `xml` to put the cursor in (the element the source view's cursor was in). */
  cursorOffset?: number | undefined;
  readOnly: boolean;
  resolvers: DitaResolvers;
  /** Structure problems of the content; broken references among them are underlined. */
  problems: readonly EditorProblem[];
  onChange: () => void;
  onSelect: (element: SelectedElement | null) => void;
}

/** The node JSON an insertion makes in the visual view. */
function insertionNode(insertion: Insertion): JSONContent {
  const attrs = insertionAttrs(insertion);
  if (insertion.kind === 'image') {
    return { type: 'image', attrs: { attrs: insertion.alt ? { ...attrs, alt: insertion.alt } : attrs } };
  }
  if (insertion.kind === 'conref') return { type: pmName(insertion.element), attrs: { attrs } };
  const name = insertionElement(insertion);
  const text = insertion.kind === 'xref' || insertion.kind === 'term' ? insertion.text : undefined;
  return { type: 'inline_ref', attrs: { name, attrs: text ? { ...attrs } : attrs } };
}

/** The innermost node around the selection that came from the file, as its start offset there. */
function cursorSourceOffset(editor: Editor): number | null {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const src = parseSrcKey($from.node(depth).attrs.src);
    if (src) return src.start;
  }
  return null;
}

/** Puts the cursor in the innermost node whose source range holds `offset`. */
function placeCursor(editor: Editor, offset: number) {
  let best: { pos: number; size: number } | null = null;
  editor.state.doc.descendants((node, pos) => {
    const src = parseSrcKey(node.attrs.src);
    if (!src || offset < src.start || offset >= src.end) return src === null || offset >= src.start;
    if (!best || src.end - src.start <= best.size) best = { pos, size: src.end - src.start };
    return true;
  });
  const found = best as { pos: number; size: number } | null;
  if (found) editor.commands.setTextSelection(Math.min(found.pos + 1, editor.state.doc.content.size));
  editor.commands.focus();
}

/** The visual (TipTap) view of a topic, on the model's DITA schema and extensions. */
export const VisualView = forwardRef<VisualHandle, VisualViewProps>(function VisualView(
  { xml, cursorOffset, readOnly, resolvers, problems, onChange, onSelect },
  ref,
) {
  const loaded = useRef(xml);
  const extensions = useMemo(() => [...createDitaExtensions(resolvers), BrokenRefs], [resolvers]);
  const initial = useMemo(() => xmlToDoc(xml), [xml]);
  const callbacks = useRef({ onChange, onSelect });
  callbacks.current = { onChange, onSelect };
  const editor = useEditor({
    extensions,
    content: initial.doc,
    editable: !readOnly && initial.editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onCreate: ({ editor: e }) => {
      if (cursorOffset !== undefined) placeCursor(e, cursorOffset);
    },
    onUpdate: () => callbacks.current.onChange(),
    onSelectionUpdate: ({ editor: e }) => callbacks.current.onSelect(getSelectedElement(e)),
  });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(BROKEN_REFS_META, problems));
  }, [editor, problems]);
  useImperativeHandle(
    ref,
    () => ({
      getXml: () => (editor ? docToXml(editor.state.doc, loaded.current) : loaded.current),
      cursorPath: () => {
        const offset = editor ? cursorSourceOffset(editor) : null;
        return offset === null ? [] : elementPathAt(loaded.current, offset);
      },
      insert: (insertion) => {
        editor?.chain().focus().insertContent(insertionNode(insertion)).run();
      },
      setAttributes: (attrs) => {
        if (!editor) return;
        setAttributes(editor, attrs);
        callbacks.current.onSelect(getSelectedElement(editor));
      },
      editor: () => editor,
    }),
    [editor],
  );
  return <EditorContent editor={editor} className="te-visual" data-testid="visual-editor" />;
});
