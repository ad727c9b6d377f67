import type { KeyDefinition, KeyScope } from '../keys/key-space.js';
import { keyLinkText, keyVariableContent } from '../keys/key-space.js';
import { isExternalHref, splitHref, splitHrefKey } from '../map/map-resolver.js';
import { BODY_ELEMENTS, isTopic } from '../model/dita-elements.js';
import type { ProblemList } from '../problems/problem.js';
import { resolveRelative } from '../source/file-source.js';
import type { Flag, XmlElement, XmlNode } from '../xml/xml-dom.js';
import { childElements, firstChild, textContent } from '../xml/xml-dom.js';
import type { GeneratedText } from './generated-text.js';
import { escapeAttr, escapeText, htmlId } from './html-escape.js';

export interface LinkTarget {
  url: string;
  /** Rendered (HTML) title of the target, for links without text. */
  title?: string;
  shortdesc?: string;
  type?: string;
}

/** What the renderer needs from the publication: links, keys, images, code files. */
export interface RenderEnv {
  text: GeneratedText;
  scope: KeyScope;
  problems: ProblemList;
  /** Link to a DITA file (root-relative) and fragment, relative to the page being written. */
  link: (file: string, fragment: string | undefined) => LinkTarget | undefined;
  /** URL of a non-DITA local file (image, object), which the publisher copies. */
  resource: (file: string) => string;
  /** Text of a local file for coderef. */
  codeText: (file: string) => string | undefined;
  onKey: (key: string) => void;
  draft: boolean;
}

interface State {
  env: RenderEnv;
  topicId: string;
  fig: number;
  table: number;
  footnotes: string[];
}

const INLINE_TAGS: Record<string, string> = {
  b: 'strong',
  i: 'em',
  u: 'u',
  tt: 'code',
  sup: 'sup',
  sub: 'sub',
  'line-through': 's',
  overline: 'span',
  codeph: 'code',
  filepath: 'span',
  cmdname: 'span',
  parmname: 'code',
  apiname: 'code',
  option: 'code',
  varname: 'var',
  var: 'var',
  systemoutput: 'samp',
  userinput: 'kbd',
  uicontrol: 'span',
  wintitle: 'span',
  msgph: 'samp',
  msgnum: 'span',
  synph: 'code',
  kwd: 'code',
  oper: 'code',
  delim: 'code',
  sep: 'code',
  repsep: 'code',
  cite: 'cite',
  term: 'dfn',
  keyword: 'span',
  ph: 'span',
  tm: 'span',
  q: 'q',
  abbreviated: 'abbr',
  shortcut: 'span',
  screen: 'pre',
  text: 'span',
};

const BLOCK_DIVS = new Set([
  'div',
  'bodydiv',
  'sectiondiv',
  'refbodydiv',
  'glossdef',
  'glossUsage',
  'glossScopeNote',
  'info',
  'stepxmp',
  'stepresult',
  'tutorialinfo',
  'itemgroup',
  'figgroup',
  'responsibleParty',
  'troubleSolution',
  'data-about',
  'lines',
]);
const SKIP = new Set([
  'prolog',
  'titlealts',
  'indexterm',
  'index-see',
  'index-see-also',
  'index-sort-as',
  'data',
  'foreign',
  'unknown',
  'required-cleanup',
  'resourceid',
  'navtitle',
  'searchtitle',
  'related-links',
  'glossAlt',
  'glossStatus',
  'glossPartOfSpeech',
  'glossProperty',
  'glossSymbol',
  'draft-comment',
]);
/** Task sections with a generated heading. */
const TASK_SECTIONS: Record<string, keyof GeneratedText> = {
  prereq: 'prereq',
  context: 'context',
  result: 'result',
  postreq: 'postreq',
  tasktroubleshooting: 'troubleshooting',
};

export function attrs(el: XmlElement, state: State, cls: string, extra = ''): string {
  let out = '';
  const id = el.attrs.id;
  if (id !== undefined && !isTopic(el)) out += ` id="${escapeAttr(htmlId(`${state.topicId}__${id}`))}"`;
  const oc = el.attrs.outputclass;
  const classes = oc ? `${cls} ${oc}` : cls;
  if (classes) out += ` class="${escapeAttr(classes)}"`;
  if (el.attrs['xml:lang']) out += ` lang="${escapeAttr(el.attrs['xml:lang'])}"`;
  const style = flagStyle(el.flags);
  if (style) out += ` style="${escapeAttr(style)}"`;
  return out + extra;
}

