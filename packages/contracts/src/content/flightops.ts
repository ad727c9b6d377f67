import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { CatalogScope } from './catalog';
import { DocumentPerm } from './document';
import { BranchName } from './library';
import { TopicPerm } from './topic';

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

/** An aircraft of the library's fleet (fleet.xml): what the effectivity filter and a publication are for. */
export const FleetAircraft = z.object({
  msn: z.string().describe('manufacturer serial number'),
  registration: z.string(),
  mods: z.array(z.string()).describe('modifications embodied'),
});
export type FleetAircraft = z.infer<typeof FleetAircraft>;

/** GET /ccms/flightops/fleet: the aircraft of a branch's fleet.xml (empty when it has none). */
export const FleetResult = z.object({ aircraft: z.array(FleetAircraft) });
export type FleetResult = z.infer<typeof FleetResult>;

/** GET /ccms/flightops/effective: the DUs of a branch with a solution effective for an aircraft. */
export const EffectiveQuery = CatalogScope.extend({
  aircraft: z.string().trim().min(1).max(64).describe('MSN or registration of an aircraft of fleet.xml'),
});
export type EffectiveQuery = z.infer<typeof EffectiveQuery>;

export const EffectiveSolution = z.object({
  id: z.string(),
  effectivity: z.string().describe('MSNs (* for all) and + the modifications it needs'),
  effective: z.boolean(),
});
export const EffectiveDu = z.object({
  topicId: z.number(),
  path: z.string(),
  id: z.string().describe('the DU id'),
  title: z.string(),
  type: z.string(),
  manual: z.string(),
  solutions: z.array(EffectiveSolution),
});
export type EffectiveDu = z.infer<typeof EffectiveDu>;
export const EffectiveResult = z.object({
  aircraft: FleetAircraft,
  commit: z.string(),
  effective: z.array(EffectiveDu).describe('DUs with at least one solution effective for the aircraft'),
  notEffective: z.array(EffectiveDu).describe('DUs with none'),
});
export type EffectiveResult = z.infer<typeof EffectiveResult>;

/**
 * POST /ccms/flightops/freeze: the airline's working copy frozen for validation: an annotated tag
 * freeze/<name> at the head of `branch`, pushed with branch frozen/<name> at the same commit (one
 * atomic push; no writer commits on a frozen branch), its PSLs and DUs put under review. Dispatch
 * publishes a PSL of it once a reviewer approved the PSL, and only while the branch is at its tag.
 */
export const FreezeBody = z.object({
  libraryId: z.number().int().positive().describe('id of the library'),
  branch: BranchName.describe('the branch frozen: the airline branch or a revision/<name> branch'),
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/)
    .describe('name of the frozen revision (letters, digits, . _ -): the tag is freeze/<name>, the branch frozen/<name>'),
});
export type FreezeBody = z.infer<typeof FreezeBody>;

export const FrozenDocument = z.object({ documentId: z.number(), path: z.string(), name: z.string(), status: z.string() });
export const FreezeResult = z.object({
  tag: z.string().describe('the freeze tag on the remote: freeze/<name>'),
  frozenBranch: z.string(),
  commit: z.string(),
  documents: z.array(FrozenDocument).describe('the PSLs under review'),
  dus: z.number().describe('DUs put under review'),
});
export type FreezeResult = z.infer<typeof FreezeResult>;

/** GET /ccms/flightops/frozen: the frozen revisions of a library, each PSL with its review status. */
export const FrozenQuery = z.object({ libraryId: z.coerce.number().int().positive().describe('id of the library') });
export const FrozenRevision = z.object({
  name: z.string(),
  tag: z.string().describe('freeze/<name>'),
  branch: z.string(),
  commit: z.string(),
  documents: z.array(FrozenDocument),
});
export const FrozenList = z.object({ revisions: z.array(FrozenRevision) });
export type FrozenList = z.infer<typeof FrozenList>;

const tag = 'content/flightops';

/** The flight-operations API (fleet, effectivity, freeze, manufacturer revisions): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const FlightopsApi = {
  fleet: endpoint({
    method: 'GET',
    url: '/ccms/flightops/fleet',
    access: { permission: TopicPerm.list },
    summary: "The aircraft of a branch's fleet.xml",
    tag,
    query: CatalogScope,
    response: okOf(FleetResult),
  }),
  effective: endpoint({
    method: 'GET',
    url: '/ccms/flightops/effective',
    access: { permission: TopicPerm.list },
    summary: 'The DUs of a branch with a solution effective for an aircraft (MSN or registration), and those with none',
    tag,
    query: EffectiveQuery,
    response: okOf(EffectiveResult),
  }),
  freeze: endpoint({
    method: 'POST',
    url: '/ccms/flightops/freeze',
    access: { permission: DocumentPerm.edit },
    summary:
      'Freeze a working copy for validation: annotated tag freeze/<name> and branch frozen/<name> (no commit lands on it) at its head, pushed atomically; its PSLs and DUs put under review',
    tag,
    body: FreezeBody,
    response: okOf(FreezeResult),
  }),
  frozen: endpoint({
    method: 'GET',
    url: '/ccms/flightops/frozen',
    access: { permission: DocumentPerm.list },
    summary: 'The frozen revisions of a library, each PSL with its review status',
    tag,
    query: FrozenQuery,
    response: okOf(FrozenList),
  }),
  loadRevision: endpoint({
    method: 'POST',
    url: '/ccms/flightops/revision',
    access: { permission: DocumentPerm.import },
    summary: "Load a manufacturer revision (multipart: fields and one zip) onto the airline's branch: merged per DU into revision/<name>, conflicts listed",
    tag,
    response: okOf(RevisionLoadResult),
  }),
  resolveRevision: endpoint({
    method: 'POST',
    url: '/ccms/flightops/revision/resolve',
    access: { permission: DocumentPerm.import },
    summary: 'Resolve a conflict of a revision branch: the chosen or written text (or the removal) as one commit',
    tag,
    body: RevisionResolveBody,
    response: okOf(RevisionResolveResult),
  }),
};
