import type { Language } from '@ccms/contracts/constants';
import type { Release } from '@ccms/contracts/work/release';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The release export's columns; status as its label in the caller's language. */
export const releaseColumns = (lang: Language): ExcelColumn<Release>[] => [
  { key: 'id', header: 'release.excel.id', width: 8 },
  { key: 'projectTitle', header: 'release.excel.projectTitle', width: 24 },
  { key: 'title', header: 'release.excel.title', width: 24 },
  { key: 'status', header: 'release.excel.status', width: 12, format: labelOf(lang, 'excel.openClosed') },
  { key: 'beginDate', header: 'release.excel.beginDate', width: 12 },
  { key: 'endDate', header: 'release.excel.endDate', width: 12 },
  { key: 'description', header: 'release.excel.description', width: 40 },
  { key: 'createBy', header: 'release.excel.createBy', width: 14 },
  { key: 'createTime', header: 'release.excel.createTime', width: 20 },
];