function flagStyle(flags: Flag[] | undefined): string {
  if (flags === undefined) return '';
  const parts: string[] = [];
  for (const f of flags) {
    if (f.color) parts.push(`color:${f.color}`);
    if (f.backcolor) parts.push(`background-color:${f.backcolor}`);
    for (const s of f.style ?? []) {
      if (s === 'bold') parts.push('font-weight:bold');
      else if (s === 'italics') parts.push('font-style:italic');
      else if (s === 'underline') parts.push('text-decoration:underline');
      else if (s === 'double-underline') parts.push('text-decoration:underline double');
      else if (s === 'overline') parts.push('text-decoration:overline');
      else if (s === 'line-through') parts.push('text-decoration:line-through');
    }
    if (f.changebar !== undefined) parts.push('border-left:3px solid currentColor;padding-left:4px');
  }
  return parts.join(';');
}

function flagImg(src: string | undefined, alt: string | undefined, env: RenderEnv, cls: string): string {
  if (src === undefined) return alt ? `<span class="${cls}">${escapeText(alt)}</span>` : '';
  const url = isExternalHref(src) ? src : env.resource(src);
  return `<img class="${cls}" src="${escapeAttr(url)}" alt="${escapeAttr(alt ?? '')}">`;
}

function startFlags(el: XmlElement, env: RenderEnv): string {
  if (el.flags === undefined) return '';
  return el.flags.map((f) => flagImg(f.startImage, f.startAlt, env, 'flag flag-start')).join('');
}

function endFlags(el: XmlElement, env: RenderEnv): string {
  if (el.flags === undefined) return '';
  return el.flags.map((f) => flagImg(f.endImage, f.endAlt, env, 'flag flag-end')).join('');
}

const BLOCK_CHILDREN = new Set([
  'ul',
  'ol',
  'sl',
  'dl',
  'parml',
  'table',
  'simpletable',
  'properties',
  'note',
  'codeblock',
  'pre',
  'msgblock',
  'screen',
  'fig',
  'lq',
  'lines',
  'object',
  'div',
  'hazardstatement',
]);

function hasBlockChild(el: XmlElement): boolean {
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    if (BLOCK_CHILDREN.has(c.name) || (c.name === 'image' && c.attrs.placement === 'break')) return true;
  }
  return false;
}

function hasContent(el: XmlElement): boolean {
  for (const c of el.children) {
    if (c.type === 'element') return true;
    if (c.text.trim() !== '') return true;
  }
  return false;
}

/**
 * Where a peer link (another publication, published alongside) points in output: its DITA files are pages too,
 * and its topic/element fragments use this engine's anchors.
 */
export function peerUrl(href: string, format: string | undefined): string {
  if (isExternalHref(href) || (format !== undefined && format !== 'dita')) return href;
  const { path, fragment } = splitHref(href);
  if (!/\.(dita|xml)$/i.test(path)) return href;
  const page = path.replace(/\.(dita|xml)$/i, '.html');
  return fragment === undefined || fragment === '' ? page : `${page}#${htmlId(fragment.replace('/', '__'))}`;
}

/** Renders one topic (with nested topics) to an <article>. */
export function renderTopic(topic: XmlElement, env: RenderEnv, level = 1): { html: string; footnotes: string[] } {
  const state: State = { env, topicId: topic.attrs.id ?? 'topic', fig: 0, table: 0, footnotes: [] };
  const html = topicHtml(topic, state, level);
  return { html, footnotes: state.footnotes };
}

function topicHtml(topic: XmlElement, state: State, level: number): string {
  const prevTopic = state.topicId;
  state.topicId = topic.attrs.id ?? prevTopic;
  const h = Math.min(level, 6);
  let out = `<article id="${escapeAttr(htmlId(state.topicId))}" class="topic ${topic.name}${topic.attrs.outputclass ? ` ${escapeAttr(topic.attrs.outputclass)}` : ''}"${
    topic.attrs['xml:lang'] ? ` lang="${escapeAttr(topic.attrs['xml:lang'])}"` : ''
  }${flagStyle(topic.flags) ? ` style="${escapeAttr(flagStyle(topic.flags))}"` : ''}>`;
  out += startFlags(topic, state.env);
  for (const c of childElements(topic)) {
    if (c.name === 'title' || c.name === 'glossterm') out += `<h${h} class="title topictitle${h}">${inline(c.children, state)}</h${h}>`;
    else if (c.name === 'shortdesc' || c.name === 'glossdef') out += `<p${attrs(c, state, 'shortdesc')}>${inline(c.children, state)}</p>`;
    else if (c.name === 'abstract') out += `<div${attrs(c, state, 'abstract')}>${blocks(c.children, state, level)}</div>`;
    else if (BODY_ELEMENTS.has(c.name)) out += `<div${attrs(c, state, `body ${c.name}`)}>${blocks(c.children, state, level)}</div>`;
    else if (isTopic(c)) out += topicHtml(c, state, level + 1);
  }
  out += endFlags(topic, state.env);
  out += '</article>';
  state.topicId = prevTopic;
  return out;
}

