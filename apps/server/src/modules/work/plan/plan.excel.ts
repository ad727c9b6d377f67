import type { Language } from '@ccms/contracts/constants';
import type { Plan } from '@ccms/contracts/work/plan';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The plan export's columns; status and enable as their labels in the caller's language. */
export const planColumns = (lang: Language): ExcelColumn<Plan>[] => [
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
  { key: 'status', header: 'plan.excel.status', width: 16, format: labelOf(lang, 'plan.excel.status') },
  { key: 'enable', header: 'plan.excel.enable', width: 10, format: labelOf(lang, 'plan.excel.enable') },
  { key: 'createBy', header: 'plan.excel.createBy', width: 14 },
  { key: 'createTime', header: 'plan.excel.createTime', width: 20 },
];
