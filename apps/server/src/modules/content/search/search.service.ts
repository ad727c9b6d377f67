import type { SearchHit, SearchQuery, TextPart } from '@ccms/contracts/content/search';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogIndex, ccmsLibrary } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import type { CatalogRuntime } from '../catalog/catalog.service';
import { readableLibraries } from '../library/library-access';
import { documentTexts, libraryNames, type SearchScope, searchHits, topicTexts } from './search.queries';

const SNIPPET = 160;
const MAX_TERMS = 5;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words of a query: split on spaces, at most five, longest first (so a longer match wins at one place). */
export function termsOf(q: string): string[] {
  const words = [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
  return words.sort((a, b) => b.length - a.length);
}

const matcher = (terms: string[]) => new RegExp(terms.map(escapeRegExp).join('|'), 'giu');

/** `text` cut into parts, the matches marked. */
export function mark(text: string, terms: string[]): TextPart[] {
  if (terms.length === 0 || text === '') return text === '' ? [] : [{ text, match: false }];
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(matcher(terms))) {
    const start = m.index ?? 0;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: m[0], match: true });
    at = start + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** About 160 characters around the first match (the start of the text when nothing matches), marked. */
export function snippetOf(text: string, terms: string[]): { parts: TextPart[]; matched: boolean } {
  const first = matcher(terms).exec(text);
  if (!first) {
    const head = text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text;
    return { parts: head ? [{ text: head, match: false }] : [], matched: false };
  }
  let start = Math.max(0, first.index - Math.floor((SNIPPET - first[0].length) / 3));
  let end = Math.min(text.length, start + SNIPPET);
  start = Math.max(0, Math.min(start, end - SNIPPET));
  // Do not cut a word in two where a space is near.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space > 0 && space < first.index && space - start < 15) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first.index + first[0].length && end - space < 15) end = space;
  }
  const parts = mark(text.slice(start, end), terms);
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  return { parts, matched: true };
}

/** Full-text search over the catalogue of the readable libraries (or one library and branch). */
export function searchService(db: Db, { catalog }: CatalogRuntime) {
  /** The branches searched: the given one (indexed up to its head first), else every readable library's default branch. */
  async function scopesFor(
    auth: AuthContext,
    q: SearchQuery,
  ): Promise<{ scopes: SearchScope[]; indexes: { libraryId: number; branch: string; commit: string }[] }> {
    if (q.libraryId) {
      const { index } = await catalog.open(auth, q.libraryId, q.branch);
      return {
        scopes: [{ libraryId: index.libraryId, branch: index.branch }],
        indexes: [{ libraryId: index.libraryId, branch: index.branch, commit: index.commit }],
      };
    }
    const rows = await db
      .select({ libraryId: ccmsCatalogIndex.libraryId, branch: ccmsCatalogIndex.branch, commit: ccmsCatalogIndex.commit })
      .from(ccmsCatalogIndex)
      .innerJoin(ccmsLibrary, and(eq(ccmsLibrary.libraryId, ccmsCatalogIndex.libraryId), eq(ccmsLibrary.defaultBranch, ccmsCatalogIndex.branch)))
      .where(and(eq(ccmsLibrary.delFlag, '0'), eq(ccmsLibrary.status, '0'), readableLibraries(auth, ccmsLibrary.libraryId)));
    return { scopes: rows.map((r) => ({ libraryId: r.libraryId, branch: r.branch })), indexes: rows };
  }

  return {
    async search(auth: AuthContext, q: SearchQuery) {
      const started = performance.now();
      const terms = termsOf(q.q);
      const { scopes, indexes } = await scopesFor(auth, q);
      const page = await searchHits(db, scopes, {
        terms,
        type: q.type,
        status: q.status,
        owner: q.owner,
        docType: q.docType,
        limit: q.pageSize,
        offset: (q.pageNum - 1) * q.pageSize,
      });
      const [topics, documents, names] = await Promise.all([
        topicTexts(
          db,
          page.rows.filter((r) => r.type === 'topic').map((r) => r.id),
        ),
        documentTexts(
          db,
          page.rows.filter((r) => r.type === 'document').map((r) => r.id),
        ),
        libraryNames(db, [...new Set(page.rows.map((r) => r.libraryId))]),
      ]);
      const commits = new Map(indexes.map((i) => [`${i.libraryId}\u0000${i.branch}`, i.commit]));
      const rows: SearchHit[] = page.rows.map((hit) => {
        const titleParts = mark(hit.title, terms);
        const inTitle = titleParts.some((p) => p.match);
        let snippet: TextPart[] = [];
        let matchedIn: SearchHit['matchedIn'] = inTitle ? 'title' : 'metadata';
        if (hit.type === 'topic') {
          const text = topics.get(hit.id);
          const body = snippetOf(text?.body ?? '', terms);
          if (body.matched) {
            snippet = body.parts;
            if (!inTitle) matchedIn = 'text';
          } else {
            const meta = snippetOf(text?.meta ?? '', terms);
            snippet = meta.matched ? meta.parts : snippetOf(text?.shortdesc || text?.body || '', terms).parts;
          }
        } else {
          const doc = documents.get(hit.id);
          snippet = mark(`${doc?.docNbr ?? ''} · ${doc?.path ?? hit.path}`, terms);
        }
        return {
          ...hit,
          libraryName: names.get(hit.libraryId) ?? '',
          titleParts,
          snippet,
          matchedIn,
          commit: commits.get(`${hit.libraryId}\u0000${hit.branch}`) ?? '',
        };
      });
      return { rows, total: page.total, capped: page.capped, tookMs: Math.round(performance.now() - started), indexes };
    },
  };
}