function blocks(nodes: readonly XmlNode[], state: State, level: number): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text') {
      if (n.text.trim() !== '') out += escapeText(n.text);
    } else out += element(n, state, level);
  }
  return out;
}

function inline(nodes: readonly XmlNode[], state: State): string {
  let out = '';
  for (const n of nodes) out += n.type === 'text' ? escapeText(n.text) : element(n, state, 2);
  return out;
}

function mixed(el: XmlElement, state: State, level: number): string {
  return inline(el.children, state).trim() === '' ? '' : blocksOrInline(el, state, level);
}

function blocksOrInline(el: XmlElement, state: State, level: number): string {
  let out = '';
  for (const n of el.children) out += n.type === 'text' ? escapeText(n.text) : element(n, state, level);
  return out;
}

function sectionTitle(el: XmlElement, state: State, level: number): { title: string; rest: XmlNode[] } {
  const t = firstChild(el, 'title');
  const h = Math.min(level + 1, 6);
  return {
    title: t !== undefined ? `<h${h} class="title sectiontitle">${inline(t.children, state)}</h${h}>` : '',
    rest: el.children.filter((c) => c !== t),
  };
}

function element(el: XmlElement, state: State, level: number): string {
  const { env } = state;
  const name = el.name;
  if (SKIP.has(name)) {
    if (name === 'draft-comment' && env.draft) return `<div${attrs(el, state, 'draft-comment')}>${blocksOrInline(el, state, level)}</div>`;
    return '';
  }
  const pre = el.flags !== undefined ? startFlags(el, env) : '';
  const post = el.flags !== undefined ? endFlags(el, env) : '';
  return pre + elementBody(el, state, level) + post;
}

