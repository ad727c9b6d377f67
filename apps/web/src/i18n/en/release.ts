import type { Messages } from '../types';
import type zh from '../zh/release';

export default {
  title: 'Title',
  project: 'Project',
  description: 'Description',
  status: 'Status',
  beginDate: 'Begin date',
  endDate: 'End date',
  createBy: 'Created by',
  createTime: 'Created',
  statuses: { '0': 'Normal', '1': 'Closed' },
  titlePlaceholder: 'Release title',
  projectPlaceholder: 'Select a project',
  statusPlaceholder: 'Release status',
  titleRequired: 'Title is required',
  projectRequired: 'Select a project',
  endBeforeBegin: 'The end date must not be before the begin date',
  addTitle: 'Add release',
  editTitle: 'Edit release',
  added: 'Added',
  updated: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete release "{{names}}"?',
  archives: {
    title: 'Archived outputs',
    archive: 'Output',
    comment: 'Commit comment',
    createBy: 'Archived by',
    createTime: 'Archived at',
    none: 'No output archived to this release yet',
  },
} satisfies Messages<typeof zh>;
