import type { Messages } from '../types';
import type zh from '../zh/notice';

const notice: Messages<typeof zh> = {
  noticeId: 'No.',
  noticeTitle: 'Title',
  noticeType: 'Type',
  noticeContent: 'Content',
  status: 'Status',
  createBy: 'Created by',
  createTime: 'Created',
  noticeTitlePlaceholder: 'Enter the title',
  createByPlaceholder: 'Enter the author',
  noticeTypePlaceholder: 'Notice type',
  contentPlaceholder: 'Enter the content',
  noticeTitleMarkup: 'The title cannot contain HTML markup',
  addTitle: 'Add notice',
  editTitle: 'Edit notice',
  added: 'Added',
  updated: 'Updated',
  deleted: 'Deleted',
  confirmDelete: 'Delete the notices with ID "{{ids}}"?',
  editor: {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    strike: 'Strikethrough',
    heading: 'Heading',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    clear: 'Clear formatting',
  },
};
export default notice;
