import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';
import { BuiltInEditor, FileSuffix } from './doctype';

/**
 * Editor configuration (System Manager → Settings → Editor config): editor links to external
 * URL-based XML editors, and the default editor of each file suffix, which every "Edit" action
 * goes through.
 */
export const EditorConfigPerm = {
  list: 'ccms:editorConfig:list',
  query: 'ccms:editorConfig:query',
  add: 'ccms:editorConfig:add',
  edit: 'ccms:editorConfig:edit',
  remove: 'ccms:editorConfig:remove',
} as const;

/** Most file types one editor link is associated with (the message names it). */
export const EDITOR_LINK_MAX_TYPES = 10;
/** An editor link has one icon (the upload's count limit). */
export const EDITOR_LINK_ICON_LIMIT = 1;
/** Variables the parameter template fills from the file being opened. */
export const EDITOR_LINK_VARIABLES = ['libraryId', 'library', 'branch', 'path', 'rawUrl', 'user', 'lang'] as const;
/** How a link opens: inside the app (InnerLink frame) or in a new window. */
export const EDITOR_LINK_TARGETS = ['frame', 'window'] as const;

const Http = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/i, { message: 'editorLink.serverAddress' })
  .describe('http(s) address of the editor, e.g. https://author.example.com/oxygen-xml-web-author/app/oxygen.html');

export const EditorLinkBody = z.object({
  label: z.string().trim().min(1).max(100),
  icon: z.string().trim().min(1).max(500).describe('icon image path (uploaded through /common/upload) or an icon name'),
  serverAddress: Http,
  parameter: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .describe(`query template over ${EDITOR_LINK_VARIABLES.map((n) => `$\{${n}}`).join(' ')}, e.g. url=$\{rawUrl}&author=$\{user}`),
  associationTypes: z.array(FileSuffix).min(1).describe('file suffixes this editor opens'),
  target: z.enum(EDITOR_LINK_TARGETS).default('frame'),
  status: Status01.default('0'),
  isDefault: z.enum(['Y', 'N']).default('N').describe("'Y': the default editor of its types"),
  remark: z.string().trim().max(500).default(''),
});
export type EditorLinkBody = z.infer<typeof EditorLinkBody>;
export const EditorLinkUpdate = EditorLinkBody.extend({
  linkId: z.number().int().positive().describe('id of an editor link (GET /ccms/editorConfig/link/list)'),
});
export type EditorLinkUpdate = z.infer<typeof EditorLinkUpdate>;

export const EditorLink = z.object({
  linkId: z.number(),
  label: z.string(),
  icon: z.string(),
  serverAddress: z.string(),
  parameter: z.string(),
  associationTypes: z.array(z.string()),
  target: z.string(),
  status: z.string(),
  isDefault: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type EditorLink = z.infer<typeof EditorLink>;

export const EditorLinkQuery = PageQuery.extend({ label: z.string().trim().max(100).optional(), status: Status01.optional() });
export type EditorLinkQuery = z.infer<typeof EditorLinkQuery>;

/** What a suffix opens in: a built-in editor, or `link:<linkId>`. */
export const EditorChoice = z
  .string()
  .trim()
  .regex(/^(topic|map|source|view|link:[1-9]\d*)$/, { message: 'field.invalidFormat' })
  .describe('topic | map | source | view | link:<linkId>');

export const DefaultEditorBody = z.object({ suffix: FileSuffix, open: EditorChoice });
export type DefaultEditorBody = z.infer<typeof DefaultEditorBody>;
export const DefaultEditor = z.object({
  suffix: z.string(),
  open: z.string(),
  /** The link's label when `open` is a link. */
  linkLabel: z.string().nullable(),
  updateBy: z.string(),
  updateTime: DateTime,
});
export type DefaultEditor = z.infer<typeof DefaultEditor>;

/** GET /ccms/editorConfig/resolve: how one file opens for the caller. */
export const EditorResolveQuery = z.object({
  libraryId: z.coerce.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)'),
  path: z.string().trim().min(1).max(1000).describe('path of the file inside the library'),
});
export type EditorResolveQuery = z.infer<typeof EditorResolveQuery>;

export const EditorResolution = z.object({
  /** A built-in editor, or `link`. */
  editor: z.union([BuiltInEditor, z.literal('link')]),
  /** For a link: the full URL with the parameter filled in, how to open it, and its label. */
  url: z.string().nullable(),
  target: z.string().nullable(),
  label: z.string().nullable(),
});
export type EditorResolution = z.infer<typeof EditorResolution>;

export const EditorLinkOption = z.object({ linkId: z.number(), label: z.string(), associationTypes: z.array(z.string()) });

/** Comma-separated suffixes in a path: `.svg,.xml`. */
export const FileSuffixList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(FileSuffix).min(1).max(50));

