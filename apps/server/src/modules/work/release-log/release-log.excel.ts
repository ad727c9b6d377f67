import type { Language } from '@ccms/contracts/constants';
import type { RELEASE_LOG_STATUSES, ReleaseLog } from '@ccms/contracts/work/release-log';
import type { ExcelColumn } from '../../../platform/http/excel';

const STATUS_TEXT: Record<(typeof RELEASE_LOG_STATUSES)[number], { zh: string; en: string }> = {
  notStarted: { zh: '未开始', en: 'Not started' },
  success: { zh: '成功', en: 'Success' },
  fail: { zh: '失败', en: 'Failed' },
};

/** The release log export's columns; status as its label in the caller's language. */
export function releaseLogColumns(lang: Language): ExcelColumn<ReleaseLog>[] {
  return [
    { key: 'index', header: 'releaseLog.excel.index', width: 8 },
    { key: 'planTitle', header: 'releaseLog.excel.planTitle', width: 30 },
    { key: 'version', header: 'releaseLog.excel.version', width: 14 },
    { key: 'commitComment', header: 'releaseLog.excel.commitComment', width: 40 },
    { key: 'archive', header: 'releaseLog.excel.archive', width: 30 },
    { key: 'status', header: 'releaseLog.excel.status', width: 12, format: (v) => STATUS_TEXT[v as ReleaseLog['status']][lang] },
    { key: 'createBy', header: 'releaseLog.excel.createBy', width: 14 },
    { key: 'createTime', header: 'releaseLog.excel.createTime', width: 20 },
  ];
}
