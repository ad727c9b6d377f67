import { z } from 'zod';
import { GranteeQuery, GranteeRole, GranteeUser } from '../content/library-config';
import { endpoint } from '../endpoint';
import { Abilities, GranteeType, PlainLevel } from '../grants';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { optionalText } from '../monitor/filters';

/**
 * Regulations (a named text of an authority at one revision), their clauses, and the links
 * from a clause to the content and work items that answer it (the regulation relationship).
 */
export const RegulationPerm = {
  list: 'ccms:regulation:list',
  query: 'ccms:regulation:query',
  add: 'ccms:regulation:add',
  edit: 'ccms:regulation:edit',
  remove: 'ccms:regulation:remove',
  export: 'ccms:regulation:export',
  import: 'ccms:regulation:import',
} as const;

export const RegulationRelationPerm = {
  list: 'ccms:regulationRelation:list',
  query: 'ccms:regulationRelation:query',
  add: 'ccms:regulationRelation:add',
  edit: 'ccms:regulationRelation:edit',
  remove: 'ccms:regulationRelation:remove',
} as const;

const required = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().trim().max(max).default('');

export const RegulationBody = z.object({
  name: required(100).describe('short name, e.g. CS-25'),
  title: required(300),
  organization: required(100).describe('issuing authority, e.g. EASA'),
  revision: required(64).describe('revision or amendment, e.g. Amendment 27'),
  issueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field.invalidFormat' })
    .describe('yyyy-MM-dd'),
  description: optional(2000),
  owner: optional(64).describe('user name of the owner (told when links need re-verifying); default: the creator'),
});
export type RegulationBody = z.infer<typeof RegulationBody>;

export const RegulationUpdate = RegulationBody.omit({ revision: true }).extend({
  regulationId: z.number().int().positive().describe('id of a regulation revision (GET /ccms/regulation/list)'),
});
export type RegulationUpdate = z.infer<typeof RegulationUpdate>;

/** A new revision: a new row linked to the previous one, with its clauses and links copied. */
export const RegulationRevisionBody = z.object({
  regulationId: z.number().int().positive().describe('the revision the new one follows (GET /ccms/regulation/list)'),
  revision: required(64),
  issueDate: RegulationBody.shape.issueDate,
});
export type RegulationRevisionBody = z.infer<typeof RegulationRevisionBody>;

export const RegulationQuery = PageQuery.extend({
  name: optionalText(100).describe('part of the name or title'),
  organization: optionalText(100),
  latestOnly: z.enum(['true', 'false']).optional().describe('only the newest revision of each regulation'),
});
export type RegulationQuery = z.infer<typeof RegulationQuery>;

