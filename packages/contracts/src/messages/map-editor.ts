/** The map editor (issue 14): what a map save refuses, in both languages. */
export const mapEditorMessages = {
  zh: {
    'mapEditor.notMap': '“{path}”不是映射（map 或 bookmap）',
    'mapEditor.newTopicUnused': '{field}：新主题“{path}”没有被映射引用，未创建',
    'mapEditor.fileStillUsed': '{field}：“{path}”仍被映射使用（{maps}），未删除',
    'mapEditor.needsPermission': '{field}：需要权限“{perm}”',
    'mapEditor.defaultMessage': '更新映射 {title}',
    'mapEditor.notPm': '“{path}”不是出版物模块（pm）',
    'mapEditor.pmNoFiles': '{field}：出版物模块的保存不创建或删除文件',
    'mapEditor.pmDefaultMessage': '更新出版物模块 {title}',
    'mapEditor.pmEmptyEntry': '条目（pmEntry）没有包含数据模块、出版物模块或子条目',
  },
  en: {
    'mapEditor.notMap': '"{path}" is not a map (map or bookmap)',
    'mapEditor.newTopicUnused': '{field}: the new topic "{path}" is not referenced by the map and was not created',
    'mapEditor.fileStillUsed': '{field}: "{path}" is still used by maps ({maps}) and was not deleted',
    'mapEditor.needsPermission': '{field}: the permission "{perm}" is needed',
    'mapEditor.defaultMessage': 'Update map {title}',
    'mapEditor.notPm': '"{path}" is not a publication module (pm)',
    'mapEditor.pmNoFiles': '{field}: saving a publication module creates or deletes no files',
    'mapEditor.pmDefaultMessage': 'Update publication module {title}',
    'mapEditor.pmEmptyEntry': 'the entry (pmEntry) holds no data module, publication module or entry',
  },
};
