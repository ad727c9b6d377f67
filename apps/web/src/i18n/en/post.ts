import type { Messages } from '../types';
import type zh from '../zh/post';

const post: Messages<typeof zh> = {
  postId: 'Post ID',
  postCode: 'Post code',
  postName: 'Post name',
  postSort: 'Order',
  status: 'Status',
  createTime: 'Created',
  remark: 'Remark',
  postCodePlaceholder: 'Enter the post code',
  postNamePlaceholder: 'Enter the post name',
  statusPlaceholder: 'Post status',
  remarkPlaceholder: 'Enter a remark',
  addTitle: 'Add post',
  editTitle: 'Edit post',
  added: 'Added',
  updated: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete the posts with ID "{{ids}}"?',
};
export default post;
