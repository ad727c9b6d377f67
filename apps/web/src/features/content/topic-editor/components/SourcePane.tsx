import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { xml } from '@codemirror/lang-xml';
import { type Diagnostic, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export interface SourcePaneHandle {
  /** Offset of the cursor in the text. */
  cursorOffset: () => number;
  /** Moves the cursor to a 1-based line and column and shows it. */
  goTo: (line: number, column: number) => void;
  /** Replaces the selection with text and puts the cursor after it. */
  insert: (text: string) => void;
}

export interface SourcePaneProps {
  value: string;
  cursorOffset?: number | undefined;
  readOnly: boolean;
  problems: readonly EditorProblem[];
  onChange: (value: string) => void;
}

/** Problems as CodeMirror diagnostics at their line and column (a problem without a place marks the start). */
function diagnosticsOf(state: EditorState, problems: readonly EditorProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const line = state.doc.line(Math.min(Math.max(p.line, 1), state.doc.lines));
    const from = Math.min(line.from + Math.max(p.column - 1, 0), line.to);
    return { from, to: Math.max(from, Math.min(line.to, from + 1)), severity: p.severity, message: p.message, source: p.code };
  });
}

/**
 * The page's XML view on CodeMirror 6 (XML mode, folding, search/replace, the structure check's
 * problems as diagnostics). The source view with element/attribute completion is
 * `source/SourceView` (h-editor-model); this pane has the same handle, so the page swaps it in.
 */
export const SourcePane = forwardRef<SourcePaneHandle, SourcePaneProps>(function SourcePane({ value, cursorOffset, readOnly, problems, onChange }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // The view is made once per mount; the page remounts it to load other text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: value, cursor and readOnly are read at mount only
  useEffect(() => {
    if (!host.current) return;
    const state = EditorState.create({
      doc: value,
      selection: cursorOffset !== undefined ? { anchor: Math.min(cursorOffset, value.length) } : undefined,
      extensions: [
        basicSetup,
        xml(),
        EditorState.readOnly.of(readOnly),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current });
    view.current = v;
    if (cursorOffset !== undefined) v.dispatch({ effects: EditorView.scrollIntoView(Math.min(cursorOffset, value.length), { y: 'center' }) });
    v.focus();
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, diagnosticsOf(v.state, problems)));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    cursorOffset: () => view.current?.state.selection.main.head ?? 0,
    goTo: (line, column) => {
      const v = view.current;
      if (!v) return;
      const l = v.state.doc.line(Math.min(Math.max(line, 1), v.state.doc.lines));
      const at = Math.min(l.from + Math.max(column - 1, 0), l.to);
      v.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      v.focus();
    },
    insert: (text) => {
      const v = view.current;
      if (!v) return;
      const { from, to } = v.state.selection.main;
      v.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length } });
      v.focus();
    },
  }));

  return <div ref={host} className="te-source" data-testid="source-editor" />;
});
