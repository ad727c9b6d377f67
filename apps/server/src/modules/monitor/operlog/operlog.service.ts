import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { OperLogQuery } from '@ccms/contracts/monitor/operlog';
import type { Db } from '../../../db/client';
import { notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { operLogColumns } from './operlog.excel';
import { deleteAllOperLogs, deleteOperLogs, findOperLog, listOperLogs, operLogsForExport } from './operlog.queries';

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
      return toXlsx(translate(lang, 'operLog.excel.sheet'), operLogColumns(lang), await operLogsForExport(db, q), lang);
    },
  };
}
