import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PageQuery, qInt } from '../http';
import { BranchName } from './library';

/** Permission of the search screen (seeded page 2440, button 3400). */
export const SearchPerm = {
  list: 'ccms:search:list',
  query: 'ccms:search:query',
} as const;

export const SEARCH_TYPES = ['topic', 'document'] as const;

/**
 * GET /ccms/search: full text over topic titles, text and metadata and document names/numbers,
 * Chinese and English alike (substring match, trigram indexed), in the readable libraries.
 */
export const SearchQuery = PageQuery.pick({ pageNum: true, pageSize: true }).extend({
  q: z.string().trim().min(1).max(200).describe('words to find; matched as typed, case-insensitive'),
  libraryId: qInt.positive().optional().describe('one library; all readable libraries when absent'),
  branch: BranchName.optional().describe("with libraryId: the branch (default: the library's default branch)"),
  type: z.enum(SEARCH_TYPES).optional().describe('topics or documents only'),
  status: z.string().trim().max(32).optional().describe('document or topic status'),
  owner: z.string().trim().max(64).optional().describe('owner user name, exact'),
  docType: z.string().trim().max(64).optional().describe('topic root element: concept, task, ...'),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A piece of highlighted text: `match` pieces are what the query matched (render them marked). */
export const TextPart = z.object({ text: z.string(), match: z.boolean() });
export type TextPart = z.infer<typeof TextPart>;

export const SearchHit = z.object({
  type: z.enum(SEARCH_TYPES),
  /** topicId or documentId. */
  id: z.number(),
  libraryId: z.number(),
  libraryName: z.string(),
  branch: z.string(),
  path: z.string(),
  title: z.string(),
  titleParts: z.array(TextPart).describe('the title with matches marked'),
  snippet: z.array(TextPart).describe('about 160 characters around the first match in the text, matches marked'),
  matchedIn: z.enum(['title', 'text', 'metadata']),
  status: z.string(),
  owner: z.string(),
  docType: z.string(),
  commit: z.string().describe('the indexed commit the hit comes from'),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({
  code: z.number(),
  msg: z.string(),
  rows: z.array(SearchHit),
  total: z.number(),
  /** True when more topics match in their text than were looked at (500): `total` is then a lower bound; add words. */
  capped: z.boolean(),
  tookMs: z.number(),
  /** The indexes searched: library, branch and commit each. */
  indexes: z.array(z.object({ libraryId: z.number(), branch: z.string(), commit: z.string() })),
});
export type SearchResult = z.infer<typeof SearchResult>;

const tag = 'content/search';

/** The search API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const SearchApi = {
  search: endpoint({
    method: 'GET',
    url: '/ccms/search',
    access: { permission: SearchPerm.list },
    summary: 'Search topics and documents across the libraries the caller can read',
    tag,
    query: SearchQuery,
    response: SearchResult,
  }),
};