function elementBody(el: XmlElement, state: State, level: number): string {
  const { env } = state;
  const name = el.name;
  if (isTopic(el)) return topicHtml(el, state, level + 1);
  switch (name) {
    case 'p':
      // HTML's <p> cannot hold lists or tables: use a div then, as DITA-OT does.
      return hasBlockChild(el)
        ? `<div${attrs(el, state, 'p')}>${blocksOrInline(el, state, level)}</div>`
        : `<p${attrs(el, state, 'p')}>${blocksOrInline(el, state, level)}</p>`;
    case 'section':
    case 'example':
    case 'refsyn':
    case 'prereq':
    case 'context':
    case 'result':
    case 'postreq':
    case 'tasktroubleshooting':
    case 'steps-informal':
    case 'condition':
    case 'cause':
    case 'remedy':
    case 'glossBody': {
      const { title, rest } = sectionTitle(el, state, level);
      const gen = TASK_SECTIONS[name] ?? (name === 'example' ? 'example' : name === 'condition' || name === 'cause' || name === 'remedy' ? name : undefined);
      const h = Math.min(level + 1, 6);
      const genTitle = title === '' && gen !== undefined ? `<h${h} class="title sectiontitle tasklabel">${escapeText(String(env.text[gen]))}</h${h}>` : title;
      return `<section${attrs(el, state, `section ${name}`)}>${genTitle}${blocks(rest, state, level)}</section>`;
    }
    case 'ul':
    case 'ol':
      return `<${name}${attrs(el, state, name)}>${blocks(el.children, state, level)}</${name}>`;
    case 'sl':
      return `<ul${attrs(el, state, 'sl simple')}>${blocks(el.children, state, level)}</ul>`;
    case 'li':
    case 'sli':
      return `<li${attrs(el, state, name)}>${blocksOrInline(el, state, level)}</li>`;
    case 'dl':
    case 'parml':
      return `<dl${attrs(el, state, name)}>${blocks(el.children, state, level)}</dl>`;
    case 'dlhead':
      return '';
    case 'dlentry':
    case 'plentry':
      return blocks(el.children, state, level);
    case 'dt':
    case 'pt':
      return `<dt${attrs(el, state, name)}>${inline(el.children, state)}</dt>`;
    case 'dd':
    case 'pd':
      return `<dd${attrs(el, state, name)}>${blocksOrInline(el, state, level)}</dd>`;
    case 'note':
    case 'hazardstatement':
      return note(el, state, level);
    case 'lq':
      return `<blockquote${attrs(el, state, 'lq')}>${blocksOrInline(el, state, level)}</blockquote>`;
    case 'codeblock':
    case 'pre':
    case 'msgblock':
    case 'screen':
      return `<pre${attrs(el, state, name)}><code>${preformatted(el, state)}</code></pre>`;
    case 'lines':
      return `<p${attrs(el, state, 'lines')} style="white-space:pre-wrap">${preformatted(el, state)}</p>`;
    case 'coderef':
      return coderef(el, state);
    case 'fig': {
      const t = firstChild(el, 'title');
      const d = firstChild(el, 'desc');
      let cap = '';
      if (t !== undefined) {
        state.fig++;
        cap = `<figcaption><span class="fig--title-label">${escapeText(env.text.figure)} ${state.fig}. </span>${inline(t.children, state)}</figcaption>`;
      }
      const rest = el.children.filter((c) => c !== t && c !== d);
      return `<figure${attrs(el, state, 'fig')}>${cap}${blocks(rest, state, level)}${d !== undefined ? `<p class="figdesc">${inline(d.children, state)}</p>` : ''}</figure>`;
    }
    case 'image':
      return image(el, state);
    case 'object':
      return objectEl(el, state);
    case 'xref':
      return xref(el, state);
    case 'fn':
      return footnote(el, state);
    case 'table':
      return calsTable(el, state, level);
    case 'simpletable':
    case 'properties':
    case 'choicetable':
      return simpleTable(el, state, level);
    case 'steps':
    case 'steps-unordered':
    case 'substeps': {
      const tag = name === 'steps-unordered' ? 'ul' : 'ol';
      const h = Math.min(level + 1, 6);
      const heading = name === 'substeps' ? '' : `<h${h} class="title sectiontitle tasklabel">${escapeText(env.text.steps)}</h${h}>`;
      const list = `<${tag}${attrs(el, state, name)}>${blocks(el.children, state, level)}</${tag}>`;
      return name === 'substeps' ? list : `<section class="section steps">${heading}${list}</section>`;
    }
    case 'step':
    case 'substep': {
      const imp = el.attrs.importance;
      const label =
        imp === 'optional'
          ? `<span class="importance">${escapeText(env.text.optional)}${escapeText(env.text.colon)}</span>`
          : imp === 'required'
            ? `<span class="importance">${escapeText(env.text.required)}${escapeText(env.text.colon)}</span>`
            : '';
      return `<li${attrs(el, state, name)}>${label}${blocks(el.children, state, level)}</li>`;
    }
    case 'cmd':
      return `<span${attrs(el, state, 'cmd')}>${inline(el.children, state)}</span>`;
    case 'stepsection':
      return `<li${attrs(el, state, 'stepsection')}>${blocksOrInline(el, state, level)}</li>`;
    case 'choices':
      return `<ul${attrs(el, state, 'choices')}>${blocks(el.children, state, level)}</ul>`;
    case 'choice':
      return `<li${attrs(el, state, 'choice')}>${blocksOrInline(el, state, level)}</li>`;
    case 'xmlelement':
      return `<code${attrs(el, state, 'xmlelement')}>&lt;${inline(el.children, state)}&gt;</code>`;
    case 'xmlatt':
      return `<code${attrs(el, state, 'xmlatt')}>@${inline(el.children, state)}</code>`;
    case 'xmlpi':
      return `<code${attrs(el, state, 'xmlpi')}>&lt;?${inline(el.children, state)}?&gt;</code>`;
    case 'xmlnsname':
    case 'textentity':
    case 'parameterentity':
    case 'numcharref':
      return `<code${attrs(el, state, name)}>${inline(el.children, state)}</code>`;
    case 'menucascade': {
      const parts = [...childElements(el)].map((c) => element(c, state, level));
      return `<span${attrs(el, state, 'menucascade')}>${parts.join('<abbr title="and then"> &gt; </abbr>')}</span>`;
    }
    case 'desc':
      return `<p${attrs(el, state, 'desc')}>${blocksOrInline(el, state, level)}</p>`;
    case 'title':
      return `<p class="title">${inline(el.children, state)}</p>`;
    case 'shortdesc':
      return `<p${attrs(el, state, 'shortdesc')}>${inline(el.children, state)}</p>`;
    case 'syntaxdiagram':
    case 'groupseq':
    case 'groupchoice':
    case 'groupcomp':
    case 'fragment':
    case 'fragref':
    case 'synblk':
      return `<span${attrs(el, state, name)}>${inline(el.children, state)}</span>`;
    case 'glossAbbreviation':
    case 'glossAcronym':
    case 'glossShortForm':
    case 'glossSynonym':
      return `<p${attrs(el, state, name)}>${inline(el.children, state)}</p>`;
    case 'tm': {
      const mark = el.attrs.tmtype === 'reg' ? '®' : el.attrs.tmtype === 'service' ? '℠' : '™';
      return `<span${attrs(el, state, 'tm')}>${inline(el.children, state)}<sup>${mark}</sup></span>`;
    }
    default:
      break;
  }
  if (
    el.attrs.keyref !== undefined &&
    (name === 'keyword' ||
      name === 'ph' ||
      name === 'term' ||
      name === 'abbreviated-form' ||
      name === 'text' ||
      name === 'cite' ||
      name === 'dt' ||
      INLINE_TAGS[name] !== undefined)
  ) {
    return keyedPhrase(el, state);
  }
  const tag = INLINE_TAGS[name];
  if (tag !== undefined) return `<${tag}${attrs(el, state, name)}>${inline(el.children, state)}</${tag}>`;
  if (BLOCK_DIVS.has(name)) return `<div${attrs(el, state, name)}>${blocksOrInline(el, state, level)}</div>`;
  return `<span${attrs(el, state, name)}>${mixed(el, state, level)}</span>`;
}

