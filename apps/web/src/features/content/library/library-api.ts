import type {
  BranchList,
  FetchResult,
  Library,
  LibraryBody,
  LibraryOption,
  LibraryProgress,
  LibraryQuery,
  LibraryUpdate,
  ValidateBody,
  ValidateResult,
} from '@ccms/contracts/content/library';
import type {
  DataProperty,
  DataPropertyBody,
  DataPropertyUpdate,
  GrantBody,
  GranteeRole,
  GranteeUser,
  LibraryGrant,
  LibrarySetting,
  PublishConfig,
  PublishConfigBody,
  PublishConfigUpdate,
  SettingBody,
  SettingUpdate,
} from '@ccms/contracts/content/library-config';
import { UserApi } from '@ccms/contracts/system/user';
import type { z } from 'zod';
import { type ApiEnvelope, api, byUrl } from '../../../api/client';
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

type Data<T> = ApiEnvelope & { data: T };
/** Lists of one library answer either RuoYi rows or data; both are read. */
type RowsOrData<T> = ApiEnvelope & { rows?: T[]; data?: T[] };
const rowsOf = <T>(r: RowsOrData<T>): T[] => r.rows ?? r.data ?? [];

/** Libraries (server: modules/content/library). */
export const libraryApi = {
  list: (query: LibraryListParams) => byUrl.list<LibraryRow>('/ccms/library/list', query),
  options: () => byUrl.one<z.infer<typeof LibraryOption>[]>('/ccms/library/optionselect'),
  get: (libraryId: number, silent = false) => byUrl.one<LibraryRow>(`/ccms/library/${libraryId}`, undefined, { silent }),
  add: (body: LibraryBody) => byUrl.post<Data<{ libraryId: number }>>('/ccms/library', body),
  update: (body: LibraryUpdate) => byUrl.put('/ccms/library', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/library/${ids.join(',')}`),
  /** Failures come back as a result with a reason, so the dialog words them itself. */
  validate: (body: ValidateBody) => byUrl.post<Data<Validation>>('/ccms/library/validate', body, { repeatSubmit: false }).then((r) => r.data),
  validateSaved: (libraryId: number) =>
    byUrl.post<Data<Validation>>(`/ccms/library/${libraryId}/validate`, undefined, { repeatSubmit: false }).then((r) => r.data),
  progress: (libraryId: number) => byUrl.one<LibraryProgress>(`/ccms/library/${libraryId}/progress`, undefined, { silent: true }),
  branches: (libraryId: number, silent = false) => byUrl.one<Branches>(`/ccms/library/${libraryId}/branches`, undefined, { silent }),
  fetch: (libraryId: number) =>
    byUrl.post<Data<z.infer<typeof FetchResult>>>(`/ccms/library/${libraryId}/fetch`, undefined, { repeatSubmit: false }).then((r) => r.data),
  deptTree: () => api.one(UserApi.deptTree, undefined, { silent: true }),
};

/** Grants, variables, filters, data properties and publish configurations of one library. */
export const libraryConfigApi = {
  grants: (libraryId: number) => byUrl.get<RowsOrData<Grant>>('/ccms/library/permission/list', { libraryId }).then(rowsOf),
  addGrant: (body: GrantBody) => byUrl.post('/ccms/library/permission', body),
  removeGrant: (grantId: number) => byUrl.delete(`/ccms/library/permission/${grantId}`),

  settings: (kind: SettingKind, libraryId: number) => byUrl.get<RowsOrData<Setting>>(`/ccms/library/${kind}/list`, { libraryId }).then(rowsOf),
  addSetting: (kind: SettingKind, body: SettingBody) => byUrl.post(`/ccms/library/${kind}`, body),
  updateSetting: (kind: SettingKind, body: SettingUpdate) => byUrl.put(`/ccms/library/${kind}`, body),
  removeSetting: (kind: SettingKind, ids: readonly number[]) => byUrl.delete(`/ccms/library/${kind}/${ids.join(',')}`),
  exportDitaval: (libraryId: number, group: string) => downloadGet('/ccms/library/filter/ditaval', { libraryId, group }, `${group}.ditaval`),

  dataProperties: (libraryId: number) => byUrl.get<RowsOrData<DataPropertyRow>>('/ccms/library/dataProperty/list', { libraryId }).then(rowsOf),
  addDataProperty: (body: DataPropertyBody) => byUrl.post('/ccms/library/dataProperty', body),
  updateDataProperty: (body: DataPropertyUpdate) => byUrl.put('/ccms/library/dataProperty', body),
  removeDataProperty: (configId: number) => byUrl.delete(`/ccms/library/dataProperty/${configId}`),

  publishConfigs: (libraryId: number) => byUrl.get<RowsOrData<PublishConfigRow>>('/ccms/library/publishConfig/list', { libraryId }).then(rowsOf),
  addPublishConfig: (body: PublishConfigBody) => byUrl.post('/ccms/library/publishConfig', body),
  updatePublishConfig: (body: PublishConfigUpdate) => byUrl.put('/ccms/library/publishConfig', body),
  removePublishConfig: (configId: number) => byUrl.delete(`/ccms/library/publishConfig/${configId}`),

  /** Pickers for grants and readers, scoped to the library: its admins and owners need no system permission. */
  users: (libraryId: number, keyword?: string) => byUrl.one<GranteeUser[]>(`/ccms/library/${libraryId}/grantee/users`, keyword ? { keyword } : undefined),
  roles: (libraryId: number) => byUrl.one<GranteeRole[]>(`/ccms/library/${libraryId}/grantee/roles`),
};
