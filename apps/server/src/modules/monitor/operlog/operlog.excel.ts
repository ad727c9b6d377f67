import type { Language } from '@ccms/contracts/constants';
import type { OperLog } from '@ccms/contracts/monitor/operlog';
import type { ExcelColumn } from '../../../platform/http/excel';

// The operation log export's columns.

/** Labels of dict sys_oper_type, for the spreadsheet. */
const BUSINESS_TYPES: Record<number, { zh: string; en: string }> = {
  0: { zh: '其他', en: 'Other' },
  1: { zh: '新增', en: 'Insert' },
  2: { zh: '修改', en: 'Update' },
  3: { zh: '删除', en: 'Delete' },
  4: { zh: '授权', en: 'Grant' },
  5: { zh: '导出', en: 'Export' },
  6: { zh: '导入', en: 'Import' },
  7: { zh: '强退', en: 'Force logout' },
  8: { zh: '清空', en: 'Clean' },
};

const statusLabel = (failed: boolean, lang: Language) => (failed ? { zh: '失败', en: 'Failure' } : { zh: '成功', en: 'Success' })[lang];

export function operLogColumns(lang: Language): ExcelColumn<OperLog>[] {
  return [
    { key: 'operId', header: 'operLog.excel.operId', width: 10 },
    { key: 'title', header: 'operLog.excel.title' },
    { key: 'businessType', header: 'operLog.excel.businessType', format: (v) => BUSINESS_TYPES[Number(v)]?.[lang] ?? String(v) },
    { key: 'method', header: 'operLog.excel.method', width: 30 },
    { key: 'requestMethod', header: 'operLog.excel.requestMethod', width: 10 },
    { key: 'operName', header: 'operLog.excel.operName' },
    { key: 'deptName', header: 'operLog.excel.deptName' },
    { key: 'operUrl', header: 'operLog.excel.operUrl', width: 30 },
    { key: 'operIp', header: 'operLog.excel.operIp' },
    { key: 'operParam', header: 'operLog.excel.operParam', width: 40 },
    { key: 'jsonResult', header: 'operLog.excel.jsonResult', width: 40 },
    { key: 'status', header: 'operLog.excel.status', width: 10, format: (v) => statusLabel(Number(v) !== 0, lang) },
    { key: 'errorMsg', header: 'operLog.excel.errorMsg', width: 30 },
    { key: 'operTime', header: 'operLog.excel.operTime', width: 20 },
    { key: 'costTime', header: 'operLog.excel.costTime', width: 12 },
  ];
}
