/**
 * What the visual view draws around the text so a topic reads as a writer reads it: note labels,
 * placeholders of empty elements, and readable forms of the parts it does not edit (the prolog's
 * metadata, index terms). zh and en; the model has no i18n instance, the view passes its language.
 */
import { decodeEntities, parseXml, type XmlElement, type XmlNode } from '../../shared/lossless-xml';

type Text = { zh: string; en: string };
const pick = (lang: string | undefined, t: Text) => (lang?.startsWith('en') ? t.en : t.zh);

const NOTE_LABELS: Record<string, Text> = {
  note: { zh: '注意', en: 'Note' },
  tip: { zh: '提示', en: 'Tip' },
  fastpath: { zh: '快捷方式', en: 'Fast path' },
  restriction: { zh: '限制', en: 'Restriction' },
  important: { zh: '重要', en: 'Important' },
  remember: { zh: '请记住', en: 'Remember' },
  attention: { zh: '注意', en: 'Attention' },
  caution: { zh: '小心', en: 'Caution' },
  notice: { zh: '须知', en: 'Notice' },
  danger: { zh: '危险', en: 'Danger' },
  warning: { zh: '警告', en: 'Warning' },
  trouble: { zh: '故障', en: 'Trouble' },
};

/** The label a note is shown with: its spectitle, its othertype (type="other"), or its type's name. */
export function noteLabel(attrs: Record<string, string>, lang?: string): string {
  if (attrs.spectitle?.trim()) return attrs.spectitle.trim();
  if (attrs.type === 'other' && attrs.othertype?.trim()) return attrs.othertype.trim();
  return pick(lang, NOTE_LABELS[attrs.type ?? 'note'] ?? (NOTE_LABELS.note as Text));
}

const PLACEHOLDERS: Record<string, Text> = {
  title: { zh: '标题', en: 'Title' },
  shortdesc: { zh: '简短描述', en: 'Short description' },
  p: { zh: '段落', en: 'Paragraph' },
  cmd: { zh: '步骤操作', en: 'Step command' },
  li: { zh: '列表项', en: 'List item' },
  sli: { zh: '列表项', en: 'List item' },
  dt: { zh: '术语', en: 'Term' },
  dd: { zh: '定义', en: 'Definition' },
  desc: { zh: '说明', en: 'Description' },
  note: { zh: '注释内容', en: 'Note text' },
  glossterm: { zh: '术语', en: 'Term' },
  codeblock: { zh: '代码', en: 'Code' },
  entry: { zh: '单元格', en: 'Cell' },
  stentry: { zh: '单元格', en: 'Cell' },
  // S1000D
  para: { zh: '段落', en: 'Paragraph' },
  notePara: { zh: '注释内容', en: 'Note text' },
  warningAndCautionPara: { zh: '警示内容', en: 'Warning or caution text' },
  listItem: { zh: '列表项', en: 'List item' },
  isolationStepQuestion: { zh: '隔离问题（是/否）', en: 'Isolation question (yes/no)' },
};

const ADMONITION_LABELS: Record<string, Text> = {
  warning: { zh: '警告', en: 'WARNING' },
  caution: { zh: '小心', en: 'CAUTION' },
};

/** The label an S1000D warning or caution is set apart with (undefined for other elements). */
export function admonitionLabel(element: string, lang?: string): string | undefined {
  const t = ADMONITION_LABELS[element];
  return t ? pick(lang, t) : undefined;
}

/** The greyed text an empty element shows, so it can be seen and clicked (its name when it has no label). */
export function placeholderOf(element: string, lang?: string): string {
  const t = PLACEHOLDERS[element];
  return t ? pick(lang, t) : `<${element}>`;
}

/** S1000D step numbers: 1, 2, ... in the main procedure, 1.1, 1.2 in a step's steps (as S1000D numbers them). */
export function s1000dStepNumber(parent: string | undefined, index: number): string {
  return parent ? `${parent}.${index + 1}` : String(index + 1);
}

/** Step numbers: 1. 2. 3. for steps, a. b. c. for substeps. */
export function stepNumber(index: number, nested: boolean): string {
  if (!nested) return `${index + 1}.`;
  let n = index;
  let s = '';
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `${s}.`;
}

