import type { ReactNode } from 'react';

const KEYWORDS = new Set(
  'import export from const let var function return if else for of in while switch case default break continue new await async type interface extends as typeof keyof class true false null undefined void throw try catch finally'.split(
    ' ',
  ),
);

/** Comments, strings (quotes and templates), numbers and words, in one pass. */
const TOKEN = /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/g;

/** TypeScript/TSX source as spans a stylesheet colours (comment, string, number, keyword, type). */
export function highlightTs(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of code.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(code.slice(last, at));
    const [text, comment, str, num, word] = m;
    let cls: string | null = null;
    if (comment) cls = 'tok-comment';
    else if (str) cls = 'tok-string';
    else if (num) cls = 'tok-number';
    else if (word && KEYWORDS.has(word)) cls = 'tok-keyword';
    else if (word && /^[A-Z]/.test(word)) cls = 'tok-type';
    out.push(
      cls ? (
        <span key={key++} className={cls}>
          {text}
        </span>
      ) : (
        text
      ),
    );
    last = at + text.length;
  }
  if (last < code.length) out.push(code.slice(last));
  return out;
}
