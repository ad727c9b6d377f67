/** Publications: the publication form and list (ccms/publication). */
export default {
  fields: { name: '名称', branch: '分支', ditaMap: 'DITA 地图', ditaVal: 'DITAVAL' },
  hints: {
    name: '发布的名称',
    branch: '从哪个分支发布',
    ditaMap: '库中根地图的路径，例如 userguide.ditamap',
    ditaVal: '库中的 .ditaval 文件路径，或库的过滤组名称',
  },
  choices: { files: 'DITAVAL 文件', groups: '过滤组', noMaps: '该分支没有映射' },
  s1000d: {
    pm: '出版物模块',
    pmHint: '分支中的出版物模块（PMC）：按其顺序发布其中的数据模块',
    applic: '适用性',
    applicHint: 'PCT 中的产品（如序列号）、库的过滤组，或以 ident=value;ident=value 填写的属性值',
    products: 'PCT 产品',
    groups: '过滤组',
  },
  addTitle: '新增发布',
  editTitle: '修改发布',
  added: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  confirmDelete: '确认删除发布“{{names}}”吗？已有的输出会保留。',
  noLibrary: '请先添加库',
  chooseLibrary: '请先选择库',
  outputs: '输出',
  outputsOf: '“{{name}}”的输出',
};
