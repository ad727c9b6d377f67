import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { TextDiff } from './catalog';
import { BranchName } from './library';
import { ApplicabilityQuery } from './s1000d';

/**
 * S1000D authoring (issue 31): new modules from the DMC builder and templates, new PMs and DMRL
 * entries, the issue cycle (in-work, issue), change marks, issues and their comparison, and a
 * library's issue rules (server: s1000d-authoring.routes.ts).
 */

/** Creating modules needs the topic add right, the issue cycle the topic edit right; both the library's write level too. */
export const S1000dAuthorPerm = {
  create: 'ccms:topic:add',
  cycle: 'ccms:topic:edit',
  read: 'ccms:topic:query',
  settings: 'ccms:library:edit',
} as const;

export const S1000D_TEMPLATE_SCHEMAS = ['proced', 'descript', 'fault', 'ipd', 'crew'] as const;
export const S1000D_ISSUE_TYPES = ['new', 'changed', 'deleted', 'revised', 'status', 'rinstate-changed', 'rinstate-revised', 'rinstate-status'] as const;
export const S1000D_UPDATE_REASON_TYPES = ['urt01', 'urt02', 'urt03', 'urt04', 'urt05', 'urt06', 'urt07'] as const;

const seg = (max: number) => z.string().trim().max(max).default('');

/** The segments of a data module code; their patterns are checked by the server (each refusal names its segment). */
export const DmcInput = z.object({
  modelIdentCode: seg(14),
  systemDiffCode: seg(4),
  systemCode: seg(3),
  subSystemCode: seg(1),
  subSubSystemCode: seg(1),
  assyCode: seg(4),
  disassyCode: seg(2),
  disassyCodeVariant: seg(3),
  infoCode: seg(3),
  infoCodeVariant: seg(1),
  itemLocationCode: seg(1),
  learnCode: z.string().trim().max(3).optional(),
  learnEventCode: z.string().trim().max(1).optional(),
});
export type DmcInput = z.infer<typeof DmcInput>;

export const LanguageInput = z.object({
  languageIsoCode: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2,3}$/, { message: 'field.invalidFormat' }),
  countryIsoCode: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{2}$/, { message: 'field.invalidFormat' }),
});

/** POST /ccms/s1000d/module: a new data module from the DMC builder and the schema's template, as one commit. */
export const NewModuleBody = z.object({
  libraryId: z.number().int().positive().describe('an S1000D library (GET /ccms/library/list)'),
  branch: BranchName.optional(),
  folder: z.string().trim().max(1000).optional().describe("folder of the new file; the project BREX's folder when absent"),
  schema: z.enum(S1000D_TEMPLATE_SCHEMAS),
  dmc: DmcInput,
  language: LanguageInput.default({ languageIsoCode: 'en', countryIsoCode: 'US' }),
  techName: z.string().trim().min(1).max(300),
  infoName: z.string().trim().max(300).optional(),
  enterpriseCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{5}$/i, { message: 'field.invalidFormat' })
    .optional()
    .describe("the responsible partner company's code (CAGE); the project BREX's originator when absent"),
  pmPath: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .describe('a publication module the new data module is added to (a dmRef in its last entry), in the same commit'),
  templateId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("an enabled S1000D template of the schema (GET /ccms/template/optionselect?kind=s1000d); the schema's doctype default when absent"),
});
export type NewModuleBody = z.infer<typeof NewModuleBody>;

export const ModuleProblem = z.object({ severity: z.string(), code: z.string(), line: z.number(), message: z.string() });

export const NewModuleResult = z.object({
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  code: z.string(),
  issue: z.string().describe('issue-inWork, 000-01 for a new module'),
  commit: z.string(),
  topicId: z.number().nullable(),
  /** Schema and BREX problems of the new file (none for a template of an installed schema). */
  problems: z.array(ModuleProblem),
});
export type NewModuleResult = z.infer<typeof NewModuleResult>;

/** An S1000D object of a library branch (data module or publication module). */
export const ModuleTarget = z.object({
  libraryId: z.number().int().positive().describe('an S1000D library (GET /ccms/library/list)'),
  branch: BranchName.optional(),
  path: z.string().trim().min(1).max(1000).describe('the file (GET /ccms/topic/list, /ccms/document/list)'),
});
export type ModuleTarget = z.infer<typeof ModuleTarget>;
export const ModuleQuery = z.object({
  libraryId: qInt.positive().describe('an S1000D library (GET /ccms/library/list)'),
  branch: BranchName.optional(),
  path: z.string().trim().min(1).max(1000),
});
export type ModuleQuery = z.infer<typeof ModuleQuery>;

export const ChangeMarkInput = z.object({
  path: z.string().trim().min(1).max(2000).describe('the element (ChangeMark.path)'),
  changeType: z.enum(['add', 'modify', 'delete']),
});

