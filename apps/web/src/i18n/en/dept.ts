import type { Messages } from '../types';
import type zh from '../zh/dept';

const dept: Messages<typeof zh> = {
  deptName: 'Department',
  parent: 'Parent',
  orderNum: 'Order',
  leader: 'Leader',
  phone: 'Phone',
  email: 'Email',
  status: 'Status',
  createTime: 'Created',
  deptNamePlaceholder: 'Enter the department name',
  parentPlaceholder: 'Select the parent department',
  leaderPlaceholder: 'Enter the leader',
  phonePlaceholder: 'Enter the phone number',
  emailPlaceholder: 'Enter the email address',
  statusPlaceholder: 'Department status',
  phoneInvalid: 'Enter a valid phone number',
  emailInvalid: 'Enter a valid email address',
  addTitle: 'Add department',
  editTitle: 'Edit department',
  added: 'Added',
  updated: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete the department "{{name}}"?',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
};
export default dept;
