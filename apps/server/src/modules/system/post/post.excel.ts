import type { Post } from '@ccms/contracts/system/post';
import type { ExcelColumn } from '../../../platform/http/excel';

// The post export's columns.

export const postColumns: ExcelColumn<Post>[] = [
  { key: 'postId', header: 'post.excel.postId', width: 10 },
  { key: 'postCode', header: 'post.excel.postCode', width: 20 },
  { key: 'postName', header: 'post.excel.postName', width: 24 },
  { key: 'postSort', header: 'post.excel.postSort', width: 10 },
  { key: 'status', header: 'post.excel.status', width: 10, format: (v) => (v === '0' ? '正常 / Normal' : '停用 / Disabled') },
  { key: 'createTime', header: 'post.excel.createTime', width: 20 },
];
