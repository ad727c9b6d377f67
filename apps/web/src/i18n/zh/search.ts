/** The search screen (ccms/search). */
export default {
  box: '搜索内容',
  placeholder: '输入要查找的文字（中文或英文），边输入边搜索',
  hint: '在主题的标题、正文和元数据以及文档名称中查找',
  type: '类型',
  status: '状态',
  owner: '负责人',
  types: { topic: '主题', document: '文档' },
  matchedIn: { title: '标题匹配', text: '正文匹配', metadata: '元数据匹配' },
  total: '共 {{total}} 条结果（{{ms}} 毫秒）',
  noResults: '没有找到“{{q}}”',
} as const;
