import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';
import { GrammarResolution } from './grammar';

/**
 * Document types (System Manager → Doctypes): which root elements make a type, its DOCTYPE
 * identifiers, the grammar that validates it, whether a save is validated against it, the
 * template new files of the type start from and the editor that opens it.
 */
export const DoctypePerm = {
  list: 'ccms:doctype:list',
  query: 'ccms:doctype:query',
  add: 'ccms:doctype:add',
  edit: 'ccms:doctype:edit',
  remove: 'ccms:doctype:remove',
} as const;

/** Editors a file can open in: the built-in topic editor, the map editor, the XML source editor, or a read-only view. */
export const BUILT_IN_EDITORS = ['topic', 'map', 'source', 'view'] as const;
export const BuiltInEditor = z.enum(BUILT_IN_EDITORS);
export type BuiltInEditor = z.infer<typeof BuiltInEditor>;

/**
 * Where the grammar comes from: `catalog`, the DTD an OASIS catalog names for the public or system
 * identifier (the installed grammar package of the DITA version it names, the newest for a generic
 * one, else the machine's catalog); `none`, well-formedness and DITA structure rules only;
 * `s1000d`, an S1000D schema: the installed S1000D schema package of the issue the file names
 * (xsi:noNamespaceSchemaLocation) plus the BREX chain its brexDmRef names. An `s1000d` type is not a
 * DITA type: DITA checks, new topics and maps never use it, whatever its root elements.
 */
export const DOCTYPE_GRAMMARS = ['catalog', 'none', 's1000d'] as const;
export const DoctypeGrammar = z.enum(DOCTYPE_GRAMMARS);

/** An XML element name (no namespace prefix: DITA and S1000D types are not namespaced). */
export const XmlName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][\w.-]*$/, { message: 'field.invalidFormat' });

/** A file suffix with its dot, lower case: `.dita`. */
export const FileSuffix = z
  .string()
  .trim()
  .min(2)
  .max(20)
  .regex(/^\.[a-z0-9]+$/, { message: 'field.invalidFormat' })
  .describe('file suffix with its dot, e.g. .dita');

export const DoctypeBody = z.object({
  doctypeName: XmlName.describe('name of the type, e.g. concept'),
  rootElements: z.array(XmlName).min(1).max(10).describe('root element names that make a file of this type'),
  publicId: z.string().trim().max(200).default('').describe('DOCTYPE public identifier, e.g. -//OASIS//DTD DITA Concept//EN'),
  systemId: z.string().trim().max(200).default('').describe('DOCTYPE system identifier, e.g. concept.dtd'),
  fileSuffix: FileSuffix,
  grammar: DoctypeGrammar.default('catalog'),
  validateOnSave: z.boolean().default(true).describe('refuse saves that the grammar rejects'),
  defaultTemplateId: z.number().int().positive().nullable().default(null).describe('id of a template of this type (GET /ccms/template/list)'),
  editor: BuiltInEditor.default('topic'),
  status: Status01.default('0'),
  remark: z.string().trim().max(500).default(''),
});
export type DoctypeBody = z.infer<typeof DoctypeBody>;
export const DoctypeUpdate = DoctypeBody.extend({ doctypeId: z.number().int().positive().describe('id of a document type (GET /ccms/doctype/list)') });
export type DoctypeUpdate = z.infer<typeof DoctypeUpdate>;

export const Doctype = GrammarResolution.extend({
  doctypeId: z.number(),
  doctypeName: z.string(),
  rootElements: z.array(z.string()),
  publicId: z.string(),
  systemId: z.string(),
  fileSuffix: z.string(),
  grammar: z.string(),
  /** An installed grammar package or the machine's catalog resolves the identifiers to a DTD (its version and package alongside). */
  grammarFound: z.boolean(),
  validateOnSave: z.boolean(),
  defaultTemplateId: z.number().nullable(),
  defaultTemplateName: z.string().nullable(),
  editor: z.string(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateTime: DateTime,
});
export type Doctype = z.infer<typeof Doctype>;

export const DoctypeQuery = PageQuery.extend({
  doctypeName: z.string().trim().max(64).optional().describe('part of the name'),
  status: Status01.optional(),
});
export type DoctypeQuery = z.infer<typeof DoctypeQuery>;

export const DoctypeOption = z.object({
  doctypeId: z.number(),
  doctypeName: z.string(),
  rootElements: z.array(z.string()),
  fileSuffix: z.string(),
  grammar: z.string().describe('catalog, none or s1000d'),
});
export type DoctypeOption = z.infer<typeof DoctypeOption>;

const tag = 'content/doctype';

/** The document types API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DoctypeApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/doctype/list',
    access: { permission: DoctypePerm.list },
    summary: 'List document types by page',
    tag,
    query: DoctypeQuery,
    response: rowsOf(Doctype),
  }),
  options: endpoint({
    method: 'GET',
    url: '/ccms/doctype/optionselect',
    access: { authenticated: true },
    summary: 'List the enabled document types, for pickers',
    tag,
    response: okOf(z.array(DoctypeOption)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/doctype/:id',
    access: { permission: DoctypePerm.query },
    summary: 'Get a document type',
    tag,
    params: IdParam,
    response: okOf(Doctype),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/doctype',
    access: { permission: DoctypePerm.add },
    summary: 'Create a document type',
    tag,
    body: DoctypeBody,
    response: okOf(z.object({ doctypeId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/doctype',
    access: { permission: DoctypePerm.edit },
    summary: 'Update a document type',
    tag,
    body: DoctypeUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/doctype/:ids',
    access: { permission: DoctypePerm.remove },
    summary: 'Delete document types (refused while templates belong to them)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