function note(el: XmlElement, state: State, level: number): string {
  const type = el.attrs.type ?? 'note';
  const label =
    type === 'other' ? (el.attrs.othertype ?? state.env.text.notes.note ?? 'Note') : (state.env.text.notes[type] ?? state.env.text.notes.note ?? 'Note');
  return `<div${attrs(el, state, `note note_${type}`)}><span class="note__title">${escapeText(label ?? '')}${escapeText(state.env.text.colon)}</span> ${blocksOrInline(el, state, level)}</div>`;
}

function preformatted(el: XmlElement, state: State): string {
  let out = '';
  for (const c of el.children) {
    if (c.type === 'text') out += escapeText(c.text);
    else if (c.name === 'coderef') out += coderefText(c, state);
    else out += element(c, state, 2);
  }
  return out;
}

function coderefText(el: XmlElement, state: State): string {
  const href = el.attrs.href;
  if (href === undefined) return '';
  const { path, fragment } = splitHref(href);
  const file = resolveRelative(el.file, path);
  const text = file !== undefined ? state.env.codeText(file) : undefined;
  if (text === undefined) return '';
  return escapeText(codeFragment(text.replace(/\r\n/g, '\n'), fragment).replace(/\n$/, ''));
}

/** DITA-OT's coderef fragments: #line-range(a,b), #line=a,b and #token=start,end. */
export function codeFragment(text: string, fragment: string | undefined): string {
  if (fragment === undefined) return text;
  const lines = text.split('\n');
  const range = /^line-range\((\d+)(?:,\s*(\d+))?\)$/.exec(fragment) ?? /^line=(\d+)(?:,(\d+))?$/.exec(fragment);
  if (range !== null) {
    const a = Number(range[1]);
    const b = range[2] !== undefined ? Number(range[2]) : lines.length;
    return lines.slice(a - 1, b).join('\n');
  }
  const token = /^token=([^,]+)(?:,(.+))?$/.exec(fragment);
  if (token !== null) {
    const start = token[1] ?? '';
    const end = token[2];
    const i = lines.findIndex((l) => l.includes(start));
    if (i < 0) return text;
    const j = end !== undefined ? lines.findIndex((l, k) => k > i && l.includes(end)) : -1;
    return lines.slice(i + 1, j < 0 ? lines.length : j).join('\n');
  }
  return text;
}

function coderef(el: XmlElement, state: State): string {
  return `<pre class="codeblock"><code>${coderefText(el, state)}</code></pre>`;
}

function keyDefFor(el: XmlElement, state: State): { def: KeyDefinition | undefined; key: string; fragment: string | undefined } {
  const keyref = el.attrs.keyref ?? '';
  const { path: key, fragment } = splitHrefKey(keyref);
  state.env.onKey(key);
  return { def: state.env.scope.resolve(key), key, fragment };
}

function renderNodes(nodes: readonly XmlNode[], state: State): string {
  return inline(nodes, state);
}

