import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { Project } from '@ccms/contracts/work/project';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The project export's columns; status and flags as their labels in the caller's language. */
export function projectColumns(lang: Language): ExcelColumn<Project>[] {
  const yesNo = (v: unknown) => translate(lang, v ? 'excel.yes' : 'excel.no');
  return [
    { key: 'id', header: 'project.excel.id', width: 8 },
    { key: 'title', header: 'project.excel.title', width: 28 },
    { key: 'name', header: 'project.excel.name', width: 14 },
    { key: 'status', header: 'project.excel.status', width: 12, format: labelOf(lang, 'excel.openClosed') },
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
}
