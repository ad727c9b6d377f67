import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, okOf, PageQuery, qInt } from '../http';
import { ResourceScope, resourceRowsOf, Usage } from './graphic';
import { BranchName } from './library';

/**
 * Abbreviations and terms: DITA glossary entries (glossentry topics) in a folder of the library,
 * one file each, created, edited and deleted as commits.
 * - a term: <glossterm>name</glossterm><glossdef>definition</glossdef>
 * - an abbreviation: <glossterm>definition (the full form)</glossterm> with
 *   <glossBody><glossSurfaceForm>definition (name)</glossSurfaceForm><glossAlt><glossAbbreviation>name</glossAbbreviation></glossAlt></glossBody>,
 *   so <abbreviated-form keyref="..."/> renders as DITA intends.
 */
export const GLOSSARY_KINDS = ['abbreviation', 'term'] as const;
export type GlossaryKind = (typeof GLOSSARY_KINDS)[number];

export const AbbreviationPerm = {
  list: 'ccms:abbreviation:list',
  query: 'ccms:abbreviation:query',
  add: 'ccms:abbreviation:add',
  edit: 'ccms:abbreviation:edit',
  remove: 'ccms:abbreviation:remove',
  import: 'ccms:abbreviation:import',
  export: 'ccms:abbreviation:export',
} as const;

export const TermPerm = {
  list: 'ccms:term:list',
  query: 'ccms:term:query',
  add: 'ccms:term:add',
  edit: 'ccms:term:edit',
  remove: 'ccms:term:remove',
  import: 'ccms:term:import',
  export: 'ccms:term:export',
} as const;

export const GLOSSARY_PERMS: Record<GlossaryKind, { [K in keyof typeof TermPerm]: string }> = { abbreviation: AbbreviationPerm, term: TermPerm };

/** The library folder each kind lives in. */
export const GLOSSARY_FOLDERS: Record<GlossaryKind, string> = { abbreviation: 'glossary/abbreviations', term: 'glossary/terms' };

export const GLOSSARY_NAME_MAX = 200;
export const GLOSSARY_DEFINITION_MAX = 2000;

/** An entry's id: its file name in the kind's folder (e.g. "api.dita"). */
export const GlossaryId = z.string().trim().min(1).max(255).describe('file name of the entry in its folder');

export const GlossaryQuery = PageQuery.extend(ResourceScope.shape).extend({
  name: z.string().trim().max(GLOSSARY_NAME_MAX).optional().describe('part of the name'),
  definition: z.string().trim().max(200).optional().describe('part of the definition'),
});
export type GlossaryQuery = z.infer<typeof GlossaryQuery>;

/** The filters of an export (all matching entries, no paging). */
export const GlossaryFilter = GlossaryQuery.omit({ pageNum: true, pageSize: true, orderByColumn: true, isAsc: true });
export type GlossaryFilter = z.infer<typeof GlossaryFilter>;

export const GlossaryEntry = z.object({
  id: z.string(),
  path: z.string(),
  /** @id of the glossentry (the key authors reference it by). */
  entryId: z.string(),
  name: z.string(),
  definition: z.string(),
  refs: z.number().describe('references to the entry in the branch'),
  updateBy: z.string(),
  updateTime: DateTime,
  commit: z.string().describe('the commit that last wrote the file'),
});
export type GlossaryEntry = z.infer<typeof GlossaryEntry>;

export const GlossaryList = resourceRowsOf(GlossaryEntry);

export const GlossaryGetQuery = ResourceScope;

/** One entry with its file as stored. */
export const GlossaryDetail = GlossaryEntry.extend({ xml: z.string(), branch: z.string() });
export type GlossaryDetail = z.infer<typeof GlossaryDetail>;

const Name = z.string().trim().min(1).max(GLOSSARY_NAME_MAX);
const Definition = z.string().trim().min(1).max(GLOSSARY_DEFINITION_MAX);

