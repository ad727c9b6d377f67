import type { Plan } from '@ccms/contracts/work/plan';
import type { ExcelColumn } from '../../../platform/http/excel';

// The plan export's columns.

const STATUS_TEXT: Record<string, string> = {
  notStarted: '未开始 / Not started',
  inProgress: '进行中 / In progress',
  completed: '已完成 / Completed',
  closed: '已关闭 / Closed',
};

export const planColumns: ExcelColumn<Plan>[] = [
  { key: 'id', header: 'plan.excel.id', width: 8 },
  { key: 'projectTitle', header: 'plan.excel.projectTitle', width: 22 },
  { key: 'title', header: 'plan.excel.title', width: 26 },
  { key: 'libraryName', header: 'plan.excel.libraryName', width: 16 },
  { key: 'branch', header: 'plan.excel.branch', width: 16 },
  { key: 'releaseTitle', header: 'plan.excel.releaseTitle', width: 16 },
  { key: 'ownerName', header: 'plan.excel.ownerName', width: 14 },
  { key: 'reviewerName', header: 'plan.excel.reviewerName', width: 14 },
  { key: 'beginDate', header: 'plan.excel.beginDate', width: 12 },
  { key: 'dueDate', header: 'plan.excel.dueDate', width: 12 },
  { key: 'progress', header: 'plan.excel.progress', width: 12 },
  { key: 'status', header: 'plan.excel.status', width: 16, format: (v) => STATUS_TEXT[String(v)] ?? String(v) },
  { key: 'enable', header: 'plan.excel.enable', width: 10, format: (v) => (v ? '启用 / Open' : '停用 / Closed') },
  { key: 'createBy', header: 'plan.excel.createBy', width: 14 },
  { key: 'createTime', header: 'plan.excel.createTime', width: 20 },
];
