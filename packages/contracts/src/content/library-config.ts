import { z } from 'zod';
import { endpoint } from '../endpoint';
import { GranteeType } from '../grants';
import { DateTime, IdList, OkEmpty, okOf } from '../http';
import { LibraryLevel, LibraryPerm } from './library';

export { GranteeType };

export const LibraryGrant = z.object({
  grantId: z.number(),
  libraryId: z.number(),
  granteeType: z.string(),
  granteeId: z.number(),
  granteeName: z.string().describe('user name, role name, or empty for all'),
  level: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});

export const GrantBody = z
  .object({
    libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
    granteeType: GranteeType.describe('who is granted: user, role or all (everyone; granteeId ignored)'),
    granteeId: z.number().int().min(0).default(0).describe('user or role id; 0 for all'),
    level: LibraryLevel.describe('granted level: admin, owner, write, publish (publish, deliver, outputs; no content change) or read'),
  })
  .refine((g) => (g.granteeType === 'all' ? g.granteeId === 0 : g.granteeId > 0), { message: 'field.required', path: ['granteeId'] });
export type GrantBody = z.infer<typeof GrantBody>;

/** Who a library admin or owner can pick as grantee or reader: a name search over users. */
export const GranteeQuery = z.object({ keyword: z.string().trim().max(100).optional().describe('part of the user name or nick name') });
export const GranteeUser = z.object({ userId: z.number(), userName: z.string(), nickName: z.string() });
export const GranteeRole = z.object({ roleId: z.number(), roleName: z.string(), roleKey: z.string() });
export type GranteeUser = z.infer<typeof GranteeUser>;
export type GranteeRole = z.infer<typeof GranteeRole>;

/** Variables: type file or value. Filters: include or exclude. Every field required. */
export const SETTING_KINDS = ['variable', 'filter'] as const;
export const SettingKind = z.enum(SETTING_KINDS);
export const VARIABLE_TYPES = ['file', 'value'] as const;
export const FILTER_TYPES = ['include', 'exclude'] as const;

const required = (max: number) => z.string().trim().min(1).max(max);

export const SettingBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  group: required(100),
  name: required(100),
  type: z.string().trim().min(1).max(16).describe('variables: file or value; filters: include or exclude'),
  value: required(1000),
  product: required(100),
});
export type SettingBody = z.infer<typeof SettingBody>;
export const SettingUpdate = SettingBody.extend({ settingId: z.number().int().positive().describe('id of a library variable or filter') });
export type SettingUpdate = z.infer<typeof SettingUpdate>;

export const LibrarySetting = z.object({
  settingId: z.number(),
  libraryId: z.number(),
  group: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.string(),
  product: z.string(),
  createBy: z.string(),
  createTime: DateTime,
});

export const SettingQuery = z.object({
  libraryId: z.coerce.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  group: z.string().max(100).optional(),
  product: z.string().max(100).optional(),
});

export const DataPropertyBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  product: required(100),
  audience: z.string().trim().max(1000).default(''),
  platform: z.string().trim().max(1000).default(''),
  props: z.string().trim().max(1000).default(''),
  otherprops: z.string().trim().max(1000).default(''),
});
export type DataPropertyBody = z.infer<typeof DataPropertyBody>;
export const DataPropertyUpdate = DataPropertyBody.extend({
  configId: z.number().int().positive().describe('id of a library publish configuration'),
});
export type DataPropertyUpdate = z.infer<typeof DataPropertyUpdate>;

export const DataProperty = z.object({
  configId: z.number(),
  libraryId: z.number(),
  product: z.string(),
  audience: z.string(),
  platform: z.string(),
  props: z.string(),
  otherprops: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateTime: DateTime,
});

export const PUBLISH_FORMATS = ['html5', 'pdf'] as const;
export const PUBLISH_PATHS = ['local', 'preview', 'public', 'archive', 'path'] as const;

export const PublishConfigBody = z
  .object({
    libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
    configName: required(100),
    format: z.enum(PUBLISH_FORMATS),
    lang: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, { message: 'field.invalidFormat' }),
    product: z.string().trim().max(100).default(''),
    publishPath: z.enum(PUBLISH_PATHS),
    publishDir: z.string().trim().max(500).default('').describe('folder under the output root when publishPath is path'),
    filterGroup: z.string().trim().max(100).default(''),
    readerUserIds: z.array(z.number().int().positive()).max(500).default([]).describe('user ids allowed to read the published output'),
    readerRoleIds: z.array(z.number().int().positive()).max(500).default([]).describe('role ids allowed to read the published output'),
    readersOnly: z
      .boolean()
      .optional()
      .describe(
        "true: only the readers and the library's owners read the output, not its other writers and publishers; needs readers. Left out: false when adding, unchanged when editing",
      ),
  })
  .refine((c) => c.publishPath !== 'path' || c.publishDir !== '', { message: 'field.required', path: ['publishDir'] })
  .refine((c) => !c.readersOnly || c.readerUserIds.length + c.readerRoleIds.length > 0, { message: 'field.required', path: ['readerUserIds'] });