const META_LABELS: Record<string, Text> = {
  metadata: { zh: '元数据', en: 'Metadata' },
  author: { zh: '作者', en: 'Author' },
  source: { zh: '来源', en: 'Source' },
  publisher: { zh: '出版者', en: 'Publisher' },
  copyright: { zh: '版权', en: 'Copyright' },
  created: { zh: '创建日期', en: 'Created' },
  revised: { zh: '修订日期', en: 'Revised' },
  golive: { zh: '生效日期', en: 'Go live' },
  expiry: { zh: '失效日期', en: 'Expires' },
  permissions: { zh: '权限', en: 'Permissions' },
  audience: { zh: '受众', en: 'Audience' },
  category: { zh: '类别', en: 'Category' },
  keyword: { zh: '关键词', en: 'Keywords' },
  indexterm: { zh: '索引词', en: 'Index terms' },
  prodinfo: { zh: '产品', en: 'Product' },
  resourceid: { zh: '资源 ID', en: 'Resource ID' },
  see: { zh: '参见', en: 'see' },
  seeAlso: { zh: '另参见', en: 'see also' },
  index: { zh: '索引', en: 'Index' },
};

const label = (key: string, lang?: string) => {
  const t = META_LABELS[key];
  return t ? pick(lang, t) : key;
};

