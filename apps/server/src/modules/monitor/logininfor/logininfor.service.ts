import type { Language } from '@ccms/contracts/constants';
import type { LoginInfo, LoginInfoQuery } from '@ccms/contracts/monitor/logininfor';
import type { Db } from '../../../db/client';
import { notFound } from '../../../platform/http/errors';
import { type ExcelColumn, toXlsx } from '../../../platform/http/excel';
import { clearLoginFailures } from '../../system/auth/login-failure.queries';
import { clearLoginLock, deleteAllLoginInfos, deleteLoginInfos, listLoginInfos, loginInfosForExport } from './logininfor.queries';

function columns(lang: Language): ExcelColumn<LoginInfo>[] {
  const status = { '0': { zh: '成功', en: 'Success' }, '1': { zh: '失败', en: 'Failure' } } as Record<string, { zh: string; en: string }>;
  return [
    { key: 'infoId', header: { zh: '序号', en: 'ID' }, width: 10 },
    { key: 'userName', header: { zh: '用户账号', en: 'User name' } },
    { key: 'status', header: { zh: '登录状态', en: 'Status' }, width: 10, format: (v) => status[String(v)]?.[lang] ?? String(v) },
    { key: 'ipaddr', header: { zh: '登录地址', en: 'Address' } },
    { key: 'loginLocation', header: { zh: '登录地点', en: 'Location' } },
    { key: 'browser', header: { zh: '浏览器', en: 'Browser' } },
    { key: 'os', header: { zh: '操作系统', en: 'OS' } },
    { key: 'msg', header: { zh: '提示消息', en: 'Message' }, width: 30 },
    { key: 'loginTime', header: { zh: '访问时间', en: 'Time' }, width: 20 },
  ];
}

export function loginInfoService(db: Db) {
  return {
    list: (q: LoginInfoQuery) => listLoginInfos(db, q),
    remove: (ids: number[]) => deleteLoginInfos(db, ids),
    clean: () => deleteAllLoginInfos(db),
    async unlock(userName: string) {
      const [user] = await clearLoginLock(db, userName);
      if (!user) throw notFound('logininfor.userNotFound', { name: userName });
      await clearLoginFailures(db, user.userId);
    },
    async exportXlsx(q: LoginInfoQuery, lang: Language) {
      return toXlsx('logininfor', columns(lang), await loginInfosForExport(db, q), lang);
    },
  };
}
