import { z } from 'zod';
import { qInt } from '../http';
import { BranchName } from './library';

/**
 * POST /ccms/flightops/revision (multipart: these fields and one zip): a new manufacturer revision
 * of a flight-operations manual loaded onto the airline's customised branch. The package goes onto
 * the manufacturer branch (its previous head is the base); the airline branch's DUs are merged
 * three-way against it into a new branch `revision/<revision>`, one commit; conflicts keep the
 * airline's text and are listed with the three versions (docs/flightops-profile.md).
 */
export const RevisionLoadFields = z.object({
  libraryId: qInt.positive().describe('id of the library'),
  branch: BranchName.optional().describe("the airline's customised branch (the library's default when absent)"),
  manufacturerBranch: BranchName.default('manufacturer').describe('the branch holding the manufacturer revisions as delivered'),
  revision: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/)
    .describe('name of the revision (letters, digits, . _ -): the new branch is revision/<name>'),
  folder: z.string().trim().max(1000).default('').describe("folder of the library the package's files live in ('' for the root)"),
});
export type RevisionLoadFields = z.infer<typeof RevisionLoadFields>;

export const REVISION_CONFLICT_REASONS = ['bothChanged', 'deletedByManufacturer', 'deletedByAirline', 'addedByBoth'] as const;

export const RevisionConflict = z.object({
  path: z.string(),
  reason: z.enum(REVISION_CONFLICT_REASONS),
  /** The three versions (absent where that side has no such file; binary files carry none). */
  base: z.string().optional(),
  manufacturer: z.string().optional(),
  airline: z.string().optional(),
  binary: z.boolean(),
  lines: z.array(z.object({ from: z.number(), to: z.number() })).optional(),
});
export type RevisionConflict = z.infer<typeof RevisionConflict>;

export const RevisionLoadResult = z.object({
  revisionBranch: z.string(),
  /** The commit of the package on the manufacturer branch (null: the package is what the branch held). */
  manufacturerCommit: z.string().nullable(),
  /** The merge commit on the revision branch (null: nothing to change). */
  commit: z.string().nullable(),
  added: z.array(z.string()),
  revised: z.array(z.string()),
  deleted: z.array(z.string()),
  merged: z.array(z.string()),
  airlineKept: z.array(z.string()),
  conflicts: z.array(RevisionConflict),
});
export type RevisionLoadResult = z.infer<typeof RevisionLoadResult>;

/** POST /ccms/flightops/revision/resolve: a conflict of a revision branch resolved as one commit (the text chosen or written, or the file removed). */
export const RevisionResolveBody = z.object({
  libraryId: z.number().int().positive().describe('id of the library'),
  branch: BranchName.refine((b) => b.startsWith('revision/'), { message: 'field.invalid' }).describe('the revision branch (revision/<name>)'),
  path: z.string().trim().min(1).max(1000).describe('the conflicting file'),
  content: z.string().max(5_000_000).nullable().describe('the resolved text; null removes the file'),
});
export type RevisionResolveBody = z.infer<typeof RevisionResolveBody>;
export const RevisionResolveResult = z.object({ commit: z.string() });
