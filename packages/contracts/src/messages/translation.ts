/** Translation through XLIFF (issue 16), in both languages. */
export const translationMessages = {
  zh: {
    'translation.langInvalid': '{field}：语言代码无效（例如 zh-CN）',
    'translation.documentMissing': '文档 {id} 不存在',
    'translation.invalidXliff': 'XLIFF 文件无效：{detail}',
    'translation.notOurs': '这个 XLIFF 文件不是从本系统的文档导出的',
    'translation.sourceChanged': '原文已变化，该文件与当前原文不符，请重新导出。不符的片段：{segments}',
    'translation.placeholders': '{unit}：译文中的占位标记与原文不一致（每个标记须且仅出现一次）',
    'translation.invalidTarget': '译文“{path}”未通过校验：{detail}',
  },
  en: {
    'translation.langInvalid': '{field}: not a valid language code (e.g. zh-CN)',
    'translation.documentMissing': 'Document {id} does not exist',
    'translation.invalidXliff': 'The XLIFF file is not valid: {detail}',
    'translation.notOurs': 'This XLIFF file was not exported from a document of this system',
    'translation.sourceChanged': 'The source has changed and no longer matches this file; export again. Segments that differ: {segments}',
    'translation.placeholders': '{unit}: the placeholders of the translation differ from the source (each must appear exactly once)',
    'translation.invalidTarget': 'The translated file "{path}" did not pass validation: {detail}',
  },
};
