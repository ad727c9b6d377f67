import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { ResourcePath } from './graphic';
import { BranchName } from './library';

/**
 * Tags: a name list per library, assigned to documents (maps) and topics by library, branch and
 * path. Database metadata only; nothing is committed.
 */
export const TagPerm = {
  list: 'ccms:tag:list',
  query: 'ccms:tag:query',
  add: 'ccms:tag:add',
  edit: 'ccms:tag:edit',
  remove: 'ccms:tag:remove',
} as const;

/** Reading the tags of a path: the tag screen, or a document or topic screen. */
export const TAG_READ_PERMS = [TagPerm.list, TagPerm.query, 'ccms:document:list', 'ccms:topic:list'];
/** Assigning tags to a path: the tag screen, or whoever edits documents or topics. */
export const TAG_ASSIGN_PERMS = [TagPerm.edit, 'ccms:document:edit', 'ccms:topic:edit'];

export const TagQuery = PageQuery.extend({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  tagName: z.string().trim().max(64).optional().describe('part of the name'),
});
export type TagQuery = z.infer<typeof TagQuery>;

export const Tag = z.object({
  tagId: z.number(),
  libraryId: z.number(),
  tagName: z.string(),
  color: z.string(),
  remark: z.string(),
  /** Paths carrying the tag, on any branch. */
  uses: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Tag = z.infer<typeof Tag>;

export const TagOptionQuery = z.object({ libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)') });
export const TagOption = z.object({ tagId: z.number(), tagName: z.string(), color: z.string() });
export type TagOption = z.infer<typeof TagOption>;

const Color = z
  .string()
  .trim()
  .max(20)
  .regex(/^(#[0-9a-fA-F]{6}|[a-z-]*)$/, { message: 'field.invalidFormat' })
  .default('');

export const TagBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  tagName: z.string().trim().min(1).max(64),
  color: Color,
  remark: z.string().trim().max(500).default(''),
});
export type TagBody = z.infer<typeof TagBody>;

export const TagUpdate = TagBody.omit({ libraryId: true }).extend({ tagId: z.number().int().positive().describe('id of a tag (GET /ccms/tag/list)') });
export type TagUpdate = z.infer<typeof TagUpdate>;

/** The tags of one document or topic path. */
export const PathTagsQuery = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  path: ResourcePath.describe('path inside the library, e.g. topics/intro.dita'),
});
export type PathTagsQuery = z.infer<typeof PathTagsQuery>;

export const PathTags = z.object({ libraryId: z.number(), branch: z.string(), path: z.string(), tags: z.array(TagOption) });
export type PathTags = z.infer<typeof PathTags>;

export const AssignBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  path: ResourcePath.describe('path inside the library, e.g. topics/intro.dita'),
  tagIds: z.array(z.number().int().positive()).min(1).max(100).describe('ids of tags of the same library (GET /ccms/tag/optionselect)'),
});
export type AssignBody = z.infer<typeof AssignBody>;

/** The paths one tag is on (the tag screen's "tagged" list). */
export const TaggedQuery = PageQuery.extend({ branch: BranchName.optional().describe('git branch of the library (its default branch when absent)') });
export type TaggedQuery = z.infer<typeof TaggedQuery>;

export const TaggedRow = z.object({ assignmentId: z.number(), branch: z.string(), path: z.string(), createBy: z.string(), createTime: DateTime });
export type TaggedRow = z.infer<typeof TaggedRow>;

const tag = 'content/tag';

/** The tags API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TagApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/tag/list',
    access: { permission: TagPerm.list },
    summary: 'List tags by page',
    tag,
    query: TagQuery,
    response: rowsOf(Tag),
  }),
  options: endpoint({
    method: 'GET',
    url: '/ccms/tag/optionselect',
    access: { permission: TAG_READ_PERMS },
    summary: 'List the tags of a library, for pickers',
    tag,
    query: TagOptionQuery,
    response: okOf(z.array(TagOption)),
  }),
  ofPath: endpoint({
    method: 'GET',
    url: '/ccms/tag/path',
    access: { permission: TAG_READ_PERMS },
    summary: 'List the tags assigned to a file path',
    tag,
    query: PathTagsQuery,
    response: okOf(PathTags),
  }),
  assign: endpoint({
    method: 'POST',
    url: '/ccms/tag/assign',
    access: { permission: TAG_ASSIGN_PERMS },
    summary: 'Assign tags to file paths',
    tag,
    body: AssignBody,
    response: okOf(PathTags),
  }),
  unassign: endpoint({
    method: 'POST',
    url: '/ccms/tag/unassign',
    access: { permission: TAG_ASSIGN_PERMS },
    summary: 'Remove tags from file paths',
    tag,
    body: AssignBody,
    response: okOf(PathTags),
  }),
  paths: endpoint({
    method: 'GET',
    url: '/ccms/tag/:id/paths',
    access: { permission: TagPerm.query },
    summary: 'List the file paths a tag is assigned to',
    tag,
    params: IdParam,
    query: TaggedQuery,
    response: rowsOf(TaggedRow),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/tag/:id',
    access: { permission: TagPerm.query },
    summary: 'Get a tag',
    tag,
    params: IdParam,
    response: okOf(Tag),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/tag',
    access: { permission: TagPerm.add },
    summary: 'Create a tag',
    tag,
    body: TagBody,
    response: okOf(z.object({ tagId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/tag',
    access: { permission: TagPerm.edit },
    summary: 'Update a tag',
    tag,
    body: TagUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/tag/:ids',
    access: { permission: TagPerm.remove },
    summary: 'Delete tags',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