/** ph/keyword/term with @keyref: text from the key when empty; a link when the key points at something. */
function keyedPhrase(el: XmlElement, state: State): string {
  const { def, fragment } = keyDefFor(el, state);
  const tag = INLINE_TAGS[el.name] ?? 'span';
  let content = hasContent(el) ? inline(el.children, state) : '';
  if (def !== undefined && content === '') {
    const nodes = keyVariableContent(def);
    if (nodes !== undefined) content = renderNodes(nodes, state);
  }
  let link: LinkTarget | undefined;
  if (def?.href !== undefined) {
    link =
      def.scope !== 'local' || isExternalHref(def.href)
        ? { url: def.href }
        : state.env.link(def.href, fragment !== undefined ? `${def.fragment ?? ''}/${fragment}` : def.fragment);
    if (content === '' && link?.title !== undefined) content = link.title;
  }
  const inner = `<${tag}${attrs(el, state, el.name)}>${content}</${tag}>`;
  if (link !== undefined && el.name !== 'ph' && el.name !== 'cite' && def?.href !== undefined) {
    const ext = def.scope === 'external' ? ' target="_blank" rel="external noopener"' : '';
    return `<a class="keylink" href="${escapeAttr(link.url)}"${ext}>${inner}</a>`;
  }
  return inner;
}

function xref(el: XmlElement, state: State): string {
  const { env } = state;
  let url: string | undefined;
  let title: string | undefined;
  let external = el.attrs.scope === 'external';
  const content = hasContent(el)
    ? inline(
        el.children.filter((c) => !(c.type === 'element' && c.name === 'desc')),
        state,
      )
    : '';
  if (el.attrs.keyref !== undefined) {
    const { def, fragment } = keyDefFor(el, state);
    if (def !== undefined) {
      if (def.href !== undefined) {
        if (def.scope !== 'local' || isExternalHref(def.href)) {
          url = def.href;
          external = def.scope === 'external';
        } else {
          const target = env.link(def.href, fragment !== undefined ? `${def.fragment ?? ''}/${fragment}` : def.fragment);
          url = target?.url;
          title = target?.title;
        }
      }
      const lt = keyLinkText(def);
      if (lt !== undefined && content === '') title = renderNodes(lt, state);
    }
  }
  if (url === undefined && el.attrs.href !== undefined) {
    const href = el.attrs.href;
    if (isExternalHref(href) || el.attrs.scope === 'external' || el.attrs.scope === 'peer') {
      url = el.attrs.scope === 'peer' ? peerUrl(href, el.attrs.format) : href;
      external = el.attrs.scope !== 'peer';
    } else {
      const { path, fragment } = splitHref(href);
      const format = el.attrs.format;
      const file = path === '' ? el.file : resolveRelative(el.file, path);
      if (file !== undefined) {
        if (format !== undefined && format !== 'dita' && format !== 'ditamap') url = env.resource(file) + (fragment !== undefined ? `#${fragment}` : '');
        else {
          const frag = fragment?.startsWith('./') ? `${state.topicId}/${fragment.slice(2)}` : fragment;
          const target = env.link(file, frag);
          url = target?.url;
          title ??= target?.title;
        }
      }
    }
  }
  const text = content !== '' ? content : (title ?? escapeText(el.attrs.href ?? el.attrs.keyref ?? ''));
  if (url === undefined) return `<span${attrs(el, state, 'xref')}>${text}</span>`;
  const ext = external ? ' target="_blank" rel="external noopener"' : '';
  return `<a${attrs(el, state, 'xref')} href="${escapeAttr(url)}"${ext}>${text}</a>`;
}

function image(el: XmlElement, state: State): string {
  const { env } = state;
  let src: string | undefined;
  if (el.attrs.keyref !== undefined) {
    const { def } = keyDefFor(el, state);
    if (def?.href !== undefined) src = def.scope === 'local' && !isExternalHref(def.href) ? env.resource(def.href) : def.href;
  }
  if (src === undefined && el.attrs.href !== undefined) {
    const href = el.attrs.href;
    if (isExternalHref(href) || el.attrs.scope === 'external') src = href;
    else {
      const file = resolveRelative(el.file, href);
      if (file !== undefined) src = env.resource(file);
    }
  }
  const altEl = firstChild(el, 'alt');
  const alt = altEl !== undefined ? textContent(altEl) : (el.attrs.alt ?? '');
  let size = '';
  for (const a of ['width', 'height']) {
    const v = el.attrs[a];
    if (v !== undefined) {
      const m = /^([\d.]+)(px)?$/.exec(v);
      size += m !== null ? ` ${a}="${m[1]}"` : '';
    }
  }
  const img = `<img${attrs(el, state, 'image')} src="${escapeAttr(src ?? '')}" alt="${escapeAttr(alt.trim())}"${size}>`;
  return el.attrs.placement === 'break' ? `<div class="imageblock${el.attrs.align ? ` image-${escapeAttr(el.attrs.align)}` : ''}">${img}</div>` : img;
}

