import type { Project } from '@ccms/contracts/work/project';
import type { ExcelColumn } from '../../../platform/http/excel';

// The project export's columns.

const yesNo = (v: unknown) => (v ? '是 / Yes' : '否 / No');

export const projectColumns: ExcelColumn<Project>[] = [
  { key: 'id', header: 'project.excel.id', width: 8 },
  { key: 'title', header: 'project.excel.title', width: 28 },
  { key: 'name', header: 'project.excel.name', width: 14 },
  { key: 'status', header: 'project.excel.status', width: 12, format: (v) => (v === '0' ? '正常 / Normal' : '关闭 / Closed') },
  { key: 'categoryName', header: 'project.excel.categoryName', width: 16 },
  { key: 'version', header: 'project.excel.version', width: 12 },
  { key: 'libraryName', header: 'project.excel.libraryName', width: 18 },
  { key: 'sourceBranch', header: 'project.excel.sourceBranch', width: 18 },
  { key: 'projectBranch', header: 'project.excel.projectBranch', width: 18 },
  { key: 'ownerName', header: 'project.excel.ownerName', width: 14 },
  { key: 'beginDate', header: 'project.excel.beginDate', width: 12 },
  { key: 'endDate', header: 'project.excel.endDate', width: 12 },
  { key: 'secrecy', header: 'project.excel.secrecy', width: 10, format: yesNo },
  { key: 'public', header: 'project.excel.public', width: 10, format: yesNo },
  { key: 'createBy', header: 'project.excel.createBy', width: 14 },
  { key: 'createTime', header: 'project.excel.createTime', width: 20 },
];
