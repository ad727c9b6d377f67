/**
 * How the code generator writes text into the files it emits: the settings people type (function
 * names, author, comments, labels) and the names and comments the database gives, always as data,
 * never as code. Every template goes through these; names used as code are checked against the
 * contract's alphabets before generating (gen.service).
 */

/** Line terminators of JavaScript (and NEL, which some editors break on). */
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/g;

/** The text on one line: each line break becomes a space. */
export const oneLine = (text: string) => text.replace(LINE_BREAK, ' ');

/**
 * A TypeScript string literal (single-quoted, as Biome writes them) holding exactly `text`:
 * JSON's escapes (quotes, backslashes, control characters, line breaks), and U+2028/2029 escaped too.
 */
export function tsString(text: string): string {
  const json = JSON.stringify(text).slice(1, -1);
  // In JSON's body a `"` only ever appears escaped; a `'` never is.
  const body = json
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${body}'`;
}

/** Text inside a `//` or `/* … *\/` comment (HTML comment marks too): one line, no comment end. */
export const commentText = (text: string) => oneLine(text).replace(/\*\//g, '* /').replace(/<!--/g, '<! --').replace(/-->/g, '-- >');

/** Text inside a template literal (`…`): backslashes, backticks and `${` escaped. */
export const templateText = (text: string) => text.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');

/** Text in a Markdown paragraph or heading: one line, no markup, links or HTML. */
export const markdownText = (text: string) => oneLine(text).replace(/[\\`*_[\]<>&|~]/g, '\\$&');

/** An inline Markdown code span holding `text` (on one line): fenced by more backticks than it holds in a row. */
export function markdownCode(text: string): string {
  const line = oneLine(text);
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}
