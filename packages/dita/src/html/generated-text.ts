import { DITAOT_TEXT } from './generated-text-ditaot.js';
import { EXTRA_TEXT } from './generated-text-extra.js';
import type { GeneratedText } from './generated-text-types.js';

export type { GeneratedText, GeneratedTextPart } from './generated-text-types.js';

const EN: GeneratedText = {
  lang: 'en',
  notes: {
    note: 'Note',
    tip: 'Tip',
    fastpath: 'Fastpath',
    restriction: 'Restriction',
    important: 'Important',
    remember: 'Remember',
    attention: 'Attention',
    caution: 'CAUTION',
    notice: 'NOTICE',
    danger: 'DANGER',
    warning: 'WARNING',
    trouble: 'Trouble',
  },
  contents: 'Contents',
  search: 'Search',
  searchPlaceholder: 'Search',
  noResults: 'No results',
  relatedLinks: 'Related links',
  relatedConcepts: 'Related concepts',
  relatedTasks: 'Related tasks',
  relatedReferences: 'Related reference',
  relatedInformation: 'Related information',
  parentTopic: 'Parent topic',
  figure: 'Figure',
  table: 'Table',
  prereq: 'Before you begin',
  context: 'About this task',
  steps: 'Procedure',
  result: 'Results',
  postreq: 'What to do next',
  example: 'Example',
  troubleshooting: 'Troubleshooting',
  optional: 'Optional',
  required: 'Required',
  cause: 'Cause',
  remedy: 'Remedy',
  condition: 'Condition',
  footnotes: 'Notes',
  tableOfContents: 'Table of contents',
  page: 'Page',
  see: 'See',
  seeAlso: 'See also',
  choiceOption: 'Option',
  choiceDescription: 'Description',
  colon: ': ',
  index: 'Index',
  revision: 'Revision',
};

const ZH: GeneratedText = {
  lang: 'zh',
  notes: {
    note: '注',
    tip: '提示',
    fastpath: '快捷方式',
    restriction: '限制',
    important: '重要',
    remember: '切记',
    attention: '注意',
    caution: '小心',
    notice: '注意',
    danger: '危险',
    warning: '警告',
    trouble: '故障',
  },
  contents: '目录',
  search: '搜索',
  searchPlaceholder: '搜索',
  noResults: '没有结果',
  relatedLinks: '相关链接',
  relatedConcepts: '相关概念',
  relatedTasks: '相关任务',
  relatedReferences: '相关参考',
  relatedInformation: '相关信息',
  parentTopic: '父主题',
  figure: '图',
  table: '表',
  prereq: '开始之前',
  context: '关于此任务',
  steps: '过程',
  result: '结果',
  postreq: '下一步做什么',
  example: '示例',
  troubleshooting: '故障诊断',
  optional: '可选',
  required: '必需',
  cause: '原因',
  remedy: '解决方法',
  condition: '条件',
  footnotes: '注释',
  tableOfContents: '目录',
  page: '页',
  see: '请参见',
  seeAlso: '另请参见',
  choiceOption: '选项',
  choiceDescription: '描述',
  colon: '：',
  index: '索引',
  revision: '修订版',
};

const byLang = new Map<string, GeneratedText>([
  ['en', EN],
  ['zh', ZH],
]);

/** The table DITA-OT reads for an xml:lang value (language-REGION, any case, "_" or "-"). */
function tableLang(lang: string): string {
  const l = lang.trim().toLowerCase().replace(/_/g, '-');
  if (l === 'zh-tw' || l === 'zh-hk' || l === 'zh-mo' || l.startsWith('zh-hant')) return 'zh-tw';
  if (l === 'pt-pt') return 'pt-pt';
  const primary = l.split('-')[0] ?? '';
  if (primary === 'nb' || primary === 'nn') return 'no';
  return primary;
}

/**
 * Generated text for an xml:lang value: the language's DITA-OT terms, with English for what a
 * language's table lacks (as DITA-OT falls back to en-us). Unknown languages get English.
 */
export function generatedText(lang: string | undefined): GeneratedText {
  const key = lang === undefined || lang.trim() === '' ? 'en' : tableLang(lang);
  let text = byLang.get(key);
  if (text === undefined) {
    const ditaot = DITAOT_TEXT[key];
    const extra = EXTRA_TEXT[key];
    if (ditaot === undefined && extra === undefined) text = EN;
    else text = { ...EN, ...ditaot, ...extra, lang: key, notes: { ...EN.notes, ...ditaot?.notes, ...extra?.notes } };
    byLang.set(key, text);
  }
  return text;
}

/** The languages the engine generates text in besides English and Chinese. */
export const GENERATED_LANGUAGES: readonly string[] = ['en', 'zh', ...Object.keys(DITAOT_TEXT)];
