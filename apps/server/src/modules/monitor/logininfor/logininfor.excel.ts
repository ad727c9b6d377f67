import type { Language } from '@ccms/contracts/constants';
import type { LoginInfo } from '@ccms/contracts/monitor/logininfor';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The sign-in record export's columns; status as its label in the caller's language. */
export function loginInfoColumns(lang: Language): ExcelColumn<LoginInfo>[] {
  return [
    { key: 'infoId', header: 'loginInfo.excel.infoId', width: 10 },
    { key: 'userName', header: 'loginInfo.excel.userName' },
    { key: 'status', header: 'loginInfo.excel.status', width: 10, format: labelOf(lang, 'excel.result') },
    { key: 'ipaddr', header: 'loginInfo.excel.ipaddr' },
    { key: 'loginLocation', header: 'loginInfo.excel.loginLocation' },
    { key: 'browser', header: 'loginInfo.excel.browser' },
    { key: 'os', header: 'loginInfo.excel.os' },
    { key: 'msg', header: 'loginInfo.excel.msg', width: 30 },
    { key: 'loginTime', header: 'loginInfo.excel.loginTime', width: 20 },
  ];
}
