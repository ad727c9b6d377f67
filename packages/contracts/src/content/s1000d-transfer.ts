import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { ReindexResult } from './catalog';
import { DocumentPerm } from './document';
import { BranchName } from './library';

/** An enterprise of a data dispatch note: its name and where it is. */
export const DdnParty = z.object({
  enterpriseName: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  country: z.string().trim().min(1).max(100),
});
export type DdnParty = z.infer<typeof DdnParty>;

/** An S1000D sender or receiver ident: five letters or digits (the CAGE code form). */
const PartyIdent = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{5}$/);

/**
 * POST /ccms/s1000d/transfer/export: a transfer package (zip): a DDN and the files it lists, those of
 * a publication module (the PM, its PMs and data modules, their ICNs, tables and BREX) or those
 * changed on the branch since a date. Exactly one of documentId and since.
 */
export const TransferExportBody = z
  .object({
    libraryId: z.number().int().positive().describe('id of an S1000D library'),
    branch: BranchName.optional(),
    documentId: z.number().int().positive().optional().describe('a publication module (GET /ccms/document/list)'),
    since: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional()
      .describe('files changed on the branch since this day (YYYY-MM-DD)'),
    senderIdent: PartyIdent.describe('senderIdent of the DDN code'),
    receiverIdent: PartyIdent.describe('receiverIdent of the DDN code'),
    from: DdnParty,
    to: DdnParty,
    authorization: z.string().trim().min(1).max(100).describe('who authorised the dispatch'),
  })
  .superRefine((v, ctx) => {
    if ((v.documentId === undefined) === (v.since === undefined))
      ctx.addIssue({ code: 'custom', path: ['documentId'], message: 'choose a publication module or a day, not both' });
  });
export type TransferExportBody = z.infer<typeof TransferExportBody>;

/** POST /ccms/s1000d/transfer/import (multipart: these fields and one zip). */
export const TransferImportFields = z.object({
  libraryId: qInt.positive().describe('id of an S1000D library'),
  branch: BranchName.optional(),
  folder: z.string().max(1000).optional().describe('folder the files go to; the folder the library keeps its objects in when absent'),
  message: z.string().trim().max(2000).optional().describe('commit message; a default names the package'),
});
export type TransferImportFields = z.infer<typeof TransferImportFields>;

export const TRANSFER_ACTIONS = ['added', 'newIssue', 'olderIssue', 'replaced', 'unchanged'] as const;

export const TransferChange = z.object({
  path: z.string(),
  kind: z.string(),
  code: z.string(),
  from: z.string().nullable().describe('issue-inWork the library held'),
  to: z.string().nullable().describe('issue-inWork that arrived'),
  action: z.enum(TRANSFER_ACTIONS),
  replaces: z.string().nullable().describe("the earlier issue's file, removed in the same commit"),
});
export type TransferChange = z.infer<typeof TransferChange>;

export const TransferImportResult = z.object({
  /** Null when every file was already there as it is. */
  commit: z.string().nullable(),
  branch: z.string(),
  changes: z.array(TransferChange),
  /** The package's DDN, when it had one: its code, and what it lists that the package lacks (and the reverse). */
  ddn: z.object({ code: z.string(), items: z.number(), listedNotSent: z.array(z.string()), sentNotListed: z.array(z.string()) }).nullable(),
  index: ReindexResult.nullable(),
});
export type TransferImportResult = z.infer<typeof TransferImportResult>;

const tag = 'content/s1000d';

/** The S1000D transfer packages API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const S1000dTransferApi = {
  export: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/transfer/export',
    access: { permission: DocumentPerm.export },
    summary: 'A transfer package (zip): a DDN and the files of a publication module, or of the changes since a day',
    tag,
    body: TransferExportBody,
    response: FileResponse,
  }),
  import: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/transfer/import',
    access: { permission: DocumentPerm.import },
    summary: 'Take in a transfer package (multipart: fields and one zip) as one commit; says what changed by code and issue',
    tag,
    response: okOf(TransferImportResult),
  }),
};
