import type { Language } from '@ccms/contracts/constants';
import type { ReleaseLog } from '@ccms/contracts/work/release-log';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The release log export's columns; status as its label in the caller's language. */
export function releaseLogColumns(lang: Language): ExcelColumn<ReleaseLog>[] {
  return [
    { key: 'index', header: 'releaseLog.excel.index', width: 8 },
    { key: 'planTitle', header: 'releaseLog.excel.planTitle', width: 30 },
    { key: 'version', header: 'releaseLog.excel.version', width: 14 },
    { key: 'commitComment', header: 'releaseLog.excel.commitComment', width: 40 },
    { key: 'archive', header: 'releaseLog.excel.archive', width: 30 },
    { key: 'status', header: 'releaseLog.excel.status', width: 12, format: labelOf(lang, 'releaseLog.excel.status') },
    { key: 'createBy', header: 'releaseLog.excel.createBy', width: 14 },
    { key: 'createTime', header: 'releaseLog.excel.createTime', width: 20 },
  ];
}
