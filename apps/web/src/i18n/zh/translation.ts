/** Translation of a document through XLIFF (the document detail's Translation tab). */
export default {
  targetLang: '目标语言',
  version: '格式',
  export: '导出 XLIFF',
  import: '导入译文',
  imported: '已导入 {{count}} 个文件（提交 {{commit}}）',
  total: '翻译单元',
  translated: '已翻译',
  fuzzy: '待确认',
  new: '新增',
  layout: '译文存放方式',
  layoutFolder: '语言文件夹（zh-CN/…）',
  layoutBranch: '语言分支（<分支>-zh-CN）',
  sourceLang: '源语言',
  saved: '已保存',
};
