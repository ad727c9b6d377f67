import type { Language } from '@ccms/contracts/constants';
import type { DictData, DictType } from '@ccms/contracts/system/dict';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

// The dictionary type and entry exports' columns.

const statusText = (lang: Language) => labelOf(lang, 'excel.normalDisable');

export const typeColumns = (lang: Language): ExcelColumn<DictType>[] => [
  { key: 'dictId', header: 'dictType.excel.dictId', width: 10 },
  { key: 'dictName', header: 'dictType.excel.dictName', width: 24 },
  { key: 'dictType', header: 'dictType.excel.dictType', width: 28 },
  { key: 'status', header: 'dictType.excel.status', width: 10, format: statusText(lang) },
  { key: 'remark', header: 'dictType.excel.remark', width: 30 },
  { key: 'createTime', header: 'dictType.excel.createTime', width: 20 },
];

export const dataColumns = (lang: Language): ExcelColumn<DictData>[] => [
  { key: 'dictCode', header: 'dictData.excel.dictCode', width: 10 },
  { key: 'dictSort', header: 'dictData.excel.dictSort', width: 10 },
  { key: 'dictLabel', header: 'dictData.excel.dictLabel', width: 20 },
  { key: 'dictLabelEn', header: 'dictData.excel.dictLabelEn', width: 20 },
  { key: 'dictValue', header: 'dictData.excel.dictValue', width: 20 },
  { key: 'dictType', header: 'dictData.excel.dictType', width: 24 },
  { key: 'isDefault', header: 'dictData.excel.isDefault', width: 10 },
  { key: 'status', header: 'dictData.excel.status', width: 10, format: statusText(lang) },
  { key: 'remark', header: 'dictData.excel.remark', width: 30 },
];
