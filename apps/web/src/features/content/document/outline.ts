/**
 * The toc fast-create outline (contract FastCreateBody.outline): one node per line, leading tabs
 * set the level (0 = top, at most one deeper than the line above), a line is `title` or
 * `title | topic` (an existing topic id or library path). Blank lines are skipped. The server
 * parses it again; this copy drives the preview and the inline errors.
 */
export interface OutlineNode {
  /** 1-based line number in the text. */
  line: number;
  level: number;
  title: string;
  /** Existing topic id or path; '' means a new topic is made from the template. */
  topic: string;
  children: OutlineNode[];
}

export type OutlineProblem = { line: number; kind: 'badIndent' | 'emptyTitle' };

export interface ParsedOutline {
  nodes: OutlineNode[];
  problems: OutlineProblem[];
  /** Nodes in the outline (all levels). */
  count: number;
  /** Nodes without a topic: new topics to create. */
  newTopics: number;
}

export function parseOutline(text: string): ParsedOutline {
  const nodes: OutlineNode[] = [];
  const problems: OutlineProblem[] = [];
  /** The last node of each level: where a deeper line hangs. */
  const stack: OutlineNode[] = [];
  let count = 0;
  let newTopics = 0;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const tabs = /^\t*/.exec(raw)?.[0].length ?? 0;
    if (tabs > stack.length) {
      problems.push({ line, kind: 'badIndent' });
      return;
    }
    const body = raw.slice(tabs);
    const bar = body.lastIndexOf('|');
    const title = (bar < 0 ? body : body.slice(0, bar)).trim();
    const topic = bar < 0 ? '' : body.slice(bar + 1).trim();
    if (!title) {
      problems.push({ line, kind: 'emptyTitle' });
      return;
    }
    const node: OutlineNode = { line, level: tabs, title, topic, children: [] };
    count += 1;
    if (!topic) newTopics += 1;
    const parent = tabs === 0 ? undefined : stack[tabs - 1];
    if (parent) parent.children.push(node);
    else nodes.push(node);
    stack.length = tabs;
    stack.push(node);
  });
  return { nodes, problems, count, newTopics };
}

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Tab in the outline box: inserts a tab at the caret (one level deeper when typed at the start of
 * a line); with several lines selected, indents each; Shift+Tab removes one leading tab from each
 * selected line.
 */
export function applyTab(value: string, selectionStart: number, selectionEnd: number, shift: boolean): TextEdit {
  const lineStart = value.lastIndexOf('\n', selectionStart - 1) + 1;
  const multiLine = value.slice(selectionStart, selectionEnd).includes('\n');
  if (!shift && !multiLine) {
    return {
      value: `${value.slice(0, selectionStart)}\t${value.slice(selectionEnd)}`,
      selectionStart: selectionStart + 1,
      selectionEnd: selectionStart + 1,
    };
  }
  // Whole lines from the first selected one to the last (a selection ending right after a newline leaves that line out).
  const endProbe = selectionEnd > selectionStart && value[selectionEnd - 1] === '\n' ? selectionEnd - 1 : selectionEnd;
  const nextBreak = value.indexOf('\n', endProbe);
  const blockEnd = nextBreak < 0 ? value.length : nextBreak;
  const lines = value.slice(lineStart, blockEnd).split('\n');
  let firstDelta = 0;
  let total = 0;
  const changed = lines.map((l, i) => {
    if (shift) {
      if (!l.startsWith('\t')) return l;
      if (i === 0) firstDelta = -1;
      total -= 1;
      return l.slice(1);
    }
    if (i === 0) firstDelta = 1;
    total += 1;
    return `\t${l}`;
  });
  const next = `${value.slice(0, lineStart)}${changed.join('\n')}${value.slice(blockEnd)}`;
  return {
    value: next,
    selectionStart: Math.max(lineStart, selectionStart + firstDelta),
    selectionEnd: Math.max(lineStart, selectionEnd + total),
  };
}
