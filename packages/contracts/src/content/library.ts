import { z } from 'zod';
import { LIBRARY_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { Abilities, type GrantLevel } from '../grants';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, qInt, rowsOf, Status01 } from '../http';

/** Permission strings of the library screens (seeded menu buttons). */
export const LibraryPerm = {
  list: 'ccms:library:list',
  query: 'ccms:library:query',
  add: 'ccms:library:add',
  edit: 'ccms:library:edit',
  remove: 'ccms:library:remove',
  export: 'ccms:library:export',
} as const;

/** What the API answers in place of a stored password. */
export const MASKED_SECRET = '******';

/**
 * Object-level rights on one library (the grant levels, in the order the grant form offers them):
 * publish may read, publish, deliver and manage outputs, but not change content (write and up).
 */
export const LIBRARY_LEVELS = ['admin', 'owner', 'write', 'publish', 'read'] as const satisfies readonly GrantLevel[];
export const LibraryLevel = z.enum(LIBRARY_LEVELS).describe('granted level on the library: admin, owner, write, publish or read');
export type LibraryLevel = z.infer<typeof LibraryLevel>;

/** Reasons a connection check can fail, shown in words by the web. */
export const SCM_FAILURES = ['authFailed', 'repoNotFound', 'hostUnreachable', 'branchMissing', 'urlRefused', 'pushRefused', 'unknown'] as const;

/** Branch names git accepts, minus anything that could read as an option or a range. */
export const BranchName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (v) =>
      /^[\w./-]+$/.test(v) && !v.startsWith('-') && !v.startsWith('/') && !v.endsWith('/') && !v.endsWith('.lock') && !v.includes('..') && !v.includes('//'),
    {
      message: 'field.invalidFormat',
    },
  );

/** http(s) URL with a host and a path, no user info: the credential travels separately. */
export const GitUrl = z
  .string()
  .trim()
  .min(1, { message: 'library.invalidUrl' })
  .max(500)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (
          (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password && !u.hash && u.pathname.length > 1 && !/\s/.test(v)
        );
      } catch {
        return false;
      }
    },
    { message: 'library.invalidUrl' },
  )
  .describe('http(s) URL of the remote git repository');

export const Credential = z.object({
  type: z.literal('userpass').default('userpass'),
  name: z.string().trim().max(100).default(''),
  username: z.string().trim().max(200).default(''),
  /** On edit, the masked marker or empty keeps the stored password. */
  password: z.string().max(500).default(''),
});
export type Credential = z.infer<typeof Credential>;

/** A library type: a built-in one (LIBRARY_TYPES), or one an administrator defined by an XML profile (the server checks it has one). */
export const LibraryTypeName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][\w-]{1,31}$/, { message: 'field.invalidFormat' })
  .describe(`${LIBRARY_TYPES.join(', ')}, or a type with an XML profile (GET /ccms/xmlProfile/types)`);

export const LibraryBody = z.object({
  name: z.string().trim().min(1).max(100).describe('unique library name'),
  displayText: z.string().trim().max(200).default(''),
  deptId: z.number().int().positive().nullable().optional().describe('id of a department (GET /system/dept/list)'),
  status: Status01.default('0'),
  libraryType: LibraryTypeName,
  url: GitUrl,
  scmType: z.literal('git').default('git'),
  defaultBranch: BranchName.describe('git branch the library opens on'),
  credential: Credential.optional(),
  remark: z.string().max(500).optional(),
});
export type LibraryBody = z.infer<typeof LibraryBody>;

