import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { type ElementSpec, xml } from '@codemirror/lang-xml';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { Compartment, EditorState, StateEffect } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { forwardRef, memo, useEffect, useImperativeHandle, useRef } from 'react';
import { parseXml } from '../../shared/lossless-xml';
import { type ElementPath, elementPathAtOffset, offsetOfElementPath } from '../model/element-path';
import { problemMessage } from '../model/messages';
import { ditaElementSpecs } from './dita-grammar';

/** What the page asks of the source view. */
export interface SourceViewHandle {
  /** The text as it is now. */
  getValue: () => string;
  /** The cursor's element (to put the visual view's cursor in the same element). */
  cursorPath: () => ElementPath;
  /** Moves the cursor to a 1-based line and column and shows it. */
  goTo: (line: number, column: number) => void;
  /** Replaces the selection with text and puts the cursor after it. */
  insert: (text: string) => void;
  /** Rewrites the text (only the changed middle is replaced, so the cursor stays where it was). */
  transform: (fn: (text: string) => string) => void;
}

export interface SourceViewProps {
  /** What completion offers: DITA's grammar by default; an S1000D object's from its installed schema (may arrive after mount). */
  elements?: ElementSpec[] | undefined;
  /** The text the view starts from (read once; remount to load another). */
  value: string;
  onChange: (value: string) => void;
  /** Problems from the server (DITA structure, DTD), located by line and column. */
  problems?: readonly EditorProblem[];
  /** Put the cursor in this element at mount (when switching from the visual view). */
  cursorPath?: ElementPath | undefined;
  /** Language of the well-formedness messages (zh by default). */
  lang?: string;
  readOnly?: boolean;
  /** Long lines wrap at the view's width (on by default); off, they scroll sideways. */
  wrap?: boolean;
}

/** The text's well-formedness errors as located problems in the user's language: what save refuses before asking the server. */
export function wellFormednessProblems(text: string, lang: string): EditorProblem[] {
  return parseXml(text).errors.map((e) => ({
    line: e.line,
    column: e.column,
    severity: 'error',
    code: 'xml.notWellFormed',
    message: problemMessage(lang, e.code, e.message),
  }));
}

/** Well-formedness diagnostics of the text, plus the server's problems, as CodeMirror diagnostics. */
export function sourceDiagnostics(
  text: string,
  problems: readonly EditorProblem[],
  lang: string,
  lineOffset: (line: number, column: number) => number,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const len = text.length;
  const errors = parseXml(text).errors;
  for (const e of errors) {
    const from = Math.min(e.offset, len);
    out.push({
      from,
      to: Math.min(from + 1, len),
      severity: 'error',
      message: `${e.line}:${e.column} ${problemMessage(lang, e.code, e.message)}`,
      source: e.code,
    });
  }
  for (const p of problems) {
    // Well-formedness is checked here as the text changes; the server's copy may be of older text.
    if (p.code === 'xml.notWellFormed') continue;
    const from = p.line > 0 ? Math.min(lineOffset(p.line, p.column), len) : 0;
    out.push({
      from,
      to: Math.min(from + 1, len),
      severity: p.severity,
      message: p.line > 0 ? `${p.line}:${p.column} ${p.message}` : p.message,
      source: p.code,
    });
  }
  return out;
}

/**
 * Said when the server's problems change with no edit: the linter runs again then (forceLinting
 * alone runs only a lint already pending, so answers that came after the last lint were not shown).
 */
const problemsChanged = StateEffect.define<null>();

const clampLine = (state: EditorState, line: number, column: number) => {
  const l = state.doc.line(Math.min(Math.max(line, 1), state.doc.lines));
  return Math.min(l.from + Math.max(column, 1) - 1, l.to);
};

/**
 * The XML source view: CodeMirror 6 with completion of the DITA elements and attributes allowed
 * at the cursor, live well-formedness and structure diagnostics, folding and search/replace.
 */
export const SourceView = memo(
  forwardRef<SourceViewHandle, SourceViewProps>(function SourceView(
    { value, onChange, problems = [], cursorPath, lang = 'zh', readOnly = false, elements, wrap = true },
    ref,
  ) {
    const host = useRef<HTMLDivElement | null>(null);
    const view = useRef<EditorView | null>(null);
    const grammar = useRef(new Compartment());
    const wrapping = useRef(new Compartment());
    const latest = useRef({ onChange, problems, lang });
    latest.current = { onChange, problems, lang };

    // The view is made once per mount; the page remounts it to load other text.
    // biome-ignore lint/correctness/useExhaustiveDependencies: value, cursorPath and readOnly are read at mount only
    useEffect(() => {
      if (!host.current) return;
      const lint = linter((v) => sourceDiagnostics(v.state.doc.toString(), latest.current.problems, latest.current.lang, (l, c) => clampLine(v.state, l, c)), {
        delay: 300,
        needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(problemsChanged))),
      });
      const at = cursorPath ? offsetOfElementPath(value, cursorPath) : null;
      const v = new EditorView({
        parent: host.current,
        state: EditorState.create({
          doc: value,
          selection: at !== null ? { anchor: at } : undefined,
          extensions: [
            basicSetup,
            grammar.current.of(xml({ elements: elements ?? ditaElementSpecs() })),
            lint,
            lintGutter(),
            wrapping.current.of(wrap ? EditorView.lineWrapping : []),
            EditorState.readOnly.of(readOnly),
            EditorView.updateListener.of((u) => {
              if (u.docChanged) latest.current.onChange(u.state.doc.toString());
            }),
          ],
        }),
      });
      view.current = v;
      if (at !== null) v.dispatch({ effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      v.focus();
      return () => {
        v.destroy();
        view.current = null;
      };
    }, []);

    // The grammar answered after mount (an S1000D schema): completion takes it from now on.
    useEffect(() => {
      const v = view.current;
      if (v && elements) v.dispatch({ effects: grammar.current.reconfigure(xml({ elements })) });
    }, [elements]);

    // The toolbar's wrap toggle: the same view, its lines laid out again.
    useEffect(() => {
      view.current?.dispatch({ effects: wrapping.current.reconfigure(wrap ? EditorView.lineWrapping : []) });
    }, [wrap]);

    // New server problems: lint again now rather than at the next keystroke.
    // biome-ignore lint/correctness/useExhaustiveDependencies: problems is the trigger, read through `latest`
    useEffect(() => {
      const v = view.current;
      if (!v) return;
      v.dispatch({ effects: problemsChanged.of(null) });
      forceLinting(v);
    }, [problems]);

    useImperativeHandle(ref, () => ({
      getValue: () => view.current?.state.doc.toString() ?? value,
      cursorPath: () => {
        const v = view.current;
        return v ? elementPathAtOffset(v.state.doc.toString(), v.state.selection.main.head) : [];
      },
      goTo: (line, column) => {
        const v = view.current;
        if (!v) return;
        const at = clampLine(v.state, line, column);
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
      transform: (fn) => {
        const v = view.current;
        if (!v) return;
        const before = v.state.doc.toString();
        const after = fn(before);
        if (after === before) return;
        let start = 0;
        while (start < before.length && start < after.length && before[start] === after[start]) start++;
        let end = 0;
        while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
        v.dispatch({ changes: { from: start, to: before.length - end, insert: after.slice(start, after.length - end) } });
      },
    }));

    return <div ref={host} className="te-source ccms-source-view" data-testid="source-editor" />;
  }),
);
