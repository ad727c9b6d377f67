import { text as textOf } from 'node:stream/consumers';
import type { Storage } from '../../../platform/storage/storage';

/** One published HTML page as search reads it. */
export interface PageText {
  /** Path inside the output, with forward slashes. */
  page: string;
  title: string;
  text: string;
  /** title and text lower-cased, what words are looked for in. */
  haystack: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The title and readable text of an HTML page: its <main> (else <body>), without scripts, styles,
 * navigation, header and footer, so a search finds what the page says, not every page's table of contents.
 */
export function pageTextOf(html: string): { title: string; text: string } {
  const title = decode((/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const body = /<main[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = decode(
    body
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|nav|header|footer|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return { title, text };
}

/** Characters of page text kept in memory across outputs; the least recently searched output goes first. */
const CACHE_CHARS = 64 * 1024 * 1024;

/**
 * The pages of published HTML outputs, read once per output: an output never changes after its
 * publish (a new publish makes a new output), so its pages stay valid for as long as it exists.
 */
export function outputPages() {
  const cache = new Map<number, { pages: PageText[]; chars: number }>();
  let chars = 0;

  async function read(files: Storage): Promise<PageText[]> {
    const pages: PageText[] = [];
    for await (const o of files.list('')) {
      if (!/\.html?$/i.test(o.key)) continue;
      const { title, text } = pageTextOf(await textOf(await files.read(o.key)));
      if (!text && !title) continue;
      pages.push({ page: o.key, title, text, haystack: `${title}\n${text}`.toLowerCase() });
    }
    return pages.sort((a, b) => a.page.localeCompare(b.page));
  }

  return {
    /** The pages of an output, its files being the store's scope of it. */
    async of(outputId: number, files: Storage): Promise<PageText[]> {
      const hit = cache.get(outputId);
      if (hit) {
        cache.delete(outputId);
        cache.set(outputId, hit);
        return hit.pages;
      }
      const pages = await read(files);
      const size = pages.reduce((n, p) => n + p.haystack.length + p.text.length, 0);
      cache.set(outputId, { pages, chars: size });
      chars += size;
      for (const [id, entry] of cache) {
        if (chars <= CACHE_CHARS || id === outputId) break;
        cache.delete(id);
        chars -= entry.chars;
      }
      return pages;
    },
  };
}

export type OutputPages = ReturnType<typeof outputPages>;

/** The words of a query: lower-cased, each to be found. */
export const wordsOf = (q: string) => [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))];

/** About this many characters of the page around the first word found, with ellipses where cut. */
export function snippetOf(text: string, words: string[], width = 180): string {
  const lower = text.toLowerCase();
  const at = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), text.length);
  if (at >= text.length) return text.length > width ? `${text.slice(0, width)}…` : text;
  const start = Math.max(0, at - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