export const LibraryUpdate = LibraryBody.extend({ libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)') });
export type LibraryUpdate = z.infer<typeof LibraryUpdate>;

/** A library as lists and forms show it; the password is always the masked marker. */
export const Library = z.object({
  libraryId: z.number(),
  name: z.string(),
  displayText: z.string(),
  deptId: z.number().nullable(),
  deptName: z.string(),
  status: z.string(),
  libraryType: z.string(),
  url: z.string(),
  scmType: z.string(),
  defaultBranch: z.string(),
  credential: z.object({ type: z.string(), name: z.string(), username: z.string(), password: z.string() }),
  lastFetchTime: DateTime,
  lastFetchError: z.string().describe('reason of the last failed fetch (SCM_FAILURES), empty when it worked'),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
  remark: z.string(),
  /** The caller's strongest right on this library, shown as text. */
  myLevel: LibraryLevel.nullable(),
  /** What that right lets the caller do (outline-style: the web shows buttons from it, never from the level). */
  abilities: Abilities,
});
export type Library = z.infer<typeof Library>;

export const LibraryQuery = PageQuery.extend({
  name: z.string().max(100).optional(),
  libraryType: LibraryTypeName.optional(),
  status: Status01.optional(),
  deptId: qInt.positive().optional().describe('id of a department (GET /system/dept/list)'),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** Check a remote before saving; with libraryId, a stored password fills a masked one. */
export const ValidateBody = z.object({
  libraryId: z.number().int().positive().optional().describe('id of a library (GET /ccms/library/list)'),
  url: GitUrl,
  defaultBranch: BranchName.describe('git branch the library opens on'),
  credential: Credential.optional(),
});
export type ValidateBody = z.infer<typeof ValidateBody>;

export const ValidateResult = z.object({
  state: z.enum(['success', 'failure']),
  reason: z.enum(SCM_FAILURES).nullable(),
  message: z.string().describe('the reason in words, in the caller language'),
  branches: z.array(z.string()),
});
export type ValidateResult = z.infer<typeof ValidateResult>;

export const Branch = z.object({ name: z.string(), commit: z.string(), date: z.string() });

export const BranchList = z.object({
  branches: z.array(Branch),
  defaultBranch: z.string(),
  lastFetchTime: DateTime,
  lastFetchError: z.string(),
  /** True when the remote could not be reached and the answer comes from the last fetch. */
  stale: z.boolean(),
});

/** A new library's clone and index, started when it is created: clone, index, then ready (or failed). */
export const LibraryProgress = z.object({
  phase: z.enum(['clone', 'index', 'ready', 'failed']),
  documents: z.number().nullable().describe('maps indexed (null: not known here)'),
  topics: z.number().nullable().describe('topics indexed (null: not known here)'),
  reason: z.string().nullable().describe('why it failed'),
});
export type LibraryProgress = z.infer<typeof LibraryProgress>;

export const FetchResult = z.object({
  state: z.enum(['success', 'failure']),
  reason: z.enum(SCM_FAILURES).nullable(),
  message: z.string(),
  lastFetchTime: DateTime,
});

export const LibraryIdParam = z.object({ libraryId: z.coerce.number().int().positive().describe('id of a library (GET /ccms/library/list)') });

/** A library in pickers (explorer, projects). */
export const LibraryOption = z.object({
  libraryId: z.number(),
  name: z.string(),
  displayText: z.string(),
  defaultBranch: z.string(),
  libraryType: z.string().describe('DITA, S1000D, ...: which content standard the screens show the library in'),
});

const tag = 'content/library';

/** The libraries API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const LibraryApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/library/list',
    access: { permission: LibraryPerm.list },
    summary: 'List libraries by page',
    tag,
    query: LibraryQuery,
    response: rowsOf(Library),
  }),
  options: endpoint({
    method: 'GET',
    url: '/ccms/library/optionselect',
    access: { authenticated: true },
    summary: 'List the libraries the caller can read, for pickers',
    tag,
    response: okOf(z.array(LibraryOption)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/library/:libraryId',
    // Object grants decide (the service asks for read): a writer without the Libraries admin menu works in the library.
    access: { authenticated: true },
    summary: 'Get a library',
    tag,
    params: LibraryIdParam,
    response: okOf(Library),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/library',
    access: { permission: LibraryPerm.add },
    summary: 'Create a library connected to a git remote',
    tag,
    body: LibraryBody,
    response: okOf(z.object({ libraryId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/library',
    access: { permission: LibraryPerm.edit },
    summary: 'Update a library',
    tag,
    body: LibraryUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/library/:ids',
    access: { permission: LibraryPerm.remove },
    summary: 'Delete libraries',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  validate: endpoint({
    method: 'POST',
    url: '/ccms/library/validate',
    access: { permission: [LibraryPerm.add, LibraryPerm.edit] },
    summary: 'Check that a git remote and branch can be reached before saving',
    tag,
    body: ValidateBody,
    response: okOf(ValidateResult),
  }),
  validateSaved: endpoint({
    method: 'POST',
    url: '/ccms/library/:libraryId/validate',
    access: { permission: [LibraryPerm.query] },
    summary: "Check that a saved library's git remote can be reached",
    tag,
    params: LibraryIdParam,
    response: okOf(ValidateResult),
  }),
  progress: endpoint({
    method: 'GET',
    url: '/ccms/library/:libraryId/progress',
    access: { authenticated: true },
    summary: "A new library's clone and index: phase and counts",
    tag,
    params: LibraryIdParam,
    response: okOf(LibraryProgress),
  }),
  branches: endpoint({
    method: 'GET',
    url: '/ccms/library/:libraryId/branches',
    access: { authenticated: true },
    summary: "List the branches of a library's git remote",
    tag,
    params: LibraryIdParam,
    response: okOf(BranchList),
  }),
  fetch: endpoint({
    method: 'POST',
    url: '/ccms/library/:libraryId/fetch',
    access: { authenticated: true },
    summary: 'Fetch the latest commits of a library from its git remote',
    tag,
    params: LibraryIdParam,
    response: okOf(FetchResult),
  }),
};
