import {
  type BranchList,
  type Library,
  LibraryApi,
  type LibraryBody,
  type LibraryQuery,
  type LibraryUpdate,
  type ValidateBody,
  type ValidateResult,
} from '@ccms/contracts/content/library';
import {
  type DataProperty,
  type DataPropertyBody,
  type DataPropertyUpdate,
  type GrantBody,
  LibraryConfigApi,
  type LibraryGrant,
  type LibrarySetting,
  type PublishConfig,
  type PublishConfigBody,
  type PublishConfigUpdate,
  type SettingBody,
  type SettingUpdate,
} from '@ccms/contracts/content/library-config';
import { LibraryPermissionApi } from '@ccms/contracts/content/library-permission';
import { urlOf } from '@ccms/contracts/endpoint';
import { UserApi } from '@ccms/contracts/system/user';
import type { z } from 'zod';
import { type ApiEnvelope, api } from '../../../api/client';
import { downloadGet } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';

export type LibraryRow = z.infer<typeof Library>;
export type LibraryFilters = Pick<LibraryQuery, 'name' | 'libraryType' | 'status'>;
export type LibraryListParams = LibraryFilters & PageParams;
export type Validation = z.infer<typeof ValidateResult>;
export type Branches = z.infer<typeof BranchList>;
export type Grant = z.infer<typeof LibraryGrant>;
export type Setting = z.infer<typeof LibrarySetting>;
export type DataPropertyRow = z.infer<typeof DataProperty>;
export type PublishConfigRow = z.infer<typeof PublishConfig>;
export type SettingKind = 'variable' | 'filter';

/** Lists of one library answer either RuoYi rows or data; both are read. */
type RowsOrData<T> = ApiEnvelope & { rows?: T[]; data?: T[] };
const rowsOf = <T>(r: RowsOrData<T>): T[] => r.rows ?? r.data ?? [];

/** Libraries (server: modules/content/library). */
export const libraryApi = {
  list: (query: LibraryListParams) => api.list(LibraryApi.list, { query }),
  options: () => api.one(LibraryApi.options),
  get: (libraryId: number, silent = false) => api.one(LibraryApi.get, { path: { libraryId } }, { silent }),
  add: (body: LibraryBody) => api.call(LibraryApi.add, { body }),
  update: (body: LibraryUpdate) => api.call(LibraryApi.edit, { body }),
  remove: (ids: readonly number[]) => api.call(LibraryApi.remove, { path: { ids } }),
  /** Failures come back as a result with a reason, so the dialog words them itself. */
  validate: (body: ValidateBody) => api.one(LibraryApi.validate, { body }, { repeatSubmit: false }),
  validateSaved: (libraryId: number) => api.one(LibraryApi.validateSaved, { path: { libraryId } }, { repeatSubmit: false }),
  progress: (libraryId: number) => api.one(LibraryApi.progress, { path: { libraryId } }, { silent: true }),
  branches: (libraryId: number, silent = false) => api.one(LibraryApi.branches, { path: { libraryId } }, { silent }),
  fetch: (libraryId: number) => api.one(LibraryApi.fetch, { path: { libraryId } }, { repeatSubmit: false }),
  deptTree: () => api.one(UserApi.deptTree, undefined, { silent: true }),
};

/** Grants, variables, filters, data properties and publish configurations of one library. */
export const libraryConfigApi = {
  grants: (libraryId: number) => api.call(LibraryPermissionApi.list, { query: { libraryId } }).then(rowsOf),
  addGrant: (body: GrantBody) => api.call(LibraryPermissionApi.grant, { body }),
  removeGrant: (grantId: number) => api.call(LibraryPermissionApi.revoke, { path: { ids: grantId } }),

  settings: (kind: SettingKind, libraryId: number) => api.call(LibraryConfigApi[kind].list, { query: { libraryId } }).then(rowsOf),
  addSetting: (kind: SettingKind, body: SettingBody) => api.call(LibraryConfigApi[kind].add, { body }),
  updateSetting: (kind: SettingKind, body: SettingUpdate) => api.call(LibraryConfigApi[kind].edit, { body }),
  removeSetting: (kind: SettingKind, ids: readonly number[]) => api.call(LibraryConfigApi[kind].remove, { path: { ids } }),
  exportDitaval: (libraryId: number, group: string) => downloadGet(urlOf(LibraryConfigApi.ditaval), { libraryId, group }, `${group}.ditaval`),

  dataProperties: (libraryId: number) => api.call(LibraryConfigApi.dataPropertyList, { query: { libraryId } }).then(rowsOf),
  addDataProperty: (body: DataPropertyBody) => api.call(LibraryConfigApi.addDataProperty, { body }),
  updateDataProperty: (body: DataPropertyUpdate) => api.call(LibraryConfigApi.editDataProperty, { body }),
  removeDataProperty: (configId: number) => api.call(LibraryConfigApi.removeDataProperties, { path: { ids: configId } }),

  publishConfigs: (libraryId: number) => api.call(LibraryConfigApi.publishConfigList, { query: { libraryId } }).then(rowsOf),
  addPublishConfig: (body: PublishConfigBody) => api.call(LibraryConfigApi.addPublishConfig, { body }),
  updatePublishConfig: (body: PublishConfigUpdate) => api.call(LibraryConfigApi.editPublishConfig, { body }),
  removePublishConfig: (configId: number) => api.call(LibraryConfigApi.removePublishConfigs, { path: { ids: configId } }),

  /** Pickers for grants and readers, scoped to the library: its admins and owners need no system permission. */
  users: (libraryId: number, keyword?: string) =>
    api.one(LibraryPermissionApi.granteeUsers, { path: { libraryId }, ...(keyword ? { query: { keyword } } : {}) }),
  roles: (libraryId: number) => api.one(LibraryPermissionApi.granteeRoles, { path: { libraryId } }),
};