export type PublishConfigBody = z.infer<typeof PublishConfigBody>;
export const PublishConfigUpdate = PublishConfigBody.and(z.object({ configId: z.number().int().positive().describe('id of a library publish configuration') }));
export type PublishConfigUpdate = z.infer<typeof PublishConfigUpdate>;

export const PublishConfig = z.object({
  configId: z.number(),
  libraryId: z.number(),
  configName: z.string(),
  format: z.string(),
  lang: z.string(),
  product: z.string(),
  publishPath: z.string(),
  publishDir: z.string(),
  filterGroup: z.string(),
  readerUserIds: z.array(z.number()),
  readerRoleIds: z.array(z.number()),
  readersOnly: z.boolean(),
  createBy: z.string(),
  createTime: DateTime,
  updateTime: DateTime,
});

export const LibraryScopedQuery = z.object({ libraryId: z.coerce.number().int().positive().describe('id of a library (GET /ccms/library/list)') });
export const DitavalQuery = z.object({
  libraryId: z.coerce.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  group: z.string().trim().min(1).max(100),
});

const Ids = z.object({ ids: IdList });

const tag = 'content/library-config';

/** A library's variables or filters: one shape, told apart by the kind in the URL. */
const settingApi = <const K extends (typeof SETTING_KINDS)[number]>(kind: K) => ({
  list: endpoint({
    method: 'GET',
    url: `/ccms/library/${kind}/list`,
    access: { permission: LibraryPerm.query },
    summary: `List a library's ${kind}s`,
    tag,
    query: SettingQuery,
    response: okOf(z.array(LibrarySetting)),
  }),
  add: endpoint({
    method: 'POST',
    url: `/ccms/library/${kind}`,
    access: { permission: LibraryPerm.edit },
    summary: `Add a library ${kind}`,
    tag,
    body: SettingBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: `/ccms/library/${kind}`,
    access: { permission: LibraryPerm.edit },
    summary: `Update a library ${kind}`,
    tag,
    body: SettingUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: `/ccms/library/${kind}/:ids`,
    access: { permission: LibraryPerm.edit },
    summary: `Delete library ${kind}s`,
    tag,
    params: Ids,
    response: OkEmpty,
  }),
});

/** The library configuration API (variables, filters, data properties, publish configurations): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const LibraryConfigApi = {
  variable: settingApi('variable'),
  filter: settingApi('filter'),
  ditaval: endpoint({
    method: 'GET',
    url: '/ccms/library/filter/ditaval',
    access: { permission: LibraryPerm.query },
    summary: 'Download a filter group as a DITAVAL file',
    tag,
    query: DitavalQuery,
    response: z.unknown().describe('a DITAVAL file'),
  }),
  dataPropertyList: endpoint({
    method: 'GET',
    url: '/ccms/library/dataProperty/list',
    access: { permission: LibraryPerm.query },
    summary: "List a library's data properties",
    tag,
    query: LibraryScopedQuery,
    response: okOf(z.array(DataProperty)),
  }),
  dataPropertyOf: endpoint({
    method: 'GET',
    url: '/ccms/library/dataProperty',
    access: { permission: LibraryPerm.query },
    summary: 'Get the data properties of one product in a library',
    tag,
    query: LibraryScopedQuery.extend({ product: z.string().trim().min(1).max(100) }),
    response: okOf(DataProperty),
  }),
  addDataProperty: endpoint({
    method: 'POST',
    url: '/ccms/library/dataProperty',
    access: { permission: LibraryPerm.edit },
    summary: 'Add a library data property',
    tag,
    body: DataPropertyBody,
    response: OkEmpty,
  }),
  editDataProperty: endpoint({
    method: 'PUT',
    url: '/ccms/library/dataProperty',
    access: { permission: LibraryPerm.edit },
    summary: 'Update a library data property',
    tag,
    body: DataPropertyUpdate,
    response: OkEmpty,
  }),
  removeDataProperties: endpoint({
    method: 'DELETE',
    url: '/ccms/library/dataProperty/:ids',
    access: { permission: LibraryPerm.edit },
    summary: 'Delete library data properties',
    tag,
    params: Ids,
    response: OkEmpty,
  }),
  publishConfigList: endpoint({
    method: 'GET',
    url: '/ccms/library/publishConfig/list',
    access: { permission: LibraryPerm.query },
    summary: "List a library's publish configurations",
    tag,
    query: LibraryScopedQuery,
    response: okOf(z.array(PublishConfig)),
  }),
  addPublishConfig: endpoint({
    method: 'POST',
    url: '/ccms/library/publishConfig',
    access: { permission: LibraryPerm.edit },
    summary: 'Add a library publish configuration',
    tag,
    body: PublishConfigBody,
    response: OkEmpty,
  }),
  editPublishConfig: endpoint({
    method: 'PUT',
    url: '/ccms/library/publishConfig',
    access: { permission: LibraryPerm.edit },
    summary: 'Update a library publish configuration',
    tag,
    body: PublishConfigUpdate,
    response: OkEmpty,
  }),
  removePublishConfigs: endpoint({
    method: 'DELETE',
    url: '/ccms/library/publishConfig/:ids',
    access: { permission: LibraryPerm.edit },
    summary: 'Delete library publish configurations',
    tag,
    params: Ids,
    response: OkEmpty,
  }),
};
