import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { xml } from '@codemirror/lang-xml';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { type ElementPath, elementPathAtOffset, offsetOfElementPath } from '../model/element-path';
import { parseXml } from '../model/lossless-xml';
import { problemMessage } from '../model/messages';
import { ditaElementSpecs } from './dita-grammar';

export interface SourceViewProps {
  value: string;
  onChange: (value: string) => void;
  /** Problems from the server (DITA structure, DTD), located by line and column. */
  problems?: EditorProblem[];
  /** Called with the element path of the cursor when it moves. */
  onCursorElement?: (path: ElementPath) => void;
  /** Put the cursor in this element (when switching from the visual view). */
  cursorPath?: ElementPath;
  /** Language of the well-formedness messages (zh by default). */
  lang?: string;
  readOnly?: boolean;
}

/** Well-formedness diagnostics of the text, plus the server's problems, as CodeMirror diagnostics. */
export function sourceDiagnostics(text: string, problems: EditorProblem[], lang: string, lineOffset: (line: number, column: number) => number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const len = text.length;
  for (const e of parseXml(text).errors) {
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

/** The XML source view: CodeMirror 6 with DITA completion, live diagnostics, folding and search/replace. */
export function SourceView({ value, onChange, problems = [], onCursorElement, cursorPath, lang = 'zh', readOnly = false }: SourceViewProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onCursorElement, problems, lang });
  latest.current = { onChange, onCursorElement, problems, lang };

  // The view is created once per mount; value, problems and cursorPath are pushed in by the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount
  useEffect(() => {
    if (!host.current) return;
    const lint = linter(
      (v) =>
        sourceDiagnostics(v.state.doc.toString(), latest.current.problems, latest.current.lang, (line, column) => {
          const l = v.state.doc.line(Math.min(Math.max(line, 1), v.state.doc.lines));
          return Math.min(l.from + Math.max(column, 1) - 1, l.to);
        }),
      { delay: 300 },
    );
    let lastPathKey = '';
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          xml({ elements: ditaElementSpecs() }),
          lint,
          lintGutter(),
          EditorState.readOnly.of(readOnly),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
            if ((u.selectionSet || u.docChanged) && latest.current.onCursorElement) {
              const path = elementPathAtOffset(u.state.doc.toString(), u.state.selection.main.head);
              const key = JSON.stringify(path);
              if (key !== lastPathKey) {
                lastPathKey = key;
                latest.current.onCursorElement(path);
              }
            }
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  // New server problems: lint again now rather than at the next keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: problems is the trigger, read through `latest`
  useEffect(() => {
    const v = view.current;
    if (v) forceLinting(v);
  }, [problems]);

  useEffect(() => {
    const v = view.current;
    if (!v || !cursorPath) return;
    const offset = offsetOfElementPath(v.state.doc.toString(), cursorPath);
    if (offset !== null) v.dispatch({ selection: { anchor: offset }, scrollIntoView: true });
  }, [cursorPath]);

  return <div ref={host} className="ccms-source-view" data-testid="source-view" style={{ height: '100%', overflow: 'auto' }} />;
}
