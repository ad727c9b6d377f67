import type { ContentStandardId } from '@ccms/contracts/content/standard';
import type { EditorLink, EditorProblem, EditorProfileVocabulary } from '@ccms/contracts/content/topic-editor';
import type { Content, Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { forwardRef, memo, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { APPLIC_PREVIEW_META, applicGroups } from '../model/applic-preview';
import { CONREF_REFRESH_META } from '../model/conref-display';
import { documentFor } from '../model/conversion-cache';
import { createDitaExtensions, type DitaResolvers } from '../model/editor';
import { type ElementPath, elementPathAtPos, posOfElementPath } from '../model/element-path';
import { type IcnFile, syncIcnEntities } from '../model/icn-entities';
import { profileVocabulary } from '../model/profile-vocabulary';
import { getSelectedElement } from '../model/selected-element';
import { docToXml } from '../model/to-xml';
import { vocabularyFor } from '../model/vocabulary';
import type { SelectedElement } from './AttributesPanel';
import { BROKEN_REFS_META, BrokenRefs } from './broken-refs';
import { type Insertion, insertionAttrs } from './insertions';
import { LINK_TITLES_META, LinkTitles } from './link-titles';
import { PROBLEM_MARKS_META, ProblemMarks, placeProblems } from './problem-marks';
import { ReviewMarks } from './review-marks';

export interface VisualHandle {
  /** The document as XML: unchanged parts exactly as they were read. */
  getXml: () => string;
  /** The cursor's element (to put the source view's cursor in the same element). */
  cursorPath: () => ElementPath;
  insert: (insertion: Insertion) => void;
  setAttributes: (attrs: Record<string, string>) => void;
  editor: () => Editor | null;
}

export interface VisualViewProps {
  /** S1000D: the product whose applicability the view previews (null: display texts on hover only; undefined: no preview). */
  applicAssignment?: Record<string, string> | null | undefined;
  /** The library's content standard: the vocabulary the view models (DITA's by default). */
  standard?: ContentStandardId | undefined;
  /** An XML profile's file: the profile's vocabulary, which the view models instead of a standard's. */
  profile?: EditorProfileVocabulary | undefined;
  /** The XML the view starts from (read once; remount to load another). */
  xml: string;
  /** Put the cursor in this element at mount (the element the source view's cursor was in). */
  cursorPath?: ElementPath | undefined;
  readOnly: boolean;
  /** How references are shown; `resolversVersion` changes when their answers do. */
  resolvers: DitaResolvers;
  resolversVersion: unknown;
  /** Structure and reference problems of the content; broken references among them are underlined. */
  problems: readonly EditorProblem[];
  /** The engine's answer for the cross-references (the preview's): an xref without text shows its target's title. */
  links?: readonly EditorLink[] | undefined;
  onChange: () => void;
  onSelect: (element: SelectedElement | null) => void;
}

/** Runs an insertion from a picker as the model's command at the cursor. */
function insertWith(editor: Editor, insertion: Insertion): boolean {
  const chain = editor.chain().focus();
  switch (insertion.kind) {
    case 'dmRef':
      return chain.insertInlineAtom({ name: 'dmRef', inner: insertion.inner }).run();
    case 'internalRef':
      return chain.insertInlineAtom({ name: 'internalRef', attrs: insertionAttrs(insertion) }).run();
    case 'graphic':
      return chain.insertIcnFigure({ title: insertion.title, icn: insertion.icn }).run();
    case 'applic':
      return (insertion.newApplic ? chain.addApplic(insertion.newApplic) : chain).setApplicRef(insertion.applicRefId || null).run();
    case 'cir':
      return chain.insertInlineAtom({ name: insertion.ref, attrs: insertion.attrs }).run();
    case 'xref':
      return chain.insertXref(insertion).run();
    case 'image':
      return chain.insertImage(insertion).run();
    case 'conref':
      return chain.insertConref(insertion).run();
    case 'term':
      return chain.insertKeyword({ keyref: insertion.keyref, element: 'term' }).run();
    default:
      return chain.insertKeyword({ keyref: insertion.keyref }).run();
  }
}

/**
 * The visual (TipTap) view of a topic, on the model's schema, commands and conref display
 * (model/editor.ts). Memoised: the page re-renders while typing, the view need not.
 */

/** Standards whose check's errors (an XML profile's: its XSD or DTD) are outlined on their elements in the visual view (the server locates them by line). */
const marksProblems = (standard: ContentStandardId | undefined) => standard === 's1000d' || standard === 'ata2300' || standard === 'xmlprofile';

export const VisualView = memo(
  forwardRef<VisualHandle, VisualViewProps>(function VisualView(
    { xml, cursorPath, readOnly, resolvers, resolversVersion, problems, links, onChange, onSelect, standard, profile, applicAssignment },
    ref,
  ) {
    const loaded = useRef(xml);
    // ICN graphics inserted here: their ENTITY (and NOTATION) declarations are written with the module.
    const icns = useRef(new Map<string, IcnFile>());
    // Until the first edit the document is the loaded text (no need to write it again).
    const edited = useRef(false);
    // biome-ignore lint/correctness/useExhaustiveDependencies: the resolvers read the page's latest answers themselves; the view is made once
    const extensions = useMemo(
      () => [
        ...createDitaExtensions({ ...resolvers, vocabulary: profile ? profileVocabulary(profile) : vocabularyFor(standard) }),
        BrokenRefs,
        ReviewMarks,
        LinkTitles,
        ...(marksProblems(standard) ? [ProblemMarks] : []),
      ],
      [],
    );
    const callbacks = useRef({ onChange, onSelect });
    callbacks.current = { onChange, onSelect };
    // The document as read (set when the editor is made); passed again as the options so that a
    // render of this view finds them unchanged (useEditor sets differing options on the editor).
    const read = useRef<{ content: Content; editable: boolean } | null>(null);
    const editor = useEditor({
      extensions,
      ...(read.current ? { content: read.current.content } : {}),
      editable: !readOnly && (read.current?.editable ?? true),
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      // The topic is read straight into the editor's own schema once it exists (before its first
      // document is made): no JSON round trip, and docToXml knows the untouched nodes by identity.
      onBeforeCreate: ({ editor: e }) => {
        const conv = documentFor(e.schema, xml);
        // The editor hands its content to createDocument, which takes a ProseMirror node as it is
        // (EditorOptions types the content as JSON or HTML only).
        read.current = { content: conv.pmDoc as unknown as Content, editable: conv.editable };
        e.setOptions({ content: read.current.content, editable: !readOnly && conv.editable });
      },
      onCreate: ({ editor: e }) => {
        if (cursorPath && cursorPath.length > 0) e.commands.setTextSelection(posOfElementPath(e.state.doc, cursorPath));
        e.commands.focus();
      },
      onUpdate: () => {
        edited.current = true;
        callbacks.current.onChange();
      },
      onSelectionUpdate: ({ editor: e }) => callbacks.current.onSelect(getSelectedElement(e.state)),
    });
    useEffect(() => {
      if (editor && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(BROKEN_REFS_META, problems));
      // S1000D and ATA Spec 2300: each error of the check (schema, BREX, structure) marked on the element it is in, the message on hover.
      if (editor && !editor.isDestroyed && marksProblems(standard)) {
        const now = edited.current ? docToXml(editor.state.doc, loaded.current) : loaded.current;
        editor.view.dispatch(editor.state.tr.setMeta(PROBLEM_MARKS_META, placeProblems(editor.state.doc, now, problems)));
      }
    }, [editor, problems, standard]);
    useEffect(() => {
      if (editor && !editor.isDestroyed && links) editor.view.dispatch(editor.state.tr.setMeta(LINK_TITLES_META, links));
    }, [editor, links]);
    // biome-ignore lint/correctness/useExhaustiveDependencies: resolversVersion is the trigger
    useEffect(() => {
      if (editor && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(CONREF_REFRESH_META, true));
    }, [editor, resolversVersion]);
    // The applicability preview: the module's applics as they are now, against the chosen product.
    useEffect(() => {
      if (!editor || editor.isDestroyed || applicAssignment === undefined) return;
      const now = edited.current ? docToXml(editor.state.doc, loaded.current) : loaded.current;
      editor.view.dispatch(editor.state.tr.setMeta(APPLIC_PREVIEW_META, { groups: applicGroups(now), assignment: applicAssignment }));
    }, [editor, applicAssignment]);
    useImperativeHandle(
      ref,
      () => ({
        getXml: () => {
          if (!editor || !edited.current) return loaded.current;
          const out = docToXml(editor.state.doc, loaded.current);
          return standard === 's1000d' ? syncIcnEntities(out, loaded.current, icns.current) : out;
        },
        cursorPath: () => (editor ? elementPathAtPos(editor.state.doc, editor.state.selection.from) : []),
        insert: (insertion) => {
          if (insertion.kind === 'graphic') icns.current.set(insertion.icn, { icn: insertion.icn, file: insertion.file });
          if (editor) insertWith(editor, insertion);
        },
        setAttributes: (attrs) => {
          const selected = editor ? getSelectedElement(editor.state) : null;
          if (!editor || !selected) return;
          // The panel edits seven attributes: the others stay, in their written order (an emptied one is removed).
          editor
            .chain()
            .focus()
            .setSelectedElementAttributes({ ...selected.attrs, ...attrs })
            .run();
          callbacks.current.onSelect(getSelectedElement(editor.state));
        },
        editor: () => editor,
      }),
      [editor, standard],
    );
    return <EditorContent editor={editor} className="te-visual" data-testid="visual-editor" />;
  }),
);
