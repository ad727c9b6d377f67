/**
 * A topic's body as HTML, element by element, as DITA-OT's HTML5 transform writes it: blocks and
 * inline phrases, sections, notes, code, footnotes, index anchors, flags and xml:lang changes.
 * Over 400 lines: one dispatch over the DITA elements (elementBody, a switch of some 190 lines) and
 * the inline tag table it reads; links, tables and generated text are already in their own renderers.
 */
import { htmlId } from '../links/href.js';
import { captionNumber } from '../model/caption-number.js';
import { classTokens } from '../model/dita-classes.js';
import { nearestLang } from '../model/dita-document.js';
import { BODY_ELEMENTS, isTopic, UNRENDERED_ELEMENTS } from '../model/dita-elements.js';
import type { IndexOccurrence } from '../model/index-terms.js';
import { indexOccurrences, prologIndexTerms } from '../model/index-terms.js';
import { hasContent } from '../model/plain-text.js';
import type { XmlElement, XmlNode } from '../xml/xml-dom.js';
import { childElements, firstChild } from '../xml/xml-dom.js';
import { coderefText } from './coderef.js';
import { type GeneratedText, generatedText, hasGeneratedText, warnNoGeneratedText } from './generated-text.js';
import { escapeAttr, escapeText } from './html-escape.js';
import { abbreviatedForm, flagImg, image, keyedBlock, keyedPhrase, keyLinked, longQuote, objectEl, xref } from './link-renderer.js';
import type { RenderEnv, RenderState } from './render-state.js';
import { attrs, flagStyle, langAttrs } from './render-state.js';
import { calsTable, simpleTable } from './table-renderer.js';

type State = RenderState;

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
/** Task sections with a generated heading. */
const TASK_SECTIONS: Record<string, keyof GeneratedText> = {
  prereq: 'prereq',
  context: 'context',
  result: 'result',
  postreq: 'postreq',
  tasktroubleshooting: 'troubleshooting',
};

function startFlags(el: XmlElement, env: RenderEnv): string {
  if (el.flags === undefined) return '';
  return el.flags.map((f) => flagImg(el, f.startImage, f.startAlt, env, 'flag flag-start')).join('');
}

