import type { Language } from '@ccms/contracts/constants';
import type { LoginInfo } from '@ccms/contracts/monitor/logininfor';
import type { ExcelColumn } from '../../../platform/http/excel';

// The sign-in record export's columns.

export function loginInfoColumns(lang: Language): ExcelColumn<LoginInfo>[] {
  const status = { '0': { zh: '成功', en: 'Success' }, '1': { zh: '失败', en: 'Failure' } } as Record<string, { zh: string; en: string }>;
  return [
    { key: 'infoId', header: 'loginInfo.excel.infoId', width: 10 },
    { key: 'userName', header: 'loginInfo.excel.userName' },
    { key: 'status', header: 'loginInfo.excel.status', width: 10, format: (v) => status[String(v)]?.[lang] ?? String(v) },
    { key: 'ipaddr', header: 'loginInfo.excel.ipaddr' },
    { key: 'loginLocation', header: 'loginInfo.excel.loginLocation' },
    { key: 'browser', header: 'loginInfo.excel.browser' },
    { key: 'os', header: 'loginInfo.excel.os' },
    { key: 'msg', header: 'loginInfo.excel.msg', width: 30 },
    { key: 'loginTime', header: 'loginInfo.excel.loginTime', width: 20 },
  ];
}