export const GlossaryBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  name: Name,
  definition: Definition,
  message: z.string().trim().max(2000).optional().describe('commit message; a default names the entry'),
});
export type GlossaryBody = z.infer<typeof GlossaryBody>;

export const GlossaryUpdate = GlossaryBody.extend({ id: GlossaryId });
export type GlossaryUpdate = z.infer<typeof GlossaryUpdate>;

/** DELETE /ccms/<kind>/{ids}: file names, comma separated, in the query's library and branch. */
export const GlossaryDeleteQuery = ResourceScope.extend({ message: z.string().trim().max(2000).optional() });

/** What a glossary write committed, with the entry ids written. */
export const GlossaryCommit = z.object({ commit: z.string(), branch: z.string(), paths: z.array(z.string()), ids: z.array(z.string()) });
export type GlossaryCommit = z.infer<typeof GlossaryCommit>;

export const GlossaryImportQuery = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  updateSupport: z.enum(['true', 'false']).optional().describe('true: a name that exists is updated instead of refused'),
});

export const GlossaryImportResult = z.object({ added: z.number(), updated: z.number(), commit: z.string().nullable() });

const GlossaryIdParam = z.object({ id: GlossaryId });
const GlossaryIdsParam = z.object({ ids: z.string().trim().min(1).max(4000).describe('file names, comma separated') });

/** The endpoints of /ccms/abbreviation or /ccms/term: the same API over another folder and permission set. */
const glossaryApi = <const K extends GlossaryKind>(kind: K) => {
  const perm = GLOSSARY_PERMS[kind];
  const tag = `content/${kind}`;
  return {
    list: endpoint({
      method: 'GET',
      url: `/ccms/${kind}/list`,
      access: { permission: perm.list },
      summary: `List ${kind} entries by page`,
      tag,
      query: GlossaryQuery,
      response: GlossaryList,
    }),
    export: endpoint({
      method: 'POST',
      url: `/ccms/${kind}/export`,
      access: { permission: perm.export },
      summary: `Export ${kind} entries as an Excel workbook`,
      tag,
      body: GlossaryFilter,
      response: z.unknown().describe('an .xlsx workbook'),
    }),
    import: endpoint({
      method: 'POST',
      url: `/ccms/${kind}/importData`,
      access: { permission: perm.import },
      summary: `Import ${kind} entries from an Excel workbook (multipart)`,
      tag,
      query: GlossaryImportQuery,
      response: okOf(GlossaryImportResult),
    }),
    usage: endpoint({
      method: 'GET',
      url: `/ccms/${kind}/:id/usage`,
      access: { permission: perm.query },
      summary: `List the topics that use a ${kind} entry`,
      tag,
      params: GlossaryIdParam,
      query: GlossaryGetQuery,
      response: okOf(Usage),
    }),
    get: endpoint({
      method: 'GET',
      url: `/ccms/${kind}/:id`,
      access: { permission: perm.query },
      summary: `Get a ${kind} entry`,
      tag,
      params: GlossaryIdParam,
      query: GlossaryGetQuery,
      response: okOf(GlossaryDetail),
    }),
    add: endpoint({
      method: 'POST',
      url: `/ccms/${kind}`,
      access: { permission: perm.add },
      summary: `Create a ${kind} entry`,
      tag,
      body: GlossaryBody,
      response: okOf(GlossaryCommit),
    }),
    edit: endpoint({
      method: 'PUT',
      url: `/ccms/${kind}`,
      access: { permission: perm.edit },
      summary: `Update a ${kind} entry`,
      tag,
      body: GlossaryUpdate,
      response: okOf(GlossaryCommit),
    }),
    remove: endpoint({
      method: 'DELETE',
      url: `/ccms/${kind}/:ids`,
      access: { permission: perm.remove },
      summary: `Delete ${kind} entries`,
      tag,
      params: GlossaryIdsParam,
      query: GlossaryDeleteQuery,
      response: okOf(GlossaryCommit),
    }),
  };
};

/** The abbreviations and terms API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const GlossaryApi = { abbreviation: glossaryApi('abbreviation'), term: glossaryApi('term') };