function objectEl(el: XmlElement, state: State): string {
  const data = el.attrs.data;
  const url =
    data === undefined
      ? ''
      : isExternalHref(data)
        ? data
        : (() => {
            const f = resolveRelative(el.file, data);
            return f !== undefined ? state.env.resource(f) : data;
          })();
  const desc = firstChild(el, 'desc');
  return `<object${attrs(el, state, 'object')} data="${escapeAttr(url)}"${el.attrs.type ? ` type="${escapeAttr(el.attrs.type)}"` : ''}>${desc !== undefined ? inline(desc.children, state) : ''}</object>`;
}

function footnote(el: XmlElement, state: State): string {
  const n = state.footnotes.length + 1;
  const id = `fn_${htmlId(state.topicId)}_${n}`;
  state.footnotes.push(`<li id="${id}" class="fn">${inline(el.children, state)} <a href="#${id}_ref" class="fn-back">↩</a></li>`);
  return `<sup class="fnref"><a id="${id}_ref" href="#${id}">${n}</a></sup>`;
}

function tableCaption(el: XmlElement, state: State): string {
  const t = firstChild(el, 'title');
  const d = firstChild(el, 'desc');
  if (t === undefined && d === undefined) return '';
  let cap = '';
  if (t !== undefined) {
    state.table++;
    cap += `<span class="table--title-label">${escapeText(state.env.text.table)} ${state.table}. </span><span class="title">${inline(t.children, state)}</span>`;
  }
  if (d !== undefined) cap += `<span class="tabledesc">${inline(d.children, state)}</span>`;
  return `<caption>${cap}</caption>`;
}

/** CALS table with column specs, spans (namest/nameend, spanname) and row spans (morerows). */
function calsTable(el: XmlElement, state: State, level: number): string {
  const frame = el.attrs.frame ?? 'all';
  let out = `<table${attrs(el, state, `table frame-${frame}`)}>${tableCaption(el, state)}`;
  for (const tgroup of childElements(el)) {
    if (tgroup.name !== 'tgroup') continue;
    const colspecs = [...childElements(tgroup)].filter((c) => c.name === 'colspec');
    const spanspecs = new Map<string, XmlElement>();
    for (const s of childElements(tgroup)) if (s.name === 'spanspec' && s.attrs.spanname) spanspecs.set(s.attrs.spanname, s);
    const cols = Number(tgroup.attrs.cols ?? colspecs.length) || colspecs.length || 1;
    const colIndex = new Map<string, number>();
    let ci = 0;
    const widths: number[] = [];
    for (const cs of colspecs) {
      ci = cs.attrs.colnum !== undefined ? Number(cs.attrs.colnum) - 1 : ci;
      if (cs.attrs.colname) colIndex.set(cs.attrs.colname, ci);
      const w = /^([\d.]+)\*$/.exec(cs.attrs.colwidth ?? '');
      widths[ci] = w !== null ? Number(w[1]) : 1;
      ci++;
    }
    const total = widths.reduce((a, b) => a + (b ?? 1), 0);
    if (colspecs.length > 0 && total > 0) {
      out += '<colgroup>';
      for (let i = 0; i < cols; i++) out += `<col style="width:${(((widths[i] ?? 1) / total) * 100).toFixed(2)}%">`;
      out += '</colgroup>';
    }
    for (const part of childElements(tgroup)) {
      if (part.name !== 'thead' && part.name !== 'tbody') continue;
      const tag = part.name;
      out += `<${tag}>`;
      const occupied: number[] = new Array(cols).fill(0);
      for (const row of childElements(part)) {
        if (row.name !== 'row') continue;
        out += `<tr${attrs(row, state, 'row')}>`;
        let col = 0;
        for (const entry of childElements(row)) {
          if (entry.name !== 'entry') continue;
          while (col < cols && (occupied[col] ?? 0) > 0) col++;
          const span = entry.attrs.spanname !== undefined ? spanspecs.get(entry.attrs.spanname) : undefined;
          const namest = entry.attrs.namest ?? span?.attrs.namest;
          const nameend = entry.attrs.nameend ?? span?.attrs.nameend;
          if (entry.attrs.colname !== undefined && colIndex.has(entry.attrs.colname)) col = colIndex.get(entry.attrs.colname) ?? col;
          if (namest !== undefined && colIndex.has(namest)) col = colIndex.get(namest) ?? col;
          let colspan = 1;
          if (namest !== undefined && nameend !== undefined) {
            const a = colIndex.get(namest);
            const b = colIndex.get(nameend);
            if (a !== undefined && b !== undefined && b >= a) colspan = b - a + 1;
          }
          const rowspan = Number(entry.attrs.morerows ?? 0) + 1;
          for (let k = col; k < col + colspan && k < cols; k++) occupied[k] = rowspan;
          const cell = tag === 'thead' || (el.attrs.rowheader === 'firstcol' && col === 0) ? 'th' : 'td';
          const align = entry.attrs.align ?? '';
          const valign = entry.attrs.valign ?? '';
          const style = [align ? `text-align:${align}` : '', valign ? `vertical-align:${valign}` : ''].filter(Boolean).join(';');
          out += `<${cell}${attrs(entry, state, 'entry')}${colspan > 1 ? ` colspan="${colspan}"` : ''}${rowspan > 1 ? ` rowspan="${rowspan}"` : ''}${style ? ` style="${style}"` : ''}>${blocksOrInline(entry, state, level)}</${cell}>`;
          col += colspan;
        }
        for (let k = 0; k < cols; k++) if ((occupied[k] ?? 0) > 0) occupied[k] = (occupied[k] ?? 1) - 1;
        out += '</tr>';
      }
      out += `</${tag}>`;
    }
  }
  return `${out}</table>`;
}

