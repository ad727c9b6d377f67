import { Code } from '@ccms/contracts/http';
import type { TreeSelect } from '@ccms/contracts/system/role';
import type {
  AuthRoleResult,
  ImportResult,
  ResetPwdBody,
  User,
  UserBody,
  UserFormResult,
  UserQuery,
  UserStatusBody,
  UserUpdate,
} from '@ccms/contracts/system/user';
import type { AxiosResponseTransformer } from 'axios';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl, http, isEnvelope } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';

export type UserForm = z.infer<typeof UserFormResult>;
export type AuthRole = z.infer<typeof AuthRoleResult>;
export type ImportOutcome = z.infer<typeof ImportResult>['data'];
export type UserFilters = Pick<UserQuery, 'userName' | 'phonenumber' | 'status' | 'deptId'> & { params?: Record<string, string> };
export type UserListParams = UserFilters & PageParams;
export type UserSave = UserBody | UserUpdate;

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/**
 * An import with refused rows answers 601 (a warning) with every row's outcome: read it as a
 * result to show, not as a failure, so the dialog can list the rows.
 */
const warningAsResult: AxiosResponseTransformer = (data: unknown) => (isEnvelope(data) && data.code === Code.WARN ? { ...data, code: Code.OK } : data);

function transformers(): AxiosResponseTransformer[] {
  const defaults = http.defaults.transformResponse;
  const list = Array.isArray(defaults) ? defaults : defaults ? [defaults] : [];
  return [...list, warningAsResult];
}

/** Users administration (server: modules/system/user). Screens use `user-queries.ts`. */
export const userApi = {
  list: (params: UserListParams) => byUrl.list<User>('/system/user/list', params),
  deptTree: () => byUrl.one<TreeSelect[]>('/system/user/deptTree'),
  /** The form's choices (posts, roles) and, with an id, the user with its post and role ids. */
  form: (userId?: number) => byUrl.get<UserForm>(userId === undefined ? '/system/user/' : `/system/user/${userId}`),
  /** Adds when the body has no `userId`, else updates. */
  save: (body: UserSave) => ('userId' in body ? byUrl.put('/system/user', body) : byUrl.post('/system/user', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/system/user/${ids.join(',')}`),
  resetPwd: (body: ResetPwdBody) => byUrl.put('/system/user/resetPwd', body),
  changeStatus: (body: UserStatusBody) => byUrl.put('/system/user/changeStatus', body),
  authRole: (userId: number) => byUrl.get<AuthRole>(`/system/user/authRole/${userId}`),
  saveAuthRole: (userId: number, roleIds: readonly number[]) => byUrl.put('/system/user/authRole', { userId, roleIds }),
  export: (query: object) => download('/system/user/export', exportQuery(query), `user_${Date.now()}.xlsx`),
  importTemplate: () => download('/system/user/importTemplate', {}, `user_template_${Date.now()}.xlsx`),
  importData: (file: Blob, fileName: string, updateSupport: boolean) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return (
      byUrl
        .post<ApiEnvelope & { data: ImportOutcome }>(`/system/user/importData?updateSupport=${updateSupport}`, form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          transformResponse: transformers(),
          repeatSubmit: false,
        })
        // `msg` is RuoYi's HTML list of the rows; this page lists `rows` itself under the plain summary.
        .then((r) => ({ msg: r.data.summary, ...r.data }))
    );
  },
};
