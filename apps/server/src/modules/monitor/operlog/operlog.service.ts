import type { Language } from '@ccms/contracts/constants';
import type { OperLog, OperLogQuery } from '@ccms/contracts/monitor/operlog';
import type { Db } from '../../../db/client';
import { notFound } from '../../../platform/http/errors';
import { type ExcelColumn, toXlsx } from '../../../platform/http/excel';
import { deleteAllOperLogs, deleteOperLogs, findOperLog, listOperLogs, operLogsForExport } from './operlog.queries';

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

function columns(lang: Language): ExcelColumn<OperLog>[] {
  return [
    { key: 'operId', header: { zh: '操作序号', en: 'Log ID' }, width: 10 },
    { key: 'title', header: { zh: '操作模块', en: 'Module' } },
    { key: 'businessType', header: { zh: '业务类型', en: 'Type' }, format: (v) => BUSINESS_TYPES[Number(v)]?.[lang] ?? String(v) },
    { key: 'method', header: { zh: '请求方法', en: 'Method' }, width: 30 },
    { key: 'requestMethod', header: { zh: '请求方式', en: 'HTTP method' }, width: 10 },
    { key: 'operName', header: { zh: '操作人员', en: 'Operator' } },
    { key: 'deptName', header: { zh: '部门名称', en: 'Department' } },
    { key: 'operUrl', header: { zh: '请求地址', en: 'URL' }, width: 30 },
    { key: 'operIp', header: { zh: '操作地址', en: 'Address' } },
    { key: 'operParam', header: { zh: '请求参数', en: 'Parameters' }, width: 40 },
    { key: 'jsonResult', header: { zh: '返回参数', en: 'Result' }, width: 40 },
    { key: 'status', header: { zh: '状态', en: 'Status' }, width: 10, format: (v) => statusLabel(Number(v) !== 0, lang) },
    { key: 'errorMsg', header: { zh: '错误消息', en: 'Error' }, width: 30 },
    { key: 'operTime', header: { zh: '操作时间', en: 'Time' }, width: 20 },
    { key: 'costTime', header: { zh: '消耗时间（毫秒）', en: 'Cost (ms)' }, width: 12 },
  ];
}

export function operLogService(db: Db) {
  return {
    list: (q: OperLogQuery) => listOperLogs(db, q),
    async get(operId: number) {
      const row = await findOperLog(db, operId);
      if (!row) throw notFound('notFound.row', { what: `operlog ${operId}` });
      return row;
    },
    remove: (ids: number[]) => deleteOperLogs(db, ids),
    clean: () => deleteAllOperLogs(db),
    async exportXlsx(q: OperLogQuery, lang: Language) {
      return toXlsx('operlog', columns(lang), await operLogsForExport(db, q), lang);
    },
  };
}
