/** The download center, in both languages. */
export const downloadMessages = {
  zh: {
    'downloadCenter.notFound': '下载项 {id} 不存在',
    'downloadCenter.notReady': '文件“{name}”尚未生成完成',
    'downloadCenter.fileMissing': '文件“{name}”已不存在（可能已过期）',
    'downloadCenter.noProducer': '没有名为“{name}”的文件生成器',
  },
  en: {
    'downloadCenter.notFound': 'Download {id} does not exist',
    'downloadCenter.notReady': 'The file "{name}" is not ready yet',
    'downloadCenter.fileMissing': 'The file "{name}" no longer exists (it may have expired)',
    'downloadCenter.noProducer': 'There is no file producer named "{name}"',
  },
} as const;
