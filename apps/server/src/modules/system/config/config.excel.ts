import type { Language } from '@ccms/contracts/constants';
import type { Config } from '@ccms/contracts/system/config';
import type { ExcelColumn } from '../../../platform/http/excel';

// The system parameter export's columns.

const yesNo = (lang: Language) => (v: unknown) => (v === 'Y' ? (lang === 'en' ? 'Yes' : '是') : lang === 'en' ? 'No' : '否');

export const configColumns = (lang: Language): ExcelColumn<Config>[] => [
  { key: 'configId', header: 'config.excel.configId', width: 10 },
  { key: 'configName', header: 'config.excel.configName', width: 30 },
  { key: 'configKey', header: 'config.excel.configKey', width: 34 },
  { key: 'configValue', header: 'config.excel.configValue', width: 24 },
  { key: 'configType', header: 'config.excel.configType', width: 10, format: yesNo(lang) },
  { key: 'remark', header: 'config.excel.remark', width: 40 },
  { key: 'createTime', header: 'config.excel.createTime', width: 20 },
];