/** POST /ccms/s1000d/issue. */
export const IssueBody = ModuleTarget.extend({
  issueType: z.enum(S1000D_ISSUE_TYPES),
  reasons: z
    .array(
      z.object({
        text: z.string().trim().max(2000),
        highlight: z.boolean().default(false),
        updateReasonType: z.enum(S1000D_UPDATE_REASON_TYPES).optional(),
      }),
    )
    .max(50)
    .default([]),
  marks: z.array(ChangeMarkInput).max(5000).default([]),
});
export type IssueBody = z.infer<typeof IssueBody>;

/** Answer of POST /ccms/s1000d/in-work and /issue: the file renamed by its new issue. */
export const CycleResult = z.object({
  libraryId: z.number(),
  branch: z.string(),
  previousPath: z.string(),
  path: z.string(),
  code: z.string(),
  issue: z.string(),
  issueType: z.string(),
  commit: z.string(),
  status: z.string(),
  /** issue/<code>/<nnn>, pushed to the remote (issue only). */
  tag: z.string().nullable(),
  topicId: z.number().nullable(),
  /** For a publication module: its document under the new name. */
  documentId: z.number().nullable(),
  problems: z.array(ModuleProblem),
});
export type CycleResult = z.infer<typeof CycleResult>;

export const IssueRow = z.object({
  issueNumber: z.string(),
  tag: z.string(),
  commit: z.string(),
  date: z.string(),
  author: z.string(),
  /** The file at that commit. */
  path: z.string(),
});
export type IssueRow = z.infer<typeof IssueRow>;

/** GET /ccms/s1000d/issues: a module's issues, from its tags, newest first. */
export const ModuleIssues = z.object({
  code: z.string(),
  current: z.object({ path: z.string(), issue: z.string(), status: z.string(), issueNeedsApproval: z.boolean() }),
  rows: z.array(IssueRow),
});
export type ModuleIssues = z.infer<typeof ModuleIssues>;

export const ChangeMark = z.object({
  path: z.string(),
  element: z.string(),
  changeType: z.enum(['add', 'modify', 'delete']),
  text: z.string(),
  before: z.string().optional(),
});

/** GET /ccms/s1000d/change-marks: marks proposed from the difference against the latest issue. */
export const ChangeMarkProposal = z.object({
  previous: IssueRow.nullable(),
  marks: z.array(ChangeMark),
  removed: z.array(z.object({ element: z.string(), text: z.string() })),
});
export type ChangeMarkProposal = z.infer<typeof ChangeMarkProposal>;

/** GET /ccms/s1000d/issues/compare: `from`/`to` are issue numbers (001) or `current` (the branch head). */
export const IssueCompareQuery = ModuleQuery.extend({
  from: z
    .string()
    .trim()
    .regex(/^(\d{3}|current)$/, { message: 'field.invalidFormat' }),
  to: z
    .string()
    .trim()
    .regex(/^(\d{3}|current)$/, { message: 'field.invalidFormat' }),
});
export type IssueCompareQuery = z.infer<typeof IssueCompareQuery>;

/** GET /ccms/s1000d/dmc-options: what the DMC builder offers for a library branch. */
export const DmcOptions = z.object({
  modelIdentCodes: z.array(z.string()),
  systemDiffCodes: z.array(z.string()),
  /** From the project BREX's snsRules; null when it has none (any code of the right pattern). */
  sns: z.array(z.object({ code: z.string(), title: z.string(), children: z.array(z.any()) })).nullable(),
  infoCodes: z.array(z.object({ code: z.string(), en: z.string(), zh: z.string(), allowed: z.boolean() })),
  projectBrex: z.string().nullable(),
  folder: z.string(),
  enterpriseCode: z.string(),
  languages: z.array(z.string()),
  schemas: z.array(z.string()),
  pms: z.array(z.object({ path: z.string(), code: z.string(), title: z.string() })),
});
export type DmcOptions = z.infer<typeof DmcOptions>;

/** GET/PUT /ccms/s1000d/settings: an S1000D library's issue rules. */
export const S1000dSettings = z.object({
  libraryId: z.number().int().positive().describe('an S1000D library (GET /ccms/library/list)'),
  issueNeedsApproval: z.boolean().describe('Issue is allowed only for a module the review workflow approved'),
});
export type S1000dSettings = z.infer<typeof S1000dSettings>;
export const S1000dSettingsQuery = z.object({ libraryId: qInt.positive().describe('an S1000D library (GET /ccms/library/list)') });

/** POST /ccms/s1000d/pm: a new publication module listing data modules of the branch, at 000-01, as one commit. */
export const NewPmBody = z.object({
  libraryId: z.number().int().positive().describe('an S1000D library (GET /ccms/library/list)'),
  branch: BranchName.optional(),
  folder: z.string().trim().max(1000).optional().describe("folder of the new file; the project BREX's folder when absent"),
  pmCode: z.object({ modelIdentCode: seg(14), pmIssuer: seg(5), pmNumber: seg(5), pmVolume: seg(2) }),
  language: LanguageInput.default({ languageIsoCode: 'en', countryIsoCode: 'US' }),
  pmTitle: z.string().trim().min(1).max(300),
  dmPaths: z.array(z.string().trim().min(1).max(1000)).min(1).max(2000).describe('the data modules it lists, in order (a PM lists at least one)'),
  templateId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("an enabled S1000D template of the pm schema (GET /ccms/template/optionselect?kind=s1000d); the schema's doctype default when absent"),
});
export type NewPmBody = z.infer<typeof NewPmBody>;