const children = (el: XmlElement): XmlElement[] => el.children.filter((c): c is XmlElement => c.type === 'element');
const attr = (el: XmlElement, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The text of an element (whitespace collapsed), leaving out the children named in `skip`. */
function textOf(el: XmlElement | XmlNode, skip: ReadonlySet<string> = new Set()): string {
  const parts: string[] = [];
  const walk = (n: XmlNode) => {
    if (n.type === 'text') parts.push(decodeEntities(n.raw));
    else if (n.type === 'entity') parts.push(decodeEntities(n.raw));
    else if (n.type === 'cdata') parts.push(n.value);
    else if (n.type === 'element' && !skip.has(n.name)) for (const c of n.children) walk(c);
  };
  if (el.type === 'element') for (const c of el.children) walk(c);
  else walk(el);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const INDEX_PARTS = new Set(['indexterm', 'index-see', 'index-see-also', 'index-sort-as']);

/** An index term as the entries it makes: `printer › toner cartridge`, with its see/see-also. */
export function indextermPaths(el: XmlElement, lang?: string, prefix: string[] = []): string[] {
  const own = textOf(el, INDEX_PARTS);
  const path = own ? [...prefix, own] : prefix;
  const nested = children(el).filter((c) => c.name === 'indexterm');
  const refs = children(el)
    .filter((c) => c.name === 'index-see' || c.name === 'index-see-also')
    .map((c) => `(${label(c.name === 'index-see' ? 'see' : 'seeAlso', lang)} ${textOf(c, INDEX_PARTS) || [...indextermPathsOfChildren(c, lang)].join('; ')})`);
  if (nested.length === 0) return path.length > 0 ? [[path.join(' › '), ...refs].join(' ')] : [];
  return nested.flatMap((n) => indextermPaths(n, lang, path));
}

function indextermPathsOfChildren(el: XmlElement, lang?: string): string[] {
  return children(el)
    .filter((c) => c.name === 'indexterm')
    .flatMap((c) => indextermPaths(c, lang));
}

/** The readable text of an inline `<indexterm>` (`Index: printer › toner`). */
export function indextermText(xml: string, lang?: string): string {
  const root = parseXml(xml).root;
  const paths = root && root.name === 'indexterm' ? indextermPaths(root, lang) : [];
  return `${label('index', lang)}: ${paths.join('; ') || (root ? textOf(root) : xml)}`;
}

/** One line of the metadata panel: what it is and its values. */
export interface MetaRow {
  key: string;
  label: string;
  values: string[];
}

/** The prolog's metadata as labelled rows (authors, dates, keywords, index terms, ...), in the order first met. */
export function prologRows(xml: string, lang?: string): MetaRow[] {
  const root = parseXml(xml).root;
  const rows = new Map<string, MetaRow>();
  const add = (key: string, value: string | undefined, text?: string) => {
    const v = value?.trim();
    if (!v) return;
    const row = rows.get(key) ?? { key, label: text ?? label(key, lang), values: [] };
    row.values.push(v);
    rows.set(key, row);
  };
  const visit = (el: XmlElement) => {
    switch (el.name) {
      case 'metadata':
      case 'keywords':
      case 'critdates':
        for (const c of children(el)) visit(c);
        return;
      case 'created':
        add('created', attr(el, 'date'));
        return;
      case 'revised':
        add('revised', attr(el, 'modified'));
        if (attr(el, 'golive')) add('golive', attr(el, 'golive'));
        if (attr(el, 'expiry')) add('expiry', attr(el, 'expiry'));
        return;
      case 'copyright': {
        const years = children(el)
          .filter((c) => c.name === 'copyryear')
          .map((c) => attr(c, 'year') ?? '')
          .filter(Boolean);
        const holders = children(el)
          .filter((c) => c.name === 'copyrholder')
          .map((c) => textOf(c));
        add('copyright', `© ${[...years, ...holders].join(' ')}`);
        return;
      }
      case 'permissions':
        add('permissions', attr(el, 'view'));
        return;
      case 'audience':
        add(
          'audience',
          ['type', 'othertype', 'job', 'otherjob', 'experiencelevel', 'name']
            .map((a) => attr(el, a))
            .filter(Boolean)
            .join(', ') || textOf(el),
        );
        return;
      case 'prodinfo': {
        const name = children(el)
          .filter((c) => c.name === 'prodname')
          .map((c) => textOf(c))
          .join(' ');
        const versions = children(el)
          .flatMap((c) => (c.name === 'vrmlist' ? children(c) : [c]))
          .filter((c) => c.name === 'vrm')
          .map((c) => [attr(c, 'version'), attr(c, 'release'), attr(c, 'modification')].filter(Boolean).join('.'));
        add('prodinfo', [name, ...versions].filter(Boolean).join(' '));
        return;
      }
      case 'keyword':
        add('keyword', textOf(el));
        return;
      case 'indexterm':
        for (const p of indextermPaths(el, lang)) add('indexterm', p);
        return;
      case 'othermeta':
        add(`othermeta:${attr(el, 'name') ?? ''}`, attr(el, 'content'), attr(el, 'name') ?? 'othermeta');
        return;
      case 'data':
        add(`data:${attr(el, 'name') ?? ''}`, attr(el, 'value') ?? textOf(el), attr(el, 'name') ?? 'data');
        return;
      case 'resourceid':
        add('resourceid', attr(el, 'appid') ?? attr(el, 'appname') ?? attr(el, 'id'));
        return;
      default: {
        const text = textOf(el);
        const attrs = el.attrs.map((a) => `${a.name}=${a.value}`).join(', ');
        add(el.name, text || attrs, META_LABELS[el.name] ? undefined : el.name);
      }
    }
  };
  if (root) for (const c of children(root)) visit(c);
  return [...rows.values()];
}

/** The metadata panel's heading: "Metadata · Author, Keywords, Index terms" (no values, they open with the panel). */
export function prologSummary(rows: MetaRow[], lang?: string): string {
  const head = label('metadata', lang);
  return rows.length === 0 ? head : `${head} · ${rows.map((r) => r.label).join(lang?.startsWith('en') ? ', ' : '、')}`;
}

/** The dmCode attributes in the order a data module code is written (learn codes when present). */
const DMC_PARTS = [
  'modelIdentCode',
  'systemDiffCode',
  'systemCode',
  'subSystemCode+subSubSystemCode',
  'assyCode',
  'disassyCode+disassyCodeVariant',
  'infoCode+infoCodeVariant',
  'itemLocationCode',
  'learnCode+learnEventCode',
];

/** How an S1000D reference atom reads: a dmRef as its data module code, an internalRef as the id it points at. */
export function s1000dRefLabel(name: string, attrs: Record<string, string>, inner: string | null): string | undefined {
  if (name === 'internalRef' && attrs.internalRefId) return `→ ${attrs.internalRefId}`;
  // A CIR reference (functionalItemRef, partRef, ...): the key of the item it names.
  if (name !== 'dmRef' && name.endsWith('Ref') && Object.keys(attrs).length > 0) return `${name}: ${Object.values(attrs).join(' / ')}`;
  if (name !== 'dmRef' || !inner) return undefined;
  const code = /<dmCode\b([^>]*)\/?>/.exec(inner)?.[1];
  if (!code) return undefined;
  const a: Record<string, string> = {};
  for (const m of code.matchAll(/([\w:]+)\s*=\s*(["'])([^"']*)\2/g)) if (m[1]) a[m[1]] = m[3] ?? '';
  const parts = DMC_PARTS.map((p) =>
    p
      .split('+')
      .map((k) => a[k] ?? '')
      .join(''),
  ).filter((v) => v !== '');
  return `DMC-${parts.join('-')}`;
}

/** How a parts catalogue row is labelled: its figure and item number, and its indenture. */
export function catalogRowLabel(attrs: Record<string, string>, lang?: string): string {
  const item = `${attrs.figureNumber ?? ''}${attrs.figureNumberVariant ?? ''}-${attrs.item ?? ''}`;
  const indent = attrs.indenture ? pick(lang, { zh: ` · 缩进 ${attrs.indenture}`, en: ` · indenture ${attrs.indenture}` }) : '';
  return pick(lang, { zh: `项目 ${item}`, en: `Item ${item}` }) + indent;
}
