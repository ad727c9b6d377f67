import type { Language } from '@ccms/contracts/constants';
import type { Task } from '@ccms/contracts/work/task';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The task export's columns; status as its label in the caller's language. */
export const taskColumns = (lang: Language): ExcelColumn<Task>[] => [
  { key: 'id', header: 'task.excel.id', width: 8 },
  { key: 'projectTitle', header: 'task.excel.projectTitle', width: 22 },
  { key: 'planTitle', header: 'task.excel.planTitle', width: 22 },
  { key: 'title', header: 'task.excel.title', width: 26 },
  { key: 'category', header: 'task.excel.category', width: 14 },
  { key: 'assigneeName', header: 'task.excel.assigneeName', width: 14 },
  { key: 'writerName', header: 'task.excel.writerName', width: 14 },
  { key: 'status', header: 'task.excel.status', width: 16, format: labelOf(lang, 'task.excel.status') },
  { key: 'beginDate', header: 'task.excel.beginDate', width: 12 },
  { key: 'dueDate', header: 'task.excel.dueDate', width: 12 },
  { key: 'effort', header: 'task.excel.effort', width: 10 },
  { key: 'effortCompleted', header: 'task.excel.effortCompleted', width: 12 },
  { key: 'remain', header: 'task.excel.remain', width: 10 },
  { key: 'exceed', header: 'task.excel.exceed', width: 10 },
  { key: 'createBy', header: 'task.excel.createBy', width: 14 },
  { key: 'createTime', header: 'task.excel.createTime', width: 20 },
];