const tag = 'content/editor-config';

/** The editor configuration API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const EditorConfigApi = {
  linkList: endpoint({
    method: 'GET',
    url: '/ccms/editorConfig/link/list',
    access: { permission: EditorConfigPerm.list },
    summary: 'List editor links by page',
    tag,
    query: EditorLinkQuery,
    response: rowsOf(EditorLink),
  }),
  linkOptions: endpoint({
    method: 'GET',
    url: '/ccms/editorConfig/link/optionselect',
    access: { permission: [EditorConfigPerm.list, EditorConfigPerm.query] },
    summary: 'List the enabled editor links, for pickers',
    tag,
    response: okOf(z.array(EditorLinkOption)),
  }),
  getLink: endpoint({
    method: 'GET',
    url: '/ccms/editorConfig/link/:id',
    access: { permission: EditorConfigPerm.query },
    summary: 'Get an editor link',
    tag,
    params: IdParam,
    response: okOf(EditorLink),
  }),
  addLink: endpoint({
    method: 'POST',
    url: '/ccms/editorConfig/link',
    access: { permission: EditorConfigPerm.add },
    summary: 'Create an editor link',
    tag,
    body: EditorLinkBody,
    response: okOf(z.object({ linkId: z.number() })),
  }),
  editLink: endpoint({
    method: 'PUT',
    url: '/ccms/editorConfig/link',
    access: { permission: EditorConfigPerm.edit },
    summary: 'Update an editor link',
    tag,
    body: EditorLinkUpdate,
    response: OkEmpty,
  }),
  removeLinks: endpoint({
    method: 'DELETE',
    url: '/ccms/editorConfig/link/:ids',
    access: { permission: EditorConfigPerm.remove },
    summary: 'Delete editor links (their suffixes fall back to the document type’s editor)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  defaultList: endpoint({
    method: 'GET',
    url: '/ccms/editorConfig/default/list',
    access: { permission: EditorConfigPerm.list },
    summary: 'List the default editor of each file suffix',
    tag,
    response: okOf(z.array(DefaultEditor)),
  }),
  setDefault: endpoint({
    method: 'PUT',
    url: '/ccms/editorConfig/default',
    access: { permission: EditorConfigPerm.edit },
    summary: 'Set the editor a file suffix opens in',
    tag,
    body: DefaultEditorBody,
    response: OkEmpty,
  }),
  removeDefaults: endpoint({
    method: 'DELETE',
    url: '/ccms/editorConfig/default/:suffixes',
    access: { permission: EditorConfigPerm.remove },
    summary: 'Remove default editors (the suffixes open in their document type’s editor)',
    tag,
    params: z.object({ suffixes: FileSuffixList }),
    response: OkEmpty,
  }),
  resolve: endpoint({
    method: 'GET',
    url: '/ccms/editorConfig/resolve',
    access: { authenticated: true },
    summary: 'How a file opens for the caller: a built-in editor or an editor link’s URL',
    tag,
    query: EditorResolveQuery,
    response: okOf(EditorResolution),
  }),
};
