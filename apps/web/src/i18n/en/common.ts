import type { Messages } from '../types';
import type zh from '../zh/common';

const common: Messages<typeof zh> = {
  productName: 'CCMS',
  productFullName: 'CCMS Content Management System',
  /** The sidebar logo title (short enough for 240 px). */
  sidebarTitle: 'CCMS',
  systemPrompt: 'System prompt',
  ok: 'OK',
  cancel: 'Cancel',
  confirm: 'Confirm',
  close: 'Close',
  save: 'Save',
  reset: 'Reset',
  search: 'Search',
  refresh: 'Refresh',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  export: 'Export',
  import: 'Import',
  back: 'Back',
  submit: 'Submit',
  loading: 'Loading…',
  operation: 'Actions',
  success: 'Operation succeeded',
  yes: 'Yes',
  no: 'No',
  // Permission elements given no list (spec section 5).
  permission: { permiValueRequired: 'Please set the operation permission tag value', roleValueRequired: 'Please set the role permission tag value' },
  language: 'Language',
  languages: { zh: '中文', en: 'English' },
};
export default common;