export const Regulation = z.object({
  regulationId: z.number(),
  name: z.string(),
  title: z.string(),
  organization: z.string(),
  revision: z.string(),
  issueDate: z.string(),
  description: z.string(),
  owner: z.string(),
  previousId: z.number().nullable(),
  latest: z.boolean().describe('no newer revision follows this one'),
  clauseCount: z.number(),
  level: PlainLevel.nullable(),
  abilities: Abilities,
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Regulation = z.infer<typeof Regulation>;

export const RegulationGrant = z.object({
  grantId: z.number(),
  regulationId: z.number(),
  granteeType: GranteeType,
  granteeId: z.number(),
  granteeName: z.string(),
  level: PlainLevel,
  createBy: z.string(),
  createTime: DateTime,
});
export type RegulationGrant = z.infer<typeof RegulationGrant>;

export const RegulationGrantBody = z.object({
  regulationId: z.number().int().positive().describe('id of a regulation revision (GET /ccms/regulation/list)'),
  granteeType: GranteeType,
  granteeId: z.number().int().min(0).describe('user or role id; 0 for all'),
  level: PlainLevel,
});
export type RegulationGrantBody = z.infer<typeof RegulationGrantBody>;

/* ---------- clauses ---------- */

export const ClauseBody = z.object({
  regulationId: z.number().int().positive().describe('id of a regulation revision (GET /ccms/regulation/list)'),
  number: required(64).describe('paragraph number, e.g. 25.1581(a)(2)'),
  title: optional(500),
  text: z.string().max(20000).default(''),
  parentNumber: z.string().trim().max(64).default('').describe('number of the parent clause; empty: top level'),
});
export type ClauseBody = z.infer<typeof ClauseBody>;

export const ClauseUpdate = ClauseBody.omit({ regulationId: true }).extend({
  clauseId: z.number().int().positive().describe('id of a clause (GET /ccms/regulation/clause/list)'),
});
export type ClauseUpdate = z.infer<typeof ClauseUpdate>;

export const ClauseQuery = PageQuery.extend({
  regulationId: qInt.positive().describe('id of a regulation revision (GET /ccms/regulation/list)'),
  keyword: optionalText(200).describe('part of the number, title or text'),
});
export type ClauseQuery = z.infer<typeof ClauseQuery>;

/** Applicability of a clause in its revision: not applicable needs a justification. */
export const ClauseApplicability = z
  .object({
    clauseId: z.number().int().positive().describe('id of a clause (GET /ccms/regulation/clause/list)'),
    notApplicable: z.boolean(),
    justification: z.string().trim().max(2000).default(''),
  })
  .refine((b) => !b.notApplicable || b.justification.length > 0, { message: 'field.required', path: ['justification'] });
export type ClauseApplicability = z.infer<typeof ClauseApplicability>;

export const Clause = z.object({
  clauseId: z.number(),
  regulationId: z.number(),
  parentId: z.number().nullable(),
  number: z.string(),
  title: z.string(),
  text: z.string(),
  orderNum: z.number(),
  level: z.number().describe('depth in the tree, 1 for top level'),
  notApplicable: z.boolean(),
  justification: z.string(),
  linkCount: z.number(),
  flaggedCount: z.number(),
});
export type Clause = z.infer<typeof Clause>;

export type ClauseNode = Clause & { children?: ClauseNode[] };
export const ClauseNode: z.ZodType<ClauseNode> = Clause.extend({ children: z.array(z.lazy(() => ClauseNode)).optional() });

export const ClauseOutlineBody = z.object({
  regulationId: z.number().int().positive().describe('id of a regulation revision (GET /ccms/regulation/list)'),
  outline: z.string().min(1).max(2_000_000).describe('one clause per line: "<number> <title>", text lines follow; numbering gives the hierarchy'),
});
export type ClauseOutlineBody = z.infer<typeof ClauseOutlineBody>;

export const ClauseImportResult = z.object({
  added: z.number(),
  updated: z.number(),
  flagged: z.number().describe('links flagged because their clause text changed'),
});
export type ClauseImportResult = z.infer<typeof ClauseImportResult>;

/* ---------- links (the regulation relationship) ---------- */

/** Means of compliance, the EASA/FAA codes. */
export const MEANS_OF_COMPLIANCE = ['MC0', 'MC1', 'MC2', 'MC3', 'MC4', 'MC5', 'MC6', 'MC7', 'MC8', 'MC9'] as const;
export const MeansOfCompliance = z.enum(MEANS_OF_COMPLIANCE);
export type MeansOfCompliance = z.infer<typeof MeansOfCompliance>;

/** What a link points at: a document, a topic, one element of a topic, or a requirement work item. */
export const LINK_TARGETS = ['document', 'topic', 'element', 'workItem'] as const;
export const LinkTarget = z.enum(LINK_TARGETS);
export type LinkTarget = z.infer<typeof LinkTarget>;

/** Why a link waits for re-verifying. */
export const FLAG_REASONS = ['', 'topicChanged', 'clauseChanged'] as const;

export const LinkBody = z
  .object({
    clauseId: z.number().int().positive().describe('id of a clause (GET /ccms/regulation/clause/list)'),
    targetType: LinkTarget,
    documentId: z.number().int().positive().optional().describe('a document of the catalogue (GET /ccms/document/list)'),
    topicId: z.number().int().positive().optional().describe('a topic of the catalogue (GET /ccms/topic/list), also for an element'),
    elementId: z.string().trim().max(200).optional().describe('@id of the element in the topic'),
    workItemId: z.number().int().positive().optional().describe('a requirement (GET /ccms/workItem/list)'),
    means: MeansOfCompliance,
    comment: z.string().trim().max(2000).default(''),
  })
  .superRefine((b, ctx) => {
    const need = { document: 'documentId', topic: 'topicId', element: 'topicId', workItem: 'workItemId' } as const;
    const field = need[b.targetType];
    if (b[field] === undefined) ctx.addIssue({ code: 'custom', message: 'field.required', path: [field] });
    if (b.targetType === 'element' && !b.elementId) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['elementId'] });
  });
export type LinkBody = z.infer<typeof LinkBody>;

export const LinkUpdate = z.object({
  linkId: z.number().int().positive().describe('id of a regulation link (GET /ccms/regulationRelation/list)'),
  means: MeansOfCompliance,
  comment: z.string().trim().max(2000).default(''),
});
export type LinkUpdate = z.infer<typeof LinkUpdate>;

