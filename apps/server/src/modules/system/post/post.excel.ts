import type { Language } from '@ccms/contracts/constants';
import type { Post } from '@ccms/contracts/system/post';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The post export's columns; status as its label in the caller's language. */
export const postColumns = (lang: Language): ExcelColumn<Post>[] => [
  { key: 'postId', header: 'post.excel.postId', width: 10 },
  { key: 'postCode', header: 'post.excel.postCode', width: 20 },
  { key: 'postName', header: 'post.excel.postName', width: 24 },
  { key: 'postSort', header: 'post.excel.postSort', width: 10 },
  { key: 'status', header: 'post.excel.status', width: 10, format: labelOf(lang, 'excel.normalDisable') },
  { key: 'createTime', header: 'post.excel.createTime', width: 20 },
];