/** POST /ccms/s1000d/dmrl-entry: a planned data module (its code and title) added to a DMRL, or to a new one. */
export const DmrlEntryBody = z.object({
  libraryId: z.number().int().positive().describe('an S1000D library (GET /ccms/library/list)'),
  branch: BranchName.optional(),
  dmlPath: z.string().trim().max(1000).optional().describe('an existing data module list; absent: a new DMRL from newDml'),
  newDml: z.object({ modelIdentCode: seg(14), senderIdent: seg(5), yearOfDataIssue: seg(4), seqNumber: seg(5) }).optional(),
  dmc: DmcInput,
  techName: z.string().trim().min(1).max(300),
  infoName: z.string().trim().max(300).optional(),
  templateId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "an enabled S1000D template of the dml schema, for a new DMRL (GET /ccms/template/optionselect?kind=s1000d); the schema's doctype default when absent",
    ),
});
export type DmrlEntryBody = z.infer<typeof DmrlEntryBody>;

/** Answer of a new PM or DMRL entry: the file written and its problems. */
export const ObjectWritten = z.object({
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  code: z.string(),
  commit: z.string(),
  problems: z.array(ModuleProblem),
});
export type ObjectWritten = z.infer<typeof ObjectWritten>;

const tag = 'content/s1000d';

/** The S1000D authoring API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const S1000dAuthoringApi = {
  dmcOptions: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/dmc-options',
    access: { permission: S1000dAuthorPerm.read },
    summary: "What the DMC builder offers: the library's model and system difference codes, the project BREX's SNS, information codes, PMs",
    tag,
    query: ApplicabilityQuery,
    response: okOf(DmcOptions),
  }),
  newModule: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/module',
    access: { permission: S1000dAuthorPerm.create },
    summary: "A new data module from the DMC builder and its schema's template, at issue 000 in work 01, as one commit (optionally added to a PM)",
    tag,
    body: NewModuleBody,
    response: okOf(NewModuleResult),
  }),
  newPm: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/pm',
    access: { permission: S1000dAuthorPerm.create },
    summary: 'A new publication module listing data modules of the branch, at issue 000 in work 01, as one commit',
    tag,
    body: NewPmBody,
    response: okOf(ObjectWritten),
  }),
  addDmrlEntry: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/dmrl-entry',
    access: { permission: S1000dAuthorPerm.create },
    summary: 'A planned data module (code and title) added to a data module requirement list, or to a new one, as one commit',
    tag,
    body: DmrlEntryBody,
    response: okOf(ObjectWritten),
  }),
  inWork: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/in-work',
    access: { permission: S1000dAuthorPerm.cycle },
    summary: 'Start the next in-work of a module (000-01 → 000-02; 001-00 → 001-01): the file renamed by its new issue, status draft',
    tag,
    body: ModuleTarget,
    response: okOf(CycleResult),
  }),
  issue: endpoint({
    method: 'POST',
    url: '/ccms/s1000d/issue',
    access: { permission: S1000dAuthorPerm.cycle },
    summary:
      'Issue a module: next issue number at in-work 00, issue type, reasons for update, change marks; renamed in one commit, tagged issue/<code>/<nnn>, status approved',
    tag,
    body: IssueBody,
    response: okOf(CycleResult),
  }),
  issues: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/issues',
    access: { permission: S1000dAuthorPerm.read },
    summary: "A module's issues, from its issue tags, newest first",
    tag,
    query: ModuleQuery,
    response: okOf(ModuleIssues),
  }),
  changeMarks: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/change-marks',
    access: { permission: S1000dAuthorPerm.read },
    summary: 'Change marks proposed from the difference between the module now and its latest issue',
    tag,
    query: ModuleQuery,
    response: okOf(ChangeMarkProposal),
  }),
  compareIssues: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/issues/compare',
    access: { permission: S1000dAuthorPerm.read },
    summary: 'Two issues of a module or PM side by side (an issue number, or current)',
    tag,
    query: IssueCompareQuery,
    response: okOf(TextDiff),
  }),
  settings: endpoint({
    method: 'GET',
    url: '/ccms/s1000d/settings',
    access: { permission: S1000dAuthorPerm.read },
    summary: "An S1000D library's issue rules",
    tag,
    query: S1000dSettingsQuery,
    response: okOf(S1000dSettings),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    url: '/ccms/s1000d/settings',
    access: { permission: S1000dAuthorPerm.settings },
    summary: "Set an S1000D library's issue rules (library configure level)",
    tag,
    body: S1000dSettings,
    response: okOf(S1000dSettings),
  }),
};
