import { z } from 'zod';
import { PROJECT_REFRESH_OPTIONS } from '../constants';
import { BranchName } from '../content/library';
import { endpoint } from '../endpoint';
import { Abilities, GranteeType, PLAIN_LEVELS } from '../grants';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf, Status01 } from '../http';
import { endNotBeforeBegin, OptionalDate, OptionalId, RowVersion, UserOption } from './common';

/** Permission strings of the project screens (seeded menu buttons). */
export const ProjectPerm = {
  list: 'ccms:project:list',
  query: 'ccms:project:query',
  add: 'ccms:project:add',
  edit: 'ccms:project:edit',
  remove: 'ccms:project:remove',
  export: 'ccms:project:export',
} as const;

/** Object-level rights on a project, strongest first (the grant levels). */
export const PROJECT_LEVELS = PLAIN_LEVELS;
export const ProjectLevel = z.enum(PROJECT_LEVELS).describe('granted level on the project: owner, admin, write or read');
export type ProjectLevel = z.infer<typeof ProjectLevel>;

export const UpdateSchedule = z.enum(PROJECT_REFRESH_OPTIONS);

/** Status: 0 normal, 1 closed. */
export const PROJECT_STATUSES = ['0', '1'] as const;

const projectFields = z.object({
  title: z.string().trim().min(1).max(200).describe('unique project title'),
  name: z.string().trim().max(64).default('').describe('project code'),
  status: Status01.default('0'),
  category: z.string().trim().max(100).default('').describe('a value of the project category dictionary'),
  schedule: z.string().trim().max(200).default(''),
  description: z.string().max(10_000).default(''),
  beginDate: OptionalDate.optional(),
  endDate: OptionalDate.optional(),
  version: z.string().trim().min(1).max(64),
  libraryId: OptionalId.optional().describe('id of a library (GET /ccms/library/list)'),
  /** The branch the project starts from ("branch" of the spec, required). */
  sourceBranch: BranchName.describe('library branch the project branch is made from'),
  /** The branch the project works on; created from sourceBranch unless useOriginBranch. */
  projectBranch: z
    .union([BranchName, z.literal('')])
    .default('')
    .describe('library branch the project writes to'),
  useOriginBranch: z.boolean().default(false),
  ownerId: OptionalId.optional().describe('defaults to the caller'),
  risk: z.string().max(500).default(''),
  objective: z.string().max(500).default(''),
  milestone: z.string().max(500).default(''),
  secrecy: z.boolean().default(false),
  public: z.boolean().default(false),
  updateSchedule: UpdateSchedule.default('never'),
});

function projectRules(value: z.infer<typeof projectFields>, ctx: z.RefinementCtx) {
  endNotBeforeBegin<typeof value>('beginDate', 'endDate')(value, ctx);
  if (!value.useOriginBranch && !value.projectBranch) ctx.addIssue({ code: 'custom', path: ['projectBranch'], message: 'field.required' });
}

export const ProjectBody = projectFields.superRefine(projectRules);
export type ProjectBody = z.infer<typeof ProjectBody>;

export const ProjectUpdate = projectFields
  .extend({
    id: z.number().int().positive(),
    rowVersion: RowVersion.describe('the rowVersion read with the row; a stale value answers 409 instead of overwriting another edit'),
  })
  .superRefine(projectRules);
export type ProjectUpdate = z.infer<typeof ProjectUpdate>;

