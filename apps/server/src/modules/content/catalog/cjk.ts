/**
 * Chinese, Japanese and Korean text has no spaces, and a two-character word is too short for a
 * trigram index. Topics also keep the distinct pairs of adjacent CJK characters they contain;
 * a search term's pairs must all be there (a GIN array index answers that) before its text is matched.
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/** Distinct pairs of adjacent CJK characters, in order of first appearance. */
export function cjkBigrams(text: string, max = 20_000): string[] {
  const out = new Set<string>();
  let previous = '';
  for (const ch of text) {
    if (CJK.test(ch)) {
      if (previous) out.add(previous + ch);
      previous = ch;
      if (out.size >= max) break;
    } else previous = '';
  }
  return [...out];
}

/** A text[] literal of the pairs, for a query parameter (no element holds a quote or backslash). */
export const arrayLiteral = (items: string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