const SIMPLE_HEAD: Record<string, string> = { sthead: 'sthead', prophead: 'prophead', chhead: 'chhead' };

function simpleTable(el: XmlElement, state: State, level: number): string {
  const { env } = state;
  let out = `<table${attrs(el, state, `simpletable ${el.name}`)}>${tableCaption(el, state)}`;
  const rel = (el.attrs.relcolwidth ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => Number.parseFloat(w) || 1);
  if (rel.length > 0) {
    const total = rel.reduce((a, b) => a + b, 0);
    out += `<colgroup>${rel.map((w) => `<col style="width:${((w / total) * 100).toFixed(2)}%">`).join('')}</colgroup>`;
  }
  const keycol = Number(el.attrs.keycol ?? 0);
  const rows = [...childElements(el)].filter((c) => c.name !== 'title' && c.name !== 'desc');
  // properties / choicetable columns that actually occur
  const head = rows.find((r) => SIMPLE_HEAD[r.name] !== undefined);
  const body = rows.filter((r) => r !== head);
  if (el.name === 'choicetable' && head === undefined) {
    out += `<thead><tr><th>${escapeText(env.text.choiceOption)}</th><th>${escapeText(env.text.choiceDescription)}</th></tr></thead>`;
  }
  if (head !== undefined) {
    out += '<thead><tr>';
    for (const c of childElements(head)) out += `<th${attrs(c, state, c.name)}>${blocksOrInline(c, state, level)}</th>`;
    out += '</tr></thead>';
  }
  out += '<tbody>';
  for (const r of body) {
    out += `<tr${attrs(r, state, r.name)}>`;
    let i = 0;
    for (const c of childElements(r)) {
      i++;
      const cell = i === keycol || (el.name === 'choicetable' && c.name === 'choption') ? 'th' : 'td';
      out += `<${cell}${attrs(c, state, c.name)}>${blocksOrInline(c, state, level)}</${cell}>`;
    }
    out += '</tr>';
  }
  return `${out}</tbody></table>`;
}

/** Plain text of a title with keyrefs resolved (for the nav tree, search, link text). */
export function plainText(el: XmlElement, scope: KeyScope): string {
  let out = '';
  for (const c of el.children) {
    if (c.type === 'text') out += c.text;
    else if (SKIP.has(c.name)) continue;
    else if (c.attrs.keyref !== undefined && !hasContent(c)) {
      const def = scope.resolve(splitHrefKey(c.attrs.keyref).path);
      const nodes = def !== undefined ? keyVariableContent(def) : undefined;
      if (nodes !== undefined) for (const n of nodes) out += n.type === 'text' ? n.text : plainText(n, scope);
    } else out += plainText(c, scope);
  }
  return out.replace(/\s+/g, ' ').trim();
}
