/** The words a published S1000D publication prints itself, in the publication module's language (Chinese or English). */
export interface PublishTexts {
  dmc: string;
  title: string;
  issue: string;
  issueDate: string;
  issueType: string;
  applicability: string;
  language: string;
  security: string;
  responsible: string;
  publishedFor: string;
  warning: string;
  caution: string;
  note: string;
  figure: string;
  table: string;
  step: string;
  para: string;
  preliminaryRqmts: string;
  closeRqmts: string;
  reqConds: string;
  reqPersons: string;
  person: string;
  category: string;
  skill: string;
  trade: string;
  estimatedTime: string;
  reqTechInfo: string;
  supportEquips: string;
  supplies: string;
  spares: string;
  safety: string;
  name: string;
  partNumber: string;
  manufacturer: string;
  quantity: string;
  remarks: string;
  yes: string;
  no: string;
  item: string;
  description: string;
  unitsPerAssy: string;
  unitOfIssue: string;
  none: string;
  references: string;
  graphicUnavailable: string;
  download: string;
  notApplicable: string;
  deleted: string;
  contents: string;
  search: string;
  searchPlaceholder: string;
  noResults: string;
  titlePage: string;
  loedm: string;
  highlights: string;
  reasonForUpdate: string;
  page: string;
  endOfDm: string;
  changed: string;
  issueTypes: Record<string, string>;
}

const EN: PublishTexts = {
  dmc: 'Data module code',
  title: 'Title',
  issue: 'Issue',
  issueDate: 'Issue date',
  issueType: 'Status',
  applicability: 'Applicability',
  language: 'Language',
  security: 'Security classification',
  responsible: 'Responsible partner company',
  publishedFor: 'Published for',
  warning: 'WARNING',
  caution: 'CAUTION',
  note: 'NOTE',
  figure: 'Fig',
  table: 'Table',
  step: 'Step',
  para: 'Para',
  preliminaryRqmts: 'Preliminary requirements',
  closeRqmts: 'Requirements after job completion',
  reqConds: 'Required conditions',
  reqPersons: 'Required persons',
  person: 'Person',
  category: 'Category',
  skill: 'Skill level',
  trade: 'Trade/code',
  estimatedTime: 'Estimated time',
  reqTechInfo: 'Required technical information',
  supportEquips: 'Support equipment',
  supplies: 'Consumables, materials and expendables',
  spares: 'Spares',
  safety: 'Safety conditions',
  name: 'Name',
  partNumber: 'Identification/reference',
  manufacturer: 'Manufacturer',
  quantity: 'Quantity',
  remarks: 'Remarks',
  yes: 'Yes',
  no: 'No',
  item: 'Item',
  description: 'Description',
  unitsPerAssy: 'Units per assy',
  unitOfIssue: 'Unit of issue',
  none: 'None',
  references: 'References',
  graphicUnavailable: 'This graphic cannot be shown in a browser',
  download: 'Download',
  notApplicable: 'not applicable',
  deleted: 'deleted',
  contents: 'Contents',
  search: 'Search',
  searchPlaceholder: 'Search…',
  noResults: 'No results',
  titlePage: 'Title page',
  loedm: 'List of effective data modules',
  highlights: 'Highlights',
  reasonForUpdate: 'Reason for update',
  page: 'Page',
  endOfDm: 'End of data module',
  changed: 'changed',
  issueTypes: { new: 'N', changed: 'C', revised: 'R', deleted: 'D', status: 'S', rinstate: 'RI' },
};

const ZH: PublishTexts = {
  dmc: '数据模块代码',
  title: '标题',
  issue: '版次',
  issueDate: '发布日期',
  issueType: '状态',
  applicability: '适用性',
  language: '语言',
  security: '密级',
  responsible: '责任合作单位',
  publishedFor: '发布对象',
  warning: '警告',
  caution: '注意',
  note: '说明',
  figure: '图',
  table: '表',
  step: '步骤',
  para: '段',
  preliminaryRqmts: '准备要求',
  closeRqmts: '工作完成后的要求',
  reqConds: '所需条件',
  reqPersons: '所需人员',
  person: '人员',
  category: '类别',
  skill: '技能等级',
  trade: '工种',
  estimatedTime: '预计工时',
  reqTechInfo: '所需技术资料',
  supportEquips: '保障设备',
  supplies: '消耗品、材料与耗材',
  spares: '备件',
  safety: '安全条件',
  name: '名称',
  partNumber: '标识/参考号',
  manufacturer: '制造商',
  quantity: '数量',
  remarks: '备注',
  yes: '是',
  no: '否',
  item: '项目',
  description: '说明',
  unitsPerAssy: '每组件数量',
  unitOfIssue: '发放单位',
  none: '无',
  references: '参考资料',
  graphicUnavailable: '此图形无法在浏览器中显示',
  download: '下载',
  notApplicable: '不适用',
  deleted: '已删除',
  contents: '目录',
  search: '搜索',
  searchPlaceholder: '搜索…',
  noResults: '无结果',
  titlePage: '标题页',
  loedm: '有效数据模块清单',
  highlights: '更改要点',
  reasonForUpdate: '更改原因',
  page: '页',
  endOfDm: '数据模块结束',
  changed: '已更改',
  issueTypes: { new: '新', changed: '改', revised: '修', deleted: '删', status: '状', rinstate: '恢' },
};

/** The texts for a language code (`zh`, `zh-CN`, `en-US`, ...): Chinese for zh, English otherwise. */
export function publishTexts(lang: string | undefined): PublishTexts {
  return lang?.toLowerCase().startsWith('zh') ? ZH : EN;
}
