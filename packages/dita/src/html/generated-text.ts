import type { Located, ProblemList } from '../problems/problem.js';
import { DITAOT_REGION_TEXT, DITAOT_TEXT } from './generated-text-ditaot.js';
import { EXTRA_TEXT } from './generated-text-extra.js';
import { DITAOT_NOTE_LABELS } from './generated-text-notes.js';
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
    // DITA-OT's strings-en-us.xml: "Notice", where its caution and danger are upper case.
    notice: 'Notice',
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
    // DITA-OT's strings-zh-cn.xml leaves Notice in English (TODO), and DITA-OT writes that.
    notice: 'Notice',
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

/** The table for an xml:lang value (language-Script-REGION, any case, "_" or "-"), as DITA-OT chooses it. */
function tableLang(lang: string): string | undefined {
  const l = lang.trim().toLowerCase().replace(/_/g, '-');
  const parts = l.split('-');
  // Old ISO 639 codes and Norwegian's two written standards.
  const primary = ({ in: 'id', iw: 'he', nb: 'no', nn: 'no' } as Record<string, string>)[parts[0] ?? ''] ?? parts[0] ?? '';
  // Traditional Chinese (Taiwan, Hong Kong, Macao, or written Hant) and Latin Serbian have tables of their own.
  if (primary === 'zh') return parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo' || p === 'hant') ? 'zh-tw' : 'zh';
  // Serbian: Cyrillic (sr, sr-RS, sr-SP), Latin (sr-Latn-RS), Montenegrin (sr-Latn-ME, sr-ME).
  if (primary === 'sr') return parts.includes('me') ? 'sr-latn-me' : parts.includes('latn') ? 'sr-latn' : 'sr';
  if (primary === 'en') return parts[1] !== undefined && DITAOT_REGION_TEXT[`en-${parts[1]}`] !== undefined ? `en-${parts[1]}` : 'en';
  // A region with its own table (fr-CA, de-CH, pt-PT), else the language's (de-AT → de, pt-BR → pt).
  const region = parts.length > 1 ? `${primary}-${parts[parts.length - 1]}` : undefined;
  if (region !== undefined && DITAOT_REGION_TEXT[region] !== undefined) return region;
  return primary === 'en' || DITAOT_TEXT[primary] !== undefined ? primary : undefined;
}

/** Whether the engine has a language's own words for an xml:lang value (else it writes English). */
export function hasGeneratedText(lang: string): boolean {
  return tableLang(lang) !== undefined;
}

/**
 * Generated text for an xml:lang value: the language's DITA-OT terms (a region's own words over its
 * language's), with English for what a language's table lacks (as DITA-OT falls back to en-us).
 * Languages without a table get English: hasGeneratedText tells the publisher to say so.
 */
export function generatedText(lang: string | undefined): GeneratedText {
  const key = lang === undefined || lang.trim() === '' ? 'en' : (tableLang(lang) ?? 'en');
  let text = byLang.get(key);
  if (text === undefined) {
    const language = DITAOT_REGION_TEXT[key] !== undefined ? key.slice(0, key.indexOf('-')) : key;
    const layers = [DITAOT_TEXT[language], EXTRA_TEXT[language], ...(language !== key ? [DITAOT_REGION_TEXT[key], EXTRA_TEXT[key]] : [])];
    text = { ...EN, lang: key, notes: { ...EN.notes } };
    for (const layer of layers) if (layer !== undefined) text = { ...text, ...layer, lang: key, notes: { ...text.notes, ...layer.notes } };
    text = { ...text, notes: { ...text.notes, ...noteLabels(language, key) } };
    byLang.set(key, text);
  }
  return text;
}

/** Trouble and Notice in a language (a region's own over its language's), English where DITA-OT has none. */
function noteLabels(language: string, key: string): { trouble: string; notice: string } {
  const own = { ...DITAOT_NOTE_LABELS[language], ...(key !== language ? DITAOT_NOTE_LABELS[key] : undefined) };
  return { trouble: own.trouble ?? EN.notes.trouble ?? 'Trouble', notice: own.notice ?? EN.notes.notice ?? 'Notice' };
}

/** The languages (tables) the engine generates text in. */
export const GENERATED_LANGUAGES: readonly string[] = ['en', 'zh', ...Object.keys(DITAOT_TEXT), ...Object.keys(DITAOT_REGION_TEXT)];

/** Says that content in a language without a table gets English labels (never silently). */
export function warnNoGeneratedText(lang: string, at: Located, problems: ProblemList): void {
  problems.warning('lang-no-generated-text', `No generated text (labels, headings, link text) for xml:lang "${lang}": written in English`, at);
}

/** Languages written right to left (the page or element gets dir="rtl"). */
const RTL = new Set(['ar', 'he', 'iw', 'ur', 'fa', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);
export function isRightToLeft(lang: string | undefined): boolean {
  if (lang === undefined) return false;
  const parts = lang.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (parts.includes('arab') || parts.includes('hebr')) return true;
  if (parts.includes('latn') || parts.includes('cyrl')) return false;
  return RTL.has(parts[0] ?? '');
}
