/** Translation through XLIFF (issue 16), in both languages. */
export const translationMessages = {
  zh: {
    'translation.langInvalid': '{field}：语言代码无效（例如 zh-CN）',
    'translation.documentMissing': '文档 {id} 不存在',
    'translation.invalidXliff': 'XLIFF 文件无效：{detail}',
    'translation.notOurs': '这个 XLIFF 文件不是从本系统的文档导出的',
    'translation.placeholders': '{unit}：译文中的占位标记与原文不一致（每个标记须且仅出现一次）',
    'translation.invalidTarget': '译文“{path}”未通过校验：{detail}',
    'translation.langUnknown': '{field}：不是可选的目标语言，请从列表中选择（例如 zh-CN）',
    'translation.otherLibrary': '这个 XLIFF 文件导出自另一个库（编号 {library}），不是文档 {id} 所在的库',
    'translation.otherBranch': '这个 XLIFF 文件导出自分支“{branch}”，文档 {id} 在分支“{current}”上',
  },
  en: {
    'translation.langInvalid': '{field}: not a valid language code (e.g. zh-CN)',
    'translation.documentMissing': 'Document {id} does not exist',
    'translation.invalidXliff': 'The XLIFF file is not valid: {detail}',
    'translation.notOurs': 'This XLIFF file was not exported from a document of this system',
    'translation.placeholders': '{unit}: the placeholders of the translation differ from the source (each must appear exactly once)',
    'translation.invalidTarget': 'The translated file "{path}" did not pass validation: {detail}',
    'translation.langUnknown': '{field}: not one of the languages offered; choose one from the list (e.g. zh-CN)',
    'translation.otherLibrary': 'This XLIFF file was exported from another library (id {library}), not the library of document {id}',
    'translation.otherBranch': 'This XLIFF file was exported from branch "{branch}"; document {id} is on branch "{current}"',
  },
};
