import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf, Status01, TimeRangeQuery } from '../http';

export const DictType = z.object({
  dictId: z.number(),
  dictName: z.string(),
  dictType: z.string(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type DictType = z.infer<typeof DictType>;

/** List filters without paging: also the body of the export. */
export const DictTypeFilter = z
  .object({
    dictName: z.string().max(100).optional(),
    dictType: z.string().max(100).optional().describe('dictionary type key, e.g. sys_user_sex'),
    status: Status01.optional(),
  })
  .extend(TimeRangeQuery.shape);
export type DictTypeFilter = z.infer<typeof DictTypeFilter>;

export const DictTypeQuery = PageQuery.extend(DictTypeFilter.shape);
export type DictTypeQuery = z.infer<typeof DictTypeQuery>;

export const DictTypeBody = z.object({
  dictName: z.string().trim().min(1).max(100),
  dictType: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z][a-z0-9_]*$/, { message: 'dict.typeFormat' })
    .describe('unique key: a lower-case letter, then lower-case letters, digits or underscores'),
  status: Status01.default('0'),
  remark: z.string().max(500).optional(),
});
export type DictTypeBody = z.infer<typeof DictTypeBody>;

export const DictTypeUpdate = DictTypeBody.extend({ dictId: z.coerce.number().int().positive().describe('id of a dictionary type') });
export type DictTypeUpdate = z.infer<typeof DictTypeUpdate>;

export const DictData = z.object({
  dictCode: z.number(),
  dictSort: z.number(),
  dictLabel: z.string().describe('Chinese label'),
  dictLabelEn: z.string().describe('English label'),
  dictValue: z.string(),
  dictType: z.string(),
  cssClass: z.string(),
  listClass: z.string(),
  isDefault: z.string(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type DictData = z.infer<typeof DictData>;

export const DictDataFilter = z.object({
  dictType: z.string().max(100).optional().describe('dictionary type key, e.g. sys_user_sex'),
  dictLabel: z.string().max(100).optional().describe('part of the Chinese or English label'),
  status: Status01.optional(),
});
export type DictDataFilter = z.infer<typeof DictDataFilter>;

export const DictDataQuery = PageQuery.extend(DictDataFilter.shape);
export type DictDataQuery = z.infer<typeof DictDataQuery>;

/** Tag styles the web knows (antd tag colours named after RuoYi's). */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

export const DictDataBody = z.object({
  dictSort: z.coerce.number().int().min(0).max(9999).default(0).describe('display order, ascending'),
  dictLabel: z.string().trim().min(1).max(100).describe('Chinese label'),
  dictLabelEn: z.string().trim().max(100).default('').describe('English label; the Chinese one is shown when empty'),
  dictValue: z.string().trim().min(1).max(100).describe('unique within its type'),
  dictType: z.string().trim().min(1).max(100).describe('dictionary type key, e.g. sys_user_sex'),
  cssClass: z.string().trim().max(100).default(''),
  listClass: z.string().trim().max(100).default('default'),
  isDefault: z.enum(['Y', 'N']).default('N').describe('Y: the default entry of its type'),
  status: Status01.default('0'),
  remark: z.string().max(500).optional(),
});
export type DictDataBody = z.infer<typeof DictDataBody>;

export const DictDataUpdate = DictDataBody.extend({ dictCode: z.coerce.number().int().positive().describe('id of a dictionary entry') });
export type DictDataUpdate = z.infer<typeof DictDataUpdate>;

/** One item of GET /system/dict/data/type/{type}: dictLabel is in the caller's language. */
export const DictItem = z.object({
  dictCode: z.number(),
  dictSort: z.number(),
  dictLabel: z.string(),
  dictLabelZh: z.string(),
  dictLabelEn: z.string(),
  dictValue: z.string(),
  dictType: z.string(),
  listClass: z.string(),
  cssClass: z.string(),
  isDefault: z.string(),
});
export type DictItem = z.infer<typeof DictItem>;

export const DictTypeParam = z.object({ dictType: z.string().min(1).max(100).describe('dictionary type key, e.g. sys_user_sex') });

/** Dictionary (types and data) permission strings: routes declare them, the seeded menus grant them. */
export const DictPerm = {
  list: 'system:dict:list',
  query: 'system:dict:query',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  remove: 'system:dict:remove',
  export: 'system:dict:export',
} as const;

/** Exports answer a workbook, not an envelope. */
const Xlsx = z.unknown().describe('an .xlsx workbook');
const Ids = z.object({ ids: IdList });
const tag = 'system/dict';

/**
 * The dictionary API, types and entries (RuoYi's SysDictTypeController and SysDictDataController):
 * each endpoint's URL, method, access and schemas, for the server's routes and the web's calls.
 */
export const DictApi = {
  typeList: endpoint({
    method: 'GET',
    url: '/system/dict/type/list',
    access: { permission: DictPerm.list },
    summary: 'List dictionary types by page',
    tag,
    query: DictTypeQuery,
    response: rowsOf(DictType),
  }),
  typeExport: endpoint({
    method: 'POST',
    url: '/system/dict/type/export',
    access: { permission: DictPerm.export },
    summary: 'Export dictionary types as an Excel workbook',
    tag,
    body: DictTypeFilter,
    response: Xlsx,
  }),
  typeOptions: endpoint({
    method: 'GET',
    url: '/system/dict/type/optionselect',
    access: { authenticated: true },
    summary: 'List all dictionary types, for pickers',
    tag,
    response: okOf(z.array(DictType)),
  }),
  typeGet: endpoint({
    method: 'GET',
    url: '/system/dict/type/:dictId',
    access: { permission: DictPerm.query },
    summary: 'Get a dictionary type',
    tag,
    params: z.object({ dictId: z.coerce.number().int().positive() }),
    response: okOf(DictType),
  }),
  typeAdd: endpoint({
    method: 'POST',
    url: '/system/dict/type',
    access: { permission: DictPerm.add },
    summary: 'Create a dictionary type',
    tag,
    body: DictTypeBody,
    response: OkEmpty,
  }),
  typeEdit: endpoint({
    method: 'PUT',
    url: '/system/dict/type',
    access: { permission: DictPerm.edit },
    summary: 'Update a dictionary type',
    tag,
    body: DictTypeUpdate,
    response: OkEmpty,
  }),
  refreshCache: endpoint({
    method: 'DELETE',
    url: '/system/dict/type/refreshCache',
    access: { permission: DictPerm.remove },
    summary: 'Reload the dictionary cache',
    tag,
    response: OkEmpty,
  }),
  typeRemove: endpoint({
    method: 'DELETE',
    url: '/system/dict/type/:ids',
    access: { permission: DictPerm.remove },
    summary: 'Delete dictionary types',
    tag,
    params: Ids,
    response: OkEmpty,
  }),
  dataList: endpoint({
    method: 'GET',
    url: '/system/dict/data/list',
    access: { permission: DictPerm.list },
    summary: 'List dictionary entries by page',
    tag,
    query: DictDataQuery,
    response: rowsOf(DictData),
  }),
  dataExport: endpoint({
    method: 'POST',
    url: '/system/dict/data/export',
    access: { permission: DictPerm.export },
    summary: 'Export dictionary entries as an Excel workbook',
    tag,
    body: DictDataFilter,
    response: Xlsx,
  }),
  /** Every screen with a dictionary-driven select or tag reads this: any signed-in user may. */
  dataOfType: endpoint({
    method: 'GET',
    url: '/system/dict/data/type/:dictType',
    access: { authenticated: true },
    summary: 'List the entries of one dictionary type',
    tag,
    params: DictTypeParam,
    response: okOf(z.array(DictItem)),
  }),
  dataGet: endpoint({
    method: 'GET',
    url: '/system/dict/data/:dictCode',
    access: { permission: DictPerm.query },
    summary: 'Get a dictionary entry',
    tag,
    params: z.object({ dictCode: z.coerce.number().int().positive() }),
    response: okOf(DictData),
  }),
  dataAdd: endpoint({
    method: 'POST',
    url: '/system/dict/data',
    access: { permission: DictPerm.add },
    summary: 'Create a dictionary entry',
    tag,
    body: DictDataBody,
    response: OkEmpty,
  }),
  dataEdit: endpoint({
    method: 'PUT',
    url: '/system/dict/data',
    access: { permission: DictPerm.edit },
    summary: 'Update a dictionary entry',
    tag,
    body: DictDataUpdate,
    response: OkEmpty,
  }),
  dataRemove: endpoint({
    method: 'DELETE',
    url: '/system/dict/data/:ids',
    access: { permission: DictPerm.remove },
    summary: 'Delete dictionary entries',
    tag,
    params: Ids,
    response: OkEmpty,
  }),
};
