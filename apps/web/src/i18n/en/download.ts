import type { Messages } from '../types';
import type zh from '../zh/download';

const download: Messages<typeof zh> = {
  name: 'File name',
  kind: 'Kind',
  status: 'Status',
  namePlaceholder: 'Part of the file name',
  statusPlaceholder: 'Any status',
  size: 'Size',
  createTime: 'Created',
  expireTime: 'Expires',
  actions: 'Actions',
  download: 'Download',
  delete: 'Delete',
  refresh: 'Refresh',
  deleted: 'Deleted',
  confirmDelete: 'Delete the selected files?',
  empty: 'No generated files yet',
  hint: 'Files generated for you (publish output zips, exports) are kept here and removed when they expire.',
  kinds: { output: 'Publish output', export: 'Export', zip: 'Zip', other: 'Other' },
  statuses: { queued: 'Queued', running: 'Being made', success: 'Ready', fail: 'Failed' },
};

export default download;
