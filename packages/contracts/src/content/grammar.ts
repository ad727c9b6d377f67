import { z } from 'zod';
import { DateTime, PageQuery } from '../http';

/**
 * Grammar packages (System Manager → Grammar packages): the DTDs of a content standard with their
 * OASIS catalog, as a zip an administrator installs. The product ships none; validation uses the
 * installed package of the DITA version a file's DOCTYPE names (the newest for a generic one),
 * else the machine's catalog.
 */
export const GrammarPerm = {
  list: 'ccms:grammar:list',
  add: 'ccms:grammar:add',
  remove: 'ccms:grammar:remove',
} as const;

/** Standards a grammar package can be for. */
export const GRAMMAR_STANDARDS = ['DITA'] as const;

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
 * a DTD folder with an OASIS catalog.xml at its top or one folder down.
 */
export const GrammarInstallFields = z.object({ name: GrammarName.optional() });

export const GrammarQuery = PageQuery.extend({
  name: z.string().trim().max(64).optional().describe('part of the name'),
});
export type GrammarQuery = z.infer<typeof GrammarQuery>;

export const Grammar = z.object({
  grammarId: z.number(),
  name: z.string(),
  standard: z.string().describe('content standard, e.g. DITA'),
  version: z.string().describe('version its catalog names, e.g. 1.3'),
  fileCount: z.number().describe('files in the package'),
  catalogPath: z.string().describe('the OASIS catalog inside the package, e.g. dita-1.3/catalog.xml'),
  fileName: z.string().describe('the uploaded zip'),
  size: z.number().describe('bytes of the zip'),
  createBy: z.string().describe('who installed it'),
  createTime: DateTime,
});
export type Grammar = z.infer<typeof Grammar>;

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

/** GET /ccms/grammar/status: whether a package is installed, and what the machine's catalog offers without one. */
export const GrammarStatus = z.object({
  installed: z.number().describe('packages installed'),
  machineVersion: z.string().nullable().describe("DITA version of the machine's catalog (null when the machine has none)"),
});
export type GrammarStatus = z.infer<typeof GrammarStatus>;
