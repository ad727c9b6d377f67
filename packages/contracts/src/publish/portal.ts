import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, okOf, qInt, rowsOf } from '../http';
import { optionalText } from '../monitor/filters';
import { ACTIVITY_PERMS } from '../system/job-roles';
import { OUTPUT_READ_PERMS } from './publication';

/**
 * The document center as a reader's portal (issue 38, item 11): the latest output of each
 * publication the reader may read, a search across their pages, each opened in place. Its calls
 * need what opening an output needs (the viewer's permissions); which outputs answer is decided by
 * the library read rights and the outputs' reader restrictions.
 */
export const PORTAL_PERMS = OUTPUT_READ_PERMS;

export { PORTAL_PATH } from './portal-path';

/**
 * A reader (holding only the permissions of the "read" activity) lives in the portal: signing in
 * lands there and the admin shell's pages send them back to it. Administrators never do.
 */
export function isPortalReader(permissions: readonly string[]): boolean {
  if (permissions.includes('*:*:*')) return false;
  const read = new Set(ACTIVITY_PERMS.read);
  return permissions.some((p) => PORTAL_PERMS.includes(p)) && permissions.every((p) => read.has(p));
}

/** One output in the portal: the latest successful one of its publication and publish config. */
export const PortalOutput = z.object({
  outputId: z.number(),
  format: z.string().describe('html5 or pdf'),
  lang: z.string().describe('language of the output, as its publish config names it (en, zh-CN, ...)'),
  configName: z.string(),
  commit: z.string().describe('the commit published'),
  version: z.string().describe('the release version the output was archived to; empty when none'),
  endTime: DateTime,
});
export type PortalOutput = z.infer<typeof PortalOutput>;

/** A publication (or a map published without one) with the latest output of each of its configs, the reader's language first. */
export const PortalPublication = z.object({
  key: z.string().describe('stable key: p<publicationId> or d<libraryId>-<branch>-<path>'),
  title: z.string(),
  libraryId: z.number(),
  libraryName: z.string(),
  product: z.string().describe("the publish config's product; empty when none"),
  path: z.string().describe('the root map'),
  outputs: z.array(PortalOutput).min(1),
});
export type PortalPublication = z.infer<typeof PortalPublication>;

export const PortalListQuery = z.object({
  keyword: optionalText(100).describe('part of the title, library, product or map path'),
});
export type PortalListQuery = z.infer<typeof PortalListQuery>;

export const PortalSearchQuery = z.object({
  q: z.string().trim().min(1, { message: 'field.required' }).max(100).describe('words to find in the published pages (all of them)'),
});
export type PortalSearchQuery = z.infer<typeof PortalSearchQuery>;

/** A published page holding the words. */
export const PortalHit = z.object({
  outputId: z.number(),
  publication: z.string(),
  libraryName: z.string(),
  lang: z.string(),
  page: z.string().describe("the page's path inside the output"),
  title: z.string().describe("the page's title"),
  snippet: z.string().describe('text around the first word found'),
});
export type PortalHit = z.infer<typeof PortalHit>;

export const PortalOpenQuery = z.object({
  page: optionalText(1000).describe("a page inside the output (a search hit's); the output's entry page when absent"),
});
export type PortalOpenQuery = z.infer<typeof PortalOpenQuery>;
export const PortalOpenParams = z.object({ id: qInt.positive().describe('id of an output') });

/** An output opened in the portal: where its page is served, and the other outputs of its publication. */
export const PortalOpen = z.object({
  title: z.string(),
  libraryName: z.string(),
  output: PortalOutput,
  viewUrl: z.string().describe('the page (HTML5) or the PDF, served with a ticket for the frame'),
  others: z.array(PortalOutput).describe('the other latest outputs of the publication the reader may read (other languages, formats)'),
});
export type PortalOpen = z.infer<typeof PortalOpen>;

const tag = 'publish/portal';

/** The portal API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const PortalApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/portal/list',
    access: { permission: PORTAL_PERMS },
    summary: 'The publications whose latest outputs the caller may read, each with its outputs (the reader language first)',
    tag,
    query: PortalListQuery,
    response: rowsOf(PortalPublication),
  }),
  search: endpoint({
    method: 'GET',
    url: '/ccms/portal/search',
    access: { permission: PORTAL_PERMS },
    summary: 'Pages of the latest HTML5 outputs the caller may read that hold all the words (at most 50, title hits first)',
    tag,
    query: PortalSearchQuery,
    response: rowsOf(PortalHit),
  }),
  open: endpoint({
    method: 'GET',
    url: '/ccms/portal/output/:id',
    access: { permission: PORTAL_PERMS },
    summary: 'Open an output the caller may read in the portal: the address of its page and the other outputs of its publication',
    tag,
    params: PortalOpenParams,
    query: PortalOpenQuery,
    response: okOf(PortalOpen),
  }),
};
