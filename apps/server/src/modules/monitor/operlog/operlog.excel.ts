import type { Language } from '@ccms/contracts/constants';
import type { OperLog } from '@ccms/contracts/monitor/operlog';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The operation log export's columns; business type (dict sys_oper_type) and status as their labels in the caller's language. */
export function operLogColumns(lang: Language): ExcelColumn<OperLog>[] {
  const result = labelOf(lang, 'excel.result');
  return [
    { key: 'operId', header: 'operLog.excel.operId', width: 10 },
    { key: 'title', header: 'operLog.excel.title' },
    { key: 'businessType', header: 'operLog.excel.businessType', format: labelOf(lang, 'operLog.excel.businessType') },
    { key: 'method', header: 'operLog.excel.method', width: 30 },
    { key: 'requestMethod', header: 'operLog.excel.requestMethod', width: 10 },
    { key: 'operName', header: 'operLog.excel.operName' },
    { key: 'deptName', header: 'operLog.excel.deptName' },
    { key: 'operUrl', header: 'operLog.excel.operUrl', width: 30 },
    { key: 'operIp', header: 'operLog.excel.operIp' },
    { key: 'operParam', header: 'operLog.excel.operParam', width: 40 },
    { key: 'jsonResult', header: 'operLog.excel.jsonResult', width: 40 },
    { key: 'status', header: 'operLog.excel.status', width: 10, format: (v) => result(Number(v) === 0 ? 0 : 1) },
    { key: 'errorMsg', header: 'operLog.excel.errorMsg', width: 30 },
    { key: 'operTime', header: 'operLog.excel.operTime', width: 20 },
    { key: 'costTime', header: 'operLog.excel.costTime', width: 12 },
  ];
}
