import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { OperLogQuery } from '@ccms/contracts/monitor/operlog';
import { operLogTitle } from '@ccms/contracts/monitor/operlog-titles';
import type { Db } from '../../../db/client';
import { notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { operLogColumns } from './operlog.excel';
import { deleteAllOperLogs, deleteOperLogs, findOperLog, listOperLogs, operLogsForExport } from './operlog.queries';

/** A row as answered: its title is the module's display name in the caller's language. */
const shown = <R extends { title: string }>(row: R, lang: Language): R => ({ ...row, title: operLogTitle(row.title, lang) });

export function operLogService(db: Db) {
  return {
    async list(q: OperLogQuery, lang: Language) {
      const { rows, total } = await listOperLogs(db, q);
      return { rows: rows.map((r) => shown(r, lang)), total };
    },
    async get(operId: number, lang: Language) {
      const row = await findOperLog(db, operId);
      if (!row) throw notFound('notFound.row', { what: `operlog ${operId}` });
      return shown(row, lang);
    },
    remove: (ids: number[]) => deleteOperLogs(db, ids),
    clean: () => deleteAllOperLogs(db),
    async exportXlsx(q: OperLogQuery, lang: Language) {
      return toXlsx(
        translate(lang, 'operLog.excel.sheet'),
        operLogColumns(lang),
        (await operLogsForExport(db, q)).map((r) => shown(r, lang)),
        lang,
      );
    },
  };
}
