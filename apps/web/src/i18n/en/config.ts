import type { Messages } from '../types';
import type zh from '../zh/config';

const config: Messages<typeof zh> = {
  configId: 'Parameter ID',
  configName: 'Parameter name',
  configNameEn: 'English name',
  configKey: 'Key',
  configValue: 'Value',
  configType: 'Built in',
  remark: 'Remark',
  createTime: 'Created',
  configNamePlaceholder: 'Enter the parameter name',
  configNameEnPlaceholder: 'The name on the English screens (optional)',
  configKeyPlaceholder: 'Enter the key',
  configValuePlaceholder: 'Enter the value',
  configTypePlaceholder: 'Built in',
  remarkPlaceholder: 'Enter a remark',
  beginDate: 'Start date',
  endDate: 'End date',
  builtIn: 'Built-in parameters cannot be deleted',
  addTitle: 'Add parameter',
  editTitle: 'Edit parameter',
  added: 'Added',
  updated: 'Updated',
  secretCleared: 'Saved. The server changed, so {{keys}} was cleared: enter it again',
  deleted: 'Deleted',
  confirmDelete: 'Delete the parameters with ID "{{ids}}"?',
  refreshCache: 'Refresh cache',
  cacheRefreshed: 'Cache refreshed',
};
export default config;