export const LinkQuery = PageQuery.extend({
  regulationId: qInt.positive().optional().describe('id of a regulation revision (GET /ccms/regulation/list)'),
  clauseId: qInt.positive().optional().describe('id of a clause (GET /ccms/regulation/clause/list)'),
  topicId: qInt.positive().optional().describe('links to this topic (and its elements): the clauses it answers'),
  flagged: z.enum(['true', 'false']).optional().describe('only links waiting for re-verifying'),
});
export type LinkQuery = z.infer<typeof LinkQuery>;

export const DiffLine = z.object({ type: z.enum(['same', 'added', 'removed']), text: z.string() });
export type DiffLine = z.infer<typeof DiffLine>;

export const Link = z.object({
  linkId: z.number(),
  clauseId: z.number(),
  clauseNumber: z.string(),
  clauseTitle: z.string(),
  regulationId: z.number(),
  regulationName: z.string(),
  regulationRevision: z.string(),
  targetType: LinkTarget,
  libraryId: z.number().nullable(),
  branch: z.string(),
  path: z.string(),
  documentId: z.number().nullable(),
  topicId: z.number().nullable(),
  elementId: z.string(),
  workItemId: z.number().nullable(),
  targetTitle: z.string(),
  means: MeansOfCompliance,
  comment: z.string(),
  flagged: z.boolean(),
  flagReason: z.string(),
  flagDiff: z.array(DiffLine),
  createBy: z.string(),
  createTime: DateTime,
});
export type Link = z.infer<typeof Link>;

/** Mark a flagged link as verified again (the answering content still meets the clause). */
export const LinkVerifyBody = z.object({
  linkIds: z.array(z.number().int().positive()).min(1).max(1000).describe('ids of regulation links (GET /ccms/regulationRelation/list)'),
});
export type LinkVerifyBody = z.infer<typeof LinkVerifyBody>;

const Created = okOf(z.object({ regulationId: z.number() }));
const tag = 'compliance/regulation';

/** The regulation API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const RegulationApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/regulation/list',
    access: { permission: RegulationPerm.list },
    summary: 'List regulations by page (those granted to the caller)',
    tag,
    query: RegulationQuery,
    response: rowsOf(Regulation),
  }),
  grants: endpoint({
    method: 'GET',
    url: '/ccms/regulation/permission/list',
    access: { permission: RegulationPerm.query },
    summary: 'List the grants of a regulation',
    tag,
    query: z.object({ regulationId: z.coerce.number().int().positive().describe('id of a regulation revision (GET /ccms/regulation/list)') }),
    response: okOf(z.array(RegulationGrant)),
  }),
  // Pickers of the grants, for a regulation's admins and owners without system permissions.
  granteeUsers: endpoint({
    method: 'GET',
    url: '/ccms/regulation/:id/grantee/users',
    access: { permission: RegulationPerm.edit },
    summary: 'List users that can be granted access to a regulation',
    tag,
    params: IdParam,
    query: GranteeQuery,
    response: okOf(z.array(GranteeUser)),
  }),
  granteeRoles: endpoint({
    method: 'GET',
    url: '/ccms/regulation/:id/grantee/roles',
    access: { permission: RegulationPerm.edit },
    summary: 'List roles that can be granted access to a regulation',
    tag,
    params: IdParam,
    response: okOf(z.array(GranteeRole)),
  }),
  grant: endpoint({
    method: 'POST',
    url: '/ccms/regulation/permission',
    access: { permission: RegulationPerm.edit },
    summary: 'Grant a user, role or everyone a level on a regulation',
    tag,
    body: RegulationGrantBody,
    response: OkEmpty,
  }),
  revoke: endpoint({
    method: 'DELETE',
    url: '/ccms/regulation/permission/:ids',
    access: { permission: RegulationPerm.edit },
    summary: 'Revoke regulation grants',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/regulation/:id',
    access: { permission: RegulationPerm.query },
    summary: 'Get a regulation',
    tag,
    params: IdParam,
    response: okOf(Regulation),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/regulation',
    access: { permission: RegulationPerm.add },
    summary: 'Create a regulation (the creator becomes its owner)',
    tag,
    body: RegulationBody,
    response: Created,
  }),
  revise: endpoint({
    method: 'POST',
    url: '/ccms/regulation/revision',
    access: { permission: RegulationPerm.add },
    summary: 'Start a new revision of a regulation: a new row after the latest, with its clauses, links and grants copied',
    tag,
    body: RegulationRevisionBody,
    response: Created,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/regulation',
    access: { permission: RegulationPerm.edit },
    summary: 'Update a regulation',
    tag,
    body: RegulationUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/regulation/:ids',
    access: { permission: RegulationPerm.remove },
    summary: 'Delete regulations',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
