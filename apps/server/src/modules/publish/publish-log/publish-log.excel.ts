import type { PublishLog } from '@ccms/contracts/publish/publication';
import type { ExcelColumn } from '../../../platform/http/excel';

/** The publish log export's columns. */
export function publishLogColumns(): ExcelColumn<PublishLog>[] {
  return [
    { key: 'logId', header: 'publishLog.excel.logId', width: 10 },
    { key: 'publicationName', header: 'publishLog.excel.publication' },
    { key: 'libraryName', header: 'publishLog.excel.library' },
    { key: 'branch', header: 'publishLog.excel.branch' },
    { key: 'ditaMap', header: 'publishLog.excel.ditaMap', width: 30 },
    { key: 'configName', header: 'publishLog.excel.config' },
    { key: 'format', header: 'publishLog.excel.format', width: 10 },
    { key: 'commit', header: 'publishLog.excel.commit', width: 42 },
    { key: 'status', header: 'publishLog.excel.status', width: 10 },
    { key: 'errorCount', header: 'publishLog.excel.errors', width: 10 },
    { key: 'warningCount', header: 'publishLog.excel.warnings', width: 10 },
    { key: 'durationMs', header: 'publishLog.excel.duration', width: 12 },
    { key: 'operName', header: 'publishLog.excel.operName' },
    { key: 'startTime', header: 'publishLog.excel.startTime', width: 20 },
  ];
}