function endFlags(el: XmlElement, env: RenderEnv): string {
  if (el.flags === undefined) return '';
  return el.flags.map((f) => flagImg(el, f.endImage, f.endAlt, env, 'flag flag-end')).join('');
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

/** Renders one topic (with nested topics) to an <article>. */
export function renderTopic(
  topic: XmlElement,
  env: RenderEnv,
  level = 1,
  prolog?: XmlElement,
): { html: string; footnotes: string[]; index: Array<{ occ: IndexOccurrence; anchor: string; topic: XmlElement }> } {
  const state: State = {
    ...(prolog !== undefined ? { rootProlog: { topic, prolog } } : {}),
    env,
    topicId: topic.attrs.id ?? 'topic',
    footnotes: [],
    abbreviations: new Set(),
    index: [],
    topic,
    inline: (nodes) => inline(nodes, state),
    flow: (el, lvl) => blocksOrInline(el, state, lvl),
  };
  // A topic without xml:lang of its own takes its nearest ancestor's (a <dita> root, a parent topic).
  const inherited = topic.attrs['xml:lang'] === undefined ? nearestLang(topic) : undefined;
  const html =
    inherited !== undefined && inherited !== env.text.lang
      ? inLanguageOf(inherited, topic, state, () => topicHtml(topic, state, level))
      : topicHtml(topic, state, level);
  return { html, footnotes: state.footnotes, index: state.index };
}

function topicHtml(topic: XmlElement, state: State, level: number): string {
  return inLanguage(topic, state, () => topicInLanguage(topic, state, level));
}

function topicInLanguage(topic: XmlElement, state: State, level: number): string {
  const prevTopic = state.topicId;
  const prevTopicEl = state.topic;
  state.topicId = topic.attrs.id ?? prevTopic;
  state.topic = topic;
  // Prolog index entries point at the topic itself.
  for (const term of prologIndexTerms(topic, state.rootProlog?.topic === topic ? state.rootProlog.prolog : undefined))
    for (const occ of indexOccurrences(term, state.env.scope)) state.index.push({ occ, anchor: htmlId(state.topicId), topic });
  const h = Math.min(level, 6);
  let out = `<article id="${escapeAttr(htmlId(state.topicId))}" class="topic ${topic.name}${topic.attrs.outputclass ? ` ${escapeAttr(topic.attrs.outputclass)}` : ''}"${
    topic.attrs['xml:lang'] ? langAttrs(topic.attrs['xml:lang']) : ''
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
  state.topic = prevTopicEl;
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

/**
 * Runs `render` with the generated text of the element's xml:lang when it sets one: labels come
 * from the nearest element's language, as DITA-OT chooses them.
 */
function inLanguage(el: XmlElement, state: State, render: () => string): string {
  const lang = el.attrs['xml:lang'];
  if (lang === undefined || lang.trim() === '') return render();
  return inLanguageOf(lang, el, state, render);
}

function inLanguageOf(lang: string, el: XmlElement, state: State, render: () => string): string {
  const outer = state.env;
  if (!hasGeneratedText(lang)) warnNoGeneratedText(lang, el, outer.problems);
  state.env = { ...outer, text: generatedText(lang) };
  try {
    return render();
  } finally {
    state.env = outer;
  }
}

function element(el: XmlElement, state: State, level: number): string {
  return el.attrs['xml:lang'] === undefined ? elementInLanguage(el, state, level) : inLanguage(el, state, () => elementInLanguage(el, state, level));
}

function elementInLanguage(el: XmlElement, state: State, level: number): string {
  const { env } = state;
  const name = el.name;
  if (name === 'indexterm' && el.parent?.name !== 'indexterm') return indexAnchor(el, state);
  if (UNRENDERED_ELEMENTS.has(name)) {
    if (name === 'draft-comment' && env.draft) return `<div${attrs(el, state, 'draft-comment')}>${blocksOrInline(el, state, level)}</div>`;
    return '';
  }
  const body = elementBody(el, state, level);
  if (el.flags === undefined) return body;
  return insideElement(body, startFlags(el, env), endFlags(el, env));
}

/**
 * Puts a flagged element's start and end flags (images or their alt text) inside the element's
 * own markup, as DITA-OT does, so the flag belongs to the paragraph, list item or cell it marks.
 */
function insideElement(html: string, start: string, end: string): string {
  if (start === '' && end === '') return html;
  const open = html.startsWith('<') && !html.startsWith('</') ? html.indexOf('>') : -1;
  const close = html.endsWith('>') ? html.lastIndexOf('</') : -1;
  if (open < 0 || close <= open) return start + html + end;
  return html.slice(0, open + 1) + start + html.slice(open + 1, close) + end + html.slice(close);
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
      if (el.attrs.keyref?.trim()) return keyedBlock(el, state, 'dt');
      return `<dt${attrs(el, state, name)}>${inline(el.children, state)}</dt>`;
    case 'dd':
    case 'pd':
      return `<dd${attrs(el, state, name)}>${blocksOrInline(el, state, level)}</dd>`;
    case 'note':
    case 'hazardstatement':
      return note(el, state, level);
    case 'lq':
      return longQuote(el, state, blocksOrInline(el, state, level));
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
        cap = `<figcaption><span class="fig--title-label">${escapeText(env.text.figure)} ${captionNumber(el)}. </span>${inline(t.children, state)}</figcaption>`;
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
      if (el.attrs.keyref?.trim()) return keyedBlock(el, state, 'span');
      return `<span${attrs(el, state, 'cmd')}>${inline(el.children, state)}</span>`;
    case 'stepsection':
      return `<li${attrs(el, state, 'stepsection')}>${blocksOrInline(el, state, level)}</li>`;
    case 'choices':
      return `<ul${attrs(el, state, 'choices')}>${blocks(el.children, state, level)}</ul>`;
    case 'choice':
      return `<li${attrs(el, state, 'choice')}>${blocksOrInline(el, state, level)}</li>`;
    case 'xmlelement':
      return codePhrase(el, state, (c) => `&lt;${c}&gt;`);
    case 'xmlatt':
      return codePhrase(el, state, (c) => `@${c}`);
    case 'xmlpi':
      return codePhrase(el, state, (c) => `&lt;?${c}?&gt;`);
    case 'xmlnsname':
    case 'textentity':
    case 'parameterentity':
    case 'numcharref':
      return codePhrase(el, state, (c) => c);
    case 'menucascade': {
      // An empty menucascade with @keyref is a phrase taking the key's text; one with its own uicontrols keeps them.
      if (isKeyedPhrase(el) && !hasContent(el)) return keyedPhrase(el, state, 'span');
      const parts = [...childElements(el)].map((c) => element(c, state, level));
      const html = `<span${attrs(el, state, 'menucascade')}>${parts.join('<abbr title="and then"> &gt; </abbr>')}</span>`;
      return isKeyedPhrase(el) ? keyLinked(el, state, html) : html;
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
    case 'synblk':
      return `<span${attrs(el, state, name)}>${inline(el.children, state)}</span>`;
    case 'glossAbbreviation':
    case 'glossAcronym':
    case 'glossShortForm':
    case 'glossSynonym':
      return `<p${attrs(el, state, name)}>${inline(el.children, state)}</p>`;
    case 'abbreviated-form':
      return abbreviatedForm(el, state);
    case 'longquoteref':
      // The source of the quotation its lq shows.
      return '';
    case 'tm': {
      const mark = el.attrs.tmtype === 'reg' ? '®' : el.attrs.tmtype === 'service' ? '℠' : '™';
      return `<span${attrs(el, state, 'tm')}>${inline(el.children, state)}<sup>${mark}</sup></span>`;
    }
    default:
      break;
  }
  // A specialization of image (hazard-d's hazardsymbol, ...) is an image, its @keyref included.
  const classes = classTokens(el);
  if (classes.includes('topic/image')) return image(el, state);
  // A specialization of xref (fragref, synnoteref, a document type's own) links as xref does, by @href or @keyref.
  if (classes.includes('topic/xref')) return xref(el, state);
  // The long description an image or object names (its link is written with the image or object).
  if (name === 'longdescref' || classes.includes('topic/longdescref')) return '';
  if (
    isKeyedPhrase(el) ||
    (el.attrs.keyref !== undefined &&
      (name === 'keyword' || name === 'ph' || name === 'term' || name === 'text' || name === 'cite' || name === 'dt' || INLINE_TAGS[name] !== undefined))
  ) {
    return keyedPhrase(el, state, INLINE_TAGS[name] ?? 'span');
  }
  const tag = INLINE_TAGS[name];
  if (tag !== undefined) return `<${tag}${attrs(el, state, name)}>${inline(el.children, state)}</${tag}>`;
  if (BLOCK_DIVS.has(name)) return `<div${attrs(el, state, name)}>${blocksOrInline(el, state, level)}</div>`;
  return `<span${attrs(el, state, name)}>${mixed(el, state, level)}</span>`;
}

/** The phrases whose @keyref gives them the key's text and link (DITA 1.3 2.3.4.8), and every element that specializes one. */
const KEYED_PHRASE_TYPES = new Set(['ph', 'keyword', 'term', 'cite', 'text']);

function isKeyedPhrase(el: XmlElement): boolean {
  if (!el.attrs.keyref?.trim()) return false;
  return classTokens(el).some((t) => (t.startsWith('topic/') || t.startsWith('*/')) && KEYED_PHRASE_TYPES.has(t.slice(t.indexOf('/') + 1)));
}

/** A code-like keyword (xml-d): its generated text around the content, which an @keyref gives it as any keyword. */
function codePhrase(el: XmlElement, state: State, wrap: (content: string) => string): string {
  if (isKeyedPhrase(el)) return keyedPhrase(el, state, 'code', wrap);
  return `<code${attrs(el, state, el.name)}>${wrap(inline(el.children, state))}</code>`;
}

/** An indexterm in the content: an empty anchor where it stands, which the index links to. */
function indexAnchor(el: XmlElement, state: State): string {
  const occurrences = indexOccurrences(el, state.env.scope);
  if (occurrences.length === 0) return '';
  const anchor = htmlId(`${state.topicId}__idx${state.index.length + 1}`);
  for (const occ of occurrences) state.index.push({ occ, anchor, topic: state.topic });
  return `<span class="indexterm" id="${escapeAttr(anchor)}"></span>`;
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

function coderef(el: XmlElement, state: State): string {
  return `<pre class="codeblock"><code>${coderefText(el, state)}</code></pre>`;
}

function footnote(el: XmlElement, state: State): string {
  const n = state.footnotes.length + 1;
  const id = `fn_${htmlId(state.topicId)}_${n}`;
  state.footnotes.push(`<li id="${id}" class="fn">${inline(el.children, state)} <a href="#${id}_ref" class="fn-back">↩</a></li>`);
  return `<sup class="fnref"><a id="${id}_ref" href="#${id}">${n}</a></sup>`;
}
