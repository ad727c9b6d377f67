import { urlOf } from '@ccms/contracts/endpoint';
import { Code } from '@ccms/contracts/http';
import {
  type AuthRoleResult,
  type ImportResult,
  type ResetPwdBody,
  UserApi,
  type UserBody,
  type UserFormResult,
  type UserQuery,
  type UserStatusBody,
  type UserUpdate,
} from '@ccms/contracts/system/user';
import type { AxiosResponseTransformer } from 'axios';
import type { z } from 'zod';
import { type AnswerOf, api, http, isEnvelope, request, requestOf } from '../../../api/client';
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
  list: (params: UserListParams) => api.list(UserApi.list, { query: params }),
  deptTree: () => api.one(UserApi.deptTree),
  /** The form's choices (posts, roles) and, with an id, the user with its post and role ids. */
  form: (userId?: number) => (userId === undefined ? api.call(UserApi.form) : api.call(UserApi.get, { path: { userId } })),
  /** Adds when the body has no `userId`, else updates. */
  save: (body: UserSave) => ('userId' in body ? api.call(UserApi.edit, { body }) : api.call(UserApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(UserApi.remove, { path: { ids } }),
  resetPwd: (body: ResetPwdBody) => api.call(UserApi.resetPwd, { body }),
  changeStatus: (body: UserStatusBody) => api.call(UserApi.changeStatus, { body }),
  authRole: (userId: number) => api.call(UserApi.authRole, { path: { userId } }),
  saveAuthRole: (userId: number, roleIds: readonly number[]) => api.call(UserApi.saveAuthRole, { body: { userId, roleIds } }),
  export: (query: object) => download(urlOf(UserApi.export), exportQuery(query), `user_${Date.now()}.xlsx`),
  importTemplate: () => download(urlOf(UserApi.importTemplate), {}, `user_template_${Date.now()}.xlsx`),
  importData: (file: Blob, fileName: string, updateSupport: boolean) => {
    const form = new FormData();
    form.append('file', file, fileName);
    const config = { headers: { 'Content-Type': 'multipart/form-data' }, transformResponse: transformers(), repeatSubmit: false };
    return (
      // The flag rides in the URL, as RuoYi's client sends it.
      request<AnswerOf<typeof UserApi.importData>>({
        ...requestOf(UserApi.importData, { body: form }, config),
        url: `${urlOf(UserApi.importData)}?updateSupport=${updateSupport}`,
      })
        // `msg` is RuoYi's HTML list of the rows; this page lists `rows` itself under the plain summary.
        .then((r) => ({ msg: r.data.summary, ...r.data }))
    );
  },
};
