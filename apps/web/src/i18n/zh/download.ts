/** The download center: the user's generated files. */
export default {
  name: '文件名',
  kind: '类型',
  status: '状态',
  size: '大小',
  createTime: '创建时间',
  expireTime: '过期时间',
  actions: '操作',
  download: '下载',
  delete: '删除',
  refresh: '刷新',
  deleted: '已删除',
  confirmDelete: '确定删除所选文件吗？',
  empty: '还没有生成的文件',
  hint: '这里是为您生成的文件（发布输出的压缩包、导出等），过期后自动删除。',
  kinds: { output: '发布输出', export: '导出', zip: '压缩包', other: '其他' },
  statuses: { queued: '排队中', running: '生成中', success: '完成', fail: '失败' },
};
