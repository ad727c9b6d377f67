import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { Config } from '@ccms/contracts/system/config';
import type { ExcelColumn } from '../../../platform/http/excel';

// The system parameter export's columns.

const yesNo = (lang: Language) => (v: unknown) => translate(lang, v === 'Y' ? 'excel.yes' : 'excel.no');

export const configColumns = (lang: Language): ExcelColumn<Config>[] => [
  { key: 'configId', header: 'config.excel.configId', width: 10 },
  { key: 'configName', header: 'config.excel.configName', width: 30 },
  { key: 'configNameEn', header: 'config.excel.configNameEn', width: 30 },
  { key: 'configKey', header: 'config.excel.configKey', width: 34 },
  { key: 'configValue', header: 'config.excel.configValue', width: 24 },
  { key: 'configType', header: 'config.excel.configType', width: 10, format: yesNo(lang) },
  { key: 'remark', header: 'config.excel.remark', width: 40 },
  { key: 'createTime', header: 'config.excel.createTime', width: 20 },
];
