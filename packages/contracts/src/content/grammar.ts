import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf } from '../http';

/**
 * Grammar packages (System Manager → Grammar packages): what validates a content standard, as a
 * zip an administrator installs; the product ships none. DITA: DTDs with their OASIS catalog
 * (validation uses the package of the DITA version a file's DOCTYPE names, the newest for a
 * generic one, else the machine's catalog). S1000D: the flat XSDs of one issue, or the default
 * BREX data modules of one or more issues (ASD's, per issue).
 */
export const GrammarPerm = {
  list: 'ccms:grammar:list',
  add: 'ccms:grammar:add',
  remove: 'ccms:grammar:remove',
} as const;

/** Standards a grammar package can be for. */
export const GRAMMAR_STANDARDS = ['DITA', 'S1000D', 'ATA2300'] as const;
export type GrammarStandard = (typeof GRAMMAR_STANDARDS)[number];

/**
 * What a package holds, recognised from the zip: `dtd` DITA DTDs with an OASIS catalog.xml,
 * `schema` the flat XSDs of one S1000D issue, `brex` S1000D default BREX data modules.
 */
export const GrammarKind = z.enum(['dtd', 'schema', 'brex']);
export type GrammarKind = z.infer<typeof GrammarKind>;

/** A package's name: letters, digits, dot, dash and underscore (e.g. dita-1.3). */
export const GrammarName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][\w.-]*$/, { message: 'field.invalidFormat' })
  .describe('name of the package, e.g. dita-1.3 (the zip file name without .zip when absent)');

/**
 * Text fields of the install form (multipart; the zip travels as the part named "file"): a zip of
 * a DTD folder with an OASIS catalog.xml at its top or one folder down, of S1000D's xml_schema_flat
 * (or its XSDs at the top), or of S1000D default BREX data modules.
 */
export const GrammarInstallFields = z.object({ name: GrammarName.optional() });

export const GrammarQuery = PageQuery.extend({
  name: z.string().trim().max(64).optional().describe('part of the name'),
});
export type GrammarQuery = z.infer<typeof GrammarQuery>;

export const Grammar = z.object({
  grammarId: z.number(),
  name: z.string(),
  standard: z.string().describe('content standard: DITA, S1000D or ATA2300'),
  kind: GrammarKind,
  version: z
    .string()
    .describe('DITA: the version its catalog names, e.g. 1.3; S1000D schemas: the issue, e.g. 5.0; default BREX: the issues it covers, e.g. "4.1, 4.2, 5.0"'),
  fileCount: z.number().describe('files in the package'),
  catalogPath: z
    .string()
    .describe('where the grammar is inside the package: the OASIS catalog (dita-1.3/catalog.xml), the folder of the XSDs or of the BREX ("" at the top)'),
  fileName: z.string().describe('the uploaded zip'),
  size: z.number().describe('bytes of the zip'),
  createBy: z.string().describe('who installed it'),
  createTime: DateTime,
});
export type Grammar = z.infer<typeof Grammar>;

/** POST /ccms/grammar: what was installed. */
export const GrammarInstalled = z.object({
  grammarId: z.number(),
  standard: z.enum(GRAMMAR_STANDARDS),
  kind: GrammarKind,
  version: z.string().describe('as in the list'),
});
export type GrammarInstalled = z.infer<typeof GrammarInstalled>;

/** Where the DTDs validating a DOCTYPE come from: an installed package, or the machine's catalog (Debian's dita-ot). */
export const GrammarSource = z.enum(['package', 'machine']);
export type GrammarSource = z.infer<typeof GrammarSource>;

/** What validates files of a DOCTYPE: the standard's version and where its DTDs are; null fields when nothing knows it. */
export const GrammarResolution = z.object({
  grammarVersion: z.string().nullable().describe('DITA version of the DTD that validates, e.g. 1.3'),
  grammarSource: GrammarSource.nullable(),
  grammarPackage: z.string().nullable().describe('name of the installed package, when the DTD comes from one'),
});
export type GrammarResolution = z.infer<typeof GrammarResolution>;

/** GET /ccms/grammar/status: whether a DITA package is installed, and what the machine's catalog offers without one. */
export const GrammarStatus = z.object({
  installed: z.number().describe('DITA packages installed'),
  machineVersion: z.string().nullable().describe("DITA version of the machine's catalog (null when the machine has none)"),
});
export type GrammarStatus = z.infer<typeof GrammarStatus>;

const tag = 'content/grammar';

/** The grammar packages API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const GrammarApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/grammar/list',
    access: { permission: GrammarPerm.list },
    summary: 'List the installed grammar packages by page',
    tag,
    query: GrammarQuery,
    response: rowsOf(Grammar),
  }),
  status: endpoint({
    method: 'GET',
    url: '/ccms/grammar/status',
    // ccms:doctype:list (DoctypePerm.list): the document type screen shows it too; doctype.ts imports this file.
    access: { permission: [GrammarPerm.list, 'ccms:doctype:list'] },
    summary: "How many DITA grammar packages are installed, and the DITA version of the machine's catalog used without one",
    tag,
    response: okOf(GrammarStatus),
  }),
  install: endpoint({
    method: 'POST',
    url: '/ccms/grammar',
    access: { permission: GrammarPerm.add },
    summary:
      'Install a grammar package (multipart: optional "name", the zip as "file"), recognised by what it holds: a DITA DTD folder with an OASIS catalog.xml at its top or one folder down, S1000D schemas (xml_schema_flat, or the flat XSDs at the top) or S1000D default BREX data modules; checked before anything is kept',
    tag,
    response: okOf(GrammarInstalled),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/grammar/:ids',
    access: { permission: GrammarPerm.remove },
    summary: 'Delete grammar packages (validation falls back to another package, the machine catalog for DITA)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
