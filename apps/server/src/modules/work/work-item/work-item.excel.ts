import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { WorkItem } from '@ccms/contracts/work/work-item';
import type { ExcelColumn } from '../../../platform/http/excel';

/** The work item export's columns; type and status as their labels in the caller's language. */
export function workItemColumns(lang: Language): ExcelColumn<WorkItem>[] {
  const label = (prefix: string, v: string) => (v ? translate(lang, `${prefix}.${v}`) : '');
  return [
    { key: 'workItemId', header: 'workItem.excel.workItemId', width: 10 },
    { key: 'workItemType', header: 'workItem.excel.workItemType', width: 10, format: (v) => label('workItem.type', String(v)) },
    { key: 'title', header: 'workItem.excel.title', width: 40 },
    { key: 'status', header: 'workItem.excel.status', width: 12, format: (v) => label('workItem.status', String(v)) },
    { key: 'priority', header: 'workItem.excel.priority', width: 8 },
    { key: 'severity', header: 'workItem.excel.severity', width: 8 },
    { key: 'projectTitle', header: 'workItem.excel.projectTitle', width: 20 },
    { key: 'releaseTitle', header: 'workItem.excel.releaseTitle', width: 16 },
    { key: 'version', header: 'workItem.excel.version', width: 12 },
    { key: 'assigneeName', header: 'workItem.excel.assigneeName', width: 14 },
    { key: 'ownerName', header: 'workItem.excel.ownerName', width: 14 },
    { key: 'resolution', header: 'workItem.excel.resolution', width: 12 },
    { key: 'due', header: 'workItem.excel.due', width: 12 },
    { key: 'progress', header: 'workItem.excel.progress', width: 8 },
    { key: 'createBy', header: 'workItem.excel.createBy', width: 14 },
    { key: 'createTime', header: 'workItem.excel.createTime', width: 20 },
  ];
}
