/** The download center, in both languages. */
export const downloadMessages = {
  zh: {
    'download.notFound': '下载项 {id} 不存在',
    'download.notReady': '文件“{name}”尚未生成完成',
    'download.fileMissing': '文件“{name}”已不存在（可能已过期）',
    'download.noProducer': '没有名为“{name}”的文件生成器',
    'download.added': '已加入下载中心',
  },
  en: {
    'download.notFound': 'Download {id} does not exist',
    'download.notReady': 'The file "{name}" is not ready yet',
    'download.fileMissing': 'The file "{name}" no longer exists (it may have expired)',
    'download.noProducer': 'There is no file producer named "{name}"',
    'download.added': 'Added to the download center',
  },
} as const;
