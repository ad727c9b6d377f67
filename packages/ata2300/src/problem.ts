/** Spec 2300's own problems, located, in both languages (the S1000D package's Problem shape, without the file: the caller knows it). */
import type { Severity } from '@ccms/s1000d';

export interface Ata2300Problem {
  severity: Severity;
  code: Ata2300ProblemCode;
  /** English text. */
  message: string;
  messages: { zh: string; en: string };
  line: number;
  column: number;
}

type Params = Readonly<Record<string, string>>;

const TEXTS = {
  'ata-not-well-formed': { zh: (p: Params) => `XML 格式错误：${p.reason}`, en: (p: Params) => `The XML is not well-formed: ${p.reason}` },
  'ata-no-ident': { zh: (p: Params) => `缺少标识 <${p.element}>`, en: (p: Params) => `The identification <${p.element}> is missing` },
  'ata-no-code': {
    zh: (p: Params) => `标识中缺少 <${p.element}> 或其型号识别码`,
    en: (p: Params) => `The identification has no <${p.element}> with a model identification code`,
  },
  'ata-no-language': { zh: (p: Params) => `<${p.element}> 中缺少 <language>`, en: (p: Params) => `<${p.element}> has no <language>` },
  'ata-no-issue-date': {
    zh: (p: Params) => `issueInfo/@issueDate：“${p.value}”不是日期（YYYY-MM-DD）`,
    en: (p: Params) => `issueInfo/@issueDate: "${p.value}" is not a date (YYYY-MM-DD)`,
  },
  'ata-no-content': { zh: () => '数据模块的 <content> 中没有内容元素', en: () => 'The data module has no content element in <content>' },
  'ata-namespace': {
    zh: (p: Params) => `根元素的命名空间“${p.value}”不是 ATA Spec 2300 的 http://www.ataebiz.org/XMLSchema`,
    en: (p: Params) => `The root's namespace "${p.value}" is not ATA Spec 2300's http://www.ataebiz.org/XMLSchema`,
  },
  'ata-status-missing': {
    zh: (p: Params) => `数据模块 ${p.code} 没有状态文件（dmStatus）`,
    en: (p: Params) => `Data module ${p.code} has no status file (dmStatus)`,
  },
  'ata-status-orphan': {
    zh: (p: Params) => `状态文件所述的 ${p.code} 没有内容文件`,
    en: (p: Params) => `The status file speaks of ${p.code}, which has no content file`,
  },
  'ata-status-twice': {
    zh: (p: Params) => `${p.code} 有多个状态文件：${p.files}`,
    en: (p: Params) => `${p.code} has more than one status file: ${p.files}`,
  },
  'ata-status-date': {
    zh: (p: Params) => `状态文件的 dmContentIssueInfo/@issueDate（${p.status}）不是内容文件的签发日期（${p.content}）`,
    en: (p: Params) => `The status file's dmContentIssueInfo/@issueDate (${p.status}) is not the content file's issue date (${p.content})`,
  },
  'ata-xsd-no-schema': {
    zh: () => '对象的 xsi:schemaLocation 未为 ATA Spec 2300 命名空间指明模式：不做模式校验',
    en: () => "The object's xsi:schemaLocation names no schema for the ATA Spec 2300 namespace: not validated against a schema",
  },
  'ata-xsd-unknown-schema': {
    zh: (p: Params) => `已安装的模式包 ${p.source} 中没有 ${p.name}`,
    en: (p: Params) => `The installed schema package ${p.source} has no ${p.name}`,
  },
  'ata-xsd-unusable': { zh: (p: Params) => `模式 ${p.name} 无法编译：${p.reason}`, en: (p: Params) => `Schema ${p.name} does not compile: ${p.reason}` },
  'ata-xsd-invalid': { zh: (p: Params) => `不符合模式 ${p.name}：${p.reason}`, en: (p: Params) => `Not valid against ${p.name}: ${p.reason}` },
} as const;

export type Ata2300ProblemCode = keyof typeof TEXTS;

const WARNINGS: ReadonlySet<Ata2300ProblemCode> = new Set([
  'ata-status-missing',
  'ata-status-orphan',
  'ata-status-date',
  'ata-xsd-no-schema',
  'ata-xsd-unknown-schema',
  'ata-xsd-unusable',
]);

export function problem(code: Ata2300ProblemCode, at: { line: number; column: number }, params: Params): Ata2300Problem {
  const text = TEXTS[code];
  const en = text.en(params);
  return { severity: WARNINGS.has(code) ? 'warning' : 'error', code, message: en, messages: { zh: text.zh(params), en }, line: at.line, column: at.column };
}