export const Project = z.object({
  id: z.number(),
  title: z.string(),
  name: z.string(),
  status: z.string(),
  category: z.string(),
  categoryName: z.string(),
  schedule: z.string(),
  description: z.string(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
  version: z.string(),
  libraryId: z.number().nullable(),
  libraryName: z.string(),
  sourceBranch: z.string(),
  projectBranch: z.string(),
  useOriginBranch: z.boolean(),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  risk: z.string(),
  objective: z.string(),
  milestone: z.string(),
  secrecy: z.boolean(),
  public: z.boolean(),
  updateSchedule: z.string(),
  lastUpdateTime: DateTime,
  lastUpdateResult: z.string(),
  rowVersion: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
  /** The caller's level on the project (null: visible only), shown as text. */
  myLevel: ProjectLevel.nullable(),
  /** What that level lets the caller do (the web shows buttons from it, never from the level). */
  abilities: Abilities,
});
export type Project = z.infer<typeof Project>;

export const ProjectFilter = z.object({
  title: z.string().max(200).optional(),
  name: z.string().max(64).optional(),
  status: Status01.optional(),
  category: z.string().max(100).optional(),
  ownerId: qInt.positive().optional().describe('user id of the owner'),
  libraryId: qInt.positive().optional().describe('id of a library (GET /ccms/library/list)'),
});
export type ProjectFilter = z.infer<typeof ProjectFilter>;

export const ProjectQuery = PageQuery.extend(ProjectFilter.shape);
export type ProjectQuery = z.infer<typeof ProjectQuery>;

/** PUT /ccms/project/reAdd: reopen a closed project (status back to normal). */
export const ProjectReAdd = z.object({ id: z.coerce.number().int().positive() });

export const ProjectIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const ProjectScopedQuery = z.object({ projectId: z.coerce.number().int().positive().describe('id of a project (GET /ccms/project/list)') });
export const UserStrQuery = z.object({ userStr: z.string().trim().max(100).default('').describe('part of a user name or nick name') });

export const ProjectProgress = z.object({
  id: z.number(),
  tasksTotal: z.number(),
  tasksCompleted: z.number(),
  itemsTotal: z.number(),
  itemsDone: z.number(),
  /** Whole percent of tasks and items done together (0 when there is nothing). */
  percent: z.number(),
});
export type ProjectProgress = z.infer<typeof ProjectProgress>;

export const ProjectBranch = z.object({
  name: z.string(),
  /** source: the library branch the project starts from; project: the branch it works on. */
  kind: z.enum(['source', 'project']),
  exists: z.boolean(),
  commit: z.string(),
  date: z.string(),
});
export type ProjectBranch = z.infer<typeof ProjectBranch>;

/** Grants (permission tab). */
export const ProjectGranteeType = GranteeType;
export const ProjectGrant = z.object({
  grantId: z.number(),
  projectId: z.number(),
  granteeType: z.string(),
  granteeId: z.number(),
  granteeName: z.string(),
  level: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type ProjectGrant = z.infer<typeof ProjectGrant>;

export const ProjectGrantBody = z
  .object({
    projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
    granteeType: ProjectGranteeType.describe('who is granted: user, role or all (everyone; granteeId ignored)'),
    granteeId: z.number().int().min(0).default(0).describe('user or role id; 0 for all'),
    level: ProjectLevel.describe('granted level: admin, owner, write or read'),
  })
  .refine((g) => (g.granteeType === 'all' ? g.granteeId === 0 : g.granteeId > 0), { message: 'field.required', path: ['granteeId'] });
export type ProjectGrantBody = z.infer<typeof ProjectGrantBody>;

export const ProjectUserOption = UserOption;
export const ProjectRoleOption = z.object({ roleId: z.number(), roleName: z.string(), roleKey: z.string() });

/** Members (member tab). */
export const PROJECT_ROLES = ['manager', 'writer', 'reviewer', 'translator', 'translateReviewer', 'other'] as const;
export const ProjectMember = z.object({
  memberId: z.number(),
  projectId: z.number(),
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  projectRole: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});
export type ProjectMember = z.infer<typeof ProjectMember>;

export const ProjectMemberBody = z.object({
  projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
  userIds: z.array(z.number().int().positive()).min(1).max(200).describe('ids of users (GET /system/user/list)'),
  projectRole: z.enum(PROJECT_ROLES).default('writer'),
});
export type ProjectMemberBody = z.infer<typeof ProjectMemberBody>;

const KeywordQuery = z.object({ keyword: z.string().trim().max(100).default('') });
const tag = 'work/project';

/** The project API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ProjectApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/project/list',
    access: { permission: ProjectPerm.list },
    summary: 'List projects by page',
    tag,
    query: ProjectQuery,
    response: rowsOf(Project),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/project/export',
    access: { permission: ProjectPerm.export },
    summary: 'Export projects as an Excel workbook',
    tag,
    body: ProjectFilter,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  userOptions: endpoint({
    method: 'GET',
    url: '/ccms/project/listUserForOption',
    access: { permission: ProjectPerm.list },
    summary: 'List users, for the project member picker',
    tag,
    response: okOf(z.array(ProjectUserOption)),
  }),
  usersMatching: endpoint({
    method: 'GET',
    url: '/ccms/project/listUserForOptionByStr',
    access: { permission: ProjectPerm.list },
    summary: 'Find users by name, for the project member picker',
    tag,
    query: UserStrQuery,
    response: okOf(z.array(ProjectUserOption)),
  }),
  progress: endpoint({
    method: 'GET',
    url: '/ccms/project/progress',
    access: { permission: ProjectPerm.list },
    summary: "Get a project's progress figures",
    tag,
    query: ProjectIdQuery,
    response: okOf(ProjectProgress),
  }),
  // Grantee pickers of the permission tab.
  granteeUsers: endpoint({
    method: 'GET',
    url: '/ccms/project/user/list',
    access: { permission: ProjectPerm.edit },
    summary: 'List users that can be granted access to a project',
    tag,
    query: KeywordQuery,
    response: okOf(z.array(ProjectUserOption)),
  }),
  granteeRoles: endpoint({
    method: 'GET',
    url: '/ccms/project/role/list',
    access: { permission: ProjectPerm.edit },
    summary: 'List roles that can be granted access to a project',
    tag,
    response: okOf(z.array(ProjectRoleOption)),
  }),
  members: endpoint({
    method: 'GET',
    url: '/ccms/project/listUser/:id',
    access: { permission: ProjectPerm.query },
    summary: "List a project's members",
    tag,
    params: IdParam,
    response: okOf(z.array(ProjectMember)),
  }),
  branches: endpoint({
    method: 'GET',
    url: '/ccms/project/listBranch',
    access: { permission: ProjectPerm.query },
    summary: "List the branches of a project's library",
    tag,
    query: ProjectScopedQuery,
    response: okOf(z.array(ProjectBranch)),
  }),
  grants: endpoint({
    method: 'GET',
    url: '/ccms/project/permission/list',
    access: { permission: ProjectPerm.query },
    summary: 'List the grants of a project',
    tag,
    query: ProjectScopedQuery,
    response: okOf(z.array(ProjectGrant)),
  }),
  grant: endpoint({
    method: 'POST',
    url: '/ccms/project/permission',
    access: { permission: ProjectPerm.edit },
    summary: 'Grant a user, role or everyone a level on a project',
    tag,
    body: ProjectGrantBody,
    response: OkEmpty,
  }),
  revoke: endpoint({
    method: 'DELETE',
    url: '/ccms/project/permission/:ids',
    access: { permission: ProjectPerm.edit },
    summary: 'Revoke project grants',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  addMembers: endpoint({
    method: 'POST',
    url: '/ccms/project/member',
    access: { permission: ProjectPerm.edit },
    summary: 'Add members to a project',
    tag,
    body: ProjectMemberBody,
    response: OkEmpty,
  }),
  removeMembers: endpoint({
    method: 'DELETE',
    url: '/ccms/project/member/:ids',
    access: { permission: ProjectPerm.edit },
    summary: 'Remove project members',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/project/:id',
    access: { permission: ProjectPerm.query },
    summary: 'Get a project',
    tag,
    params: IdParam,
    response: okOf(Project),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/project',
    access: { permission: ProjectPerm.add },
    summary: 'Create a project',
    tag,
    body: ProjectBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  reopen: endpoint({
    method: 'PUT',
    url: '/ccms/project/reAdd',
    access: { permission: ProjectPerm.edit },
    summary: 'Reopen a closed project',
    tag,
    body: ProjectReAdd,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/project',
    access: { permission: ProjectPerm.edit },
    summary: 'Update a project',
    tag,
    body: ProjectUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/project/:ids',
    access: { permission: ProjectPerm.remove },
    summary: 'Delete projects',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
