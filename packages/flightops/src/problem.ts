/** The profile's own problems, located, in both languages (the shape of the other standards' problems, without the file). */
export type Severity = 'error' | 'warning';

export interface FlightopsProblem {
  severity: Severity;
  code: FlightopsProblemCode;
  /** English text. */
  message: string;
  messages: { zh: string; en: string };
  line: number;
  column: number;
}

type Params = Readonly<Record<string, string>>;

const TEXTS = {
  'fo-not-well-formed': { zh: (p: Params) => `XML 格式错误：${p.reason}`, en: (p: Params) => `The XML is not well-formed: ${p.reason}` },
  'fo-root': {
    zh: (p: Params) => `根元素是 <${p.root}>，应为 <${p.expected}>`,
    en: (p: Params) => `The root is <${p.root}>, not <${p.expected}>`,
  },
  'fo-du-id': { zh: () => '<du> 缺少 id', en: () => '<du> has no id' },
  'fo-du-type': {
    zh: (p: Params) => `<du> 的 type“${p.value}”不是 ${p.allowed} 之一`,
    en: (p: Params) => `<du> type "${p.value}" is not one of ${p.allowed}`,
  },
  'fo-du-title': { zh: () => '<du> 缺少 <title>', en: () => '<du> has no <title>' },
  'fo-du-solution': { zh: (p: Params) => `DU ${p.id} 没有 <solution>`, en: (p: Params) => `DU ${p.id} has no <solution>` },
  'fo-solution-twice': {
    zh: (p: Params) => `解决方案 id“${p.id}”重复`,
    en: (p: Params) => `Solution id "${p.id}" is used twice`,
  },
  'fo-du-file-name': {
    zh: (p: Params) => `文件名应重复 DU 的 id：${p.id}.xml`,
    en: (p: Params) => `The file name should repeat the DU's id: ${p.id}.xml`,
  },
  'fo-psl-ref': { zh: () => '<duRef> 缺少 ref', en: () => '<duRef> has no ref' },
  'fo-psl-title': {
    zh: (p: Params) => `<${p.element}> 缺少 <title>`,
    en: (p: Params) => `<${p.element}> has no <title>`,
  },
  'fo-psl-twice': { zh: (p: Params) => `PSL 多次列出 DU ${p.ref}`, en: (p: Params) => `The PSL lists DU ${p.ref} more than once` },
  'fo-psl-missing': { zh: (p: Params) => `PSL 引用的 DU ${p.ref} 不存在`, en: (p: Params) => `The PSL names DU ${p.ref}, which the library does not hold` },
  'fo-du-twice': { zh: (p: Params) => `DU ${p.id} 已在 ${p.other} 中`, en: (p: Params) => `DU ${p.id} is also in ${p.other}` },
  'fo-fleet-msn': { zh: () => '<aircraft> 缺少 msn', en: () => '<aircraft> has no msn' },
  'fo-fleet-twice': { zh: (p: Params) => `机队中 MSN ${p.msn} 重复`, en: (p: Params) => `MSN ${p.msn} is in the fleet twice` },
} as const;

export type FlightopsProblemCode = keyof typeof TEXTS;

const WARNINGS: ReadonlySet<FlightopsProblemCode> = new Set(['fo-du-file-name', 'fo-psl-twice', 'fo-psl-missing']);

export function problem(code: FlightopsProblemCode, at: { line: number; column: number }, params: Params = {}): FlightopsProblem {
  const text = TEXTS[code];
  const en = text.en(params);
  return { severity: WARNINGS.has(code) ? 'warning' : 'error', code, message: en, messages: { zh: text.zh(params), en }, line: at.line, column: at.column };
}
