import type { KeyScope, TopicMetadata, XmlElement, XmlNode } from '@ccms/dita';
import { keyVariableContent, lastRevised } from '@ccms/dita';

/** What the catalogue reads out of a parsed topic or map: titles, metadata and text. */

const TOPIC_ROOTS = new Set(['topic', 'concept', 'task', 'reference', 'glossentry', 'glossgroup', 'troubleshooting']);
const MAP_ROOTS = new Set(['map', 'bookmap', 'subjectScheme']);
/** Elements whose text is not content (metadata, hidden) when the body text is gathered. */
const SKIP_IN_TEXT = new Set(['prolog', 'titlealts', 'related-links', 'draft-comment', 'required-cleanup', 'data', 'indexterm']);
/** Text longer than this is cut (the search snippet and index need no more). */
const MAX_TEXT = 200_000;

export const isTopicElement = (el: XmlElement) => TOPIC_ROOTS.has(el.name) || (el.attrs.class ?? '').includes(' topic/topic ');
export const isMapElement = (el: XmlElement) => MAP_ROOTS.has(el.name) || (el.attrs.class ?? '').includes(' map/map ');

export function firstChildNamed(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) if (c.type === 'element' && c.name === name) return c;
  return undefined;
}

function* descendants(el: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [el];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    yield next;
    for (let i = next.children.length - 1; i >= 0; i--) {
      const c = next.children[i];
      if (c && c.type === 'element') stack.push(c);
    }
  }
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The text of an element, with a keyref'd element's key text filled in when it has none
 * (`<keyword keyref="tool-name"/>` reads as the tool's name), whitespace collapsed.
 */
export function textOf(el: XmlElement | undefined, scope?: KeyScope, skip?: ReadonlySet<string>): string {
  if (!el) return '';
  const parts: string[] = [];
  let length = 0;
  const visit = (node: XmlNode, depth: number) => {
    if (length > MAX_TEXT || depth > 200) return;
    if (node.type === 'text') {
      parts.push(node.text);
      length += node.text.length;
      return;
    }
    if (skip?.has(node.name) && depth > 0) return;
    const keyref = node.attrs.keyref;
    if (keyref && scope && !node.children.some((c) => (c.type === 'text' ? c.text.trim() !== '' : true))) {
      const def = scope.resolve(keyref.split('/')[0] ?? keyref);
      const content = def ? keyVariableContent(def) : undefined;
      if (content) for (const c of content) visit(c, depth + 1);
      return;
    }
    const block = depth > 0 && BLOCKISH.test(node.name);
    if (block) parts.push(' ');
    for (const c of node.children) visit(c, depth + 1);
    if (block) parts.push(' ');
  };
  visit(el, 0);
  return squash(parts.join('')).slice(0, MAX_TEXT);
}

const BLOCKISH =
  /^(p|li|dt|dd|entry|stentry|title|section|example|note|step|cmd|info|codeblock|pre|lines|shortdesc|row|strow|fig|context|result|prereq|postreq|stepresult)$/;

/** othermeta name -> content, keywords, resourceid appid, critdates revised. */
function prologOf(topic: XmlElement) {
  const prolog = firstChildNamed(topic, 'prolog') ?? firstChildNamed(topic, 'topicmeta') ?? firstChildNamed(topic, 'bookmeta');
  const other = new Map<string, string>();
  const keywords: string[] = [];
  let resourceId = '';
  let revised = '';
  if (prolog) {
    for (const el of descendants(prolog)) {
      if (el.name === 'othermeta' && el.attrs.name) other.set(el.attrs.name.toLowerCase(), el.attrs.content ?? '');
      else if (el.name === 'keyword' || el.name === 'indexterm') {
        const t = textOf(el);
        if (t) keywords.push(t);
      } else if (el.name === 'resourceid' && !resourceId) resourceId = el.attrs.appid ?? el.attrs.id ?? '';
      else if (el.name === 'revised' && el.attrs.modified) revised = el.attrs.modified;
    }
  }
  return { other, keywords, resourceId, revised };
}

const pick = (m: Map<string, string>, ...names: string[]) => {
  for (const n of names) {
    const v = m.get(n.toLowerCase());
    if (v) return v;
  }
  return '';
};

export interface TopicFacts {
  no: string;
  title: string;
  code: string;
  revision: string;
  manualType: string;
  docType: string;
  language: string;
  shortdesc: string;
  body: string;
  meta: string;
}

/**
 * The topic's own prolog with the map metadata that cascades to it (DITA 1.3 metadata cascade,
 * as the engine reconciles it): the topic's own othermeta wins over the map's of the same name.
 */
function withMapMetadata(own: ReturnType<typeof prologOf>, meta: TopicMetadata | undefined): ReturnType<typeof prologOf> {
  if (meta === undefined) return own;
  const other = new Map(own.other);
  for (const { name, content } of meta.othermeta) if (!other.has(name.toLowerCase())) other.set(name.toLowerCase(), content);
  const keywords = [...own.keywords];
  for (const k of meta.keywords) if (!keywords.includes(k)) keywords.push(k);
  return { other, keywords, resourceId: own.resourceId || (meta.resourceIds[0] ?? ''), revised: own.revised || (lastRevised(meta) ?? '') };
}

/**
 * Facts of a topic file's first topic; `root` undefined (unparseable) gives empty facts. `meta`:
 * the topic's metadata with what cascades from the maps (DitaProject.metadataOf).
 */
export function topicFacts(path: string, root: XmlElement | undefined, scope?: KeyScope, meta?: TopicMetadata): TopicFacts {
  const topic = root && isTopicElement(root) ? root : root?.children.find((c): c is XmlElement => c.type === 'element' && isTopicElement(c));
  if (!topic) {
    return { no: '', title: '', code: '', revision: '', manualType: '', docType: root?.name ?? '', language: '', shortdesc: '', body: '', meta: path };
  }
  const { other, keywords, resourceId, revised } = withMapMetadata(prologOf(topic), meta);
  const title = textOf(firstChildNamed(topic, 'title'), scope);
  const shortdesc = textOf(firstChildNamed(topic, 'shortdesc') ?? firstChildNamed(firstChildNamed(topic, 'abstract'), 'shortdesc'), scope);
  const body = textOf(topic, scope, SKIP_IN_TEXT);
  const metaParts = [...keywords, ...[...other.values()].filter(Boolean), resourceId, path];
  return {
    no: topic.attrs.id ?? '',
    title: title.slice(0, 1000),
    code: pick(other, 'code', 'topicCode', 'topic-code').slice(0, 200) || resourceId.slice(0, 200),
    revision: (pick(other, 'revision', 'rev') || topic.attrs.rev || revised).slice(0, 100),
    manualType: pick(other, 'manualType', 'manual-type', 'manualtype').slice(0, 100),
    docType: topic.name,
    language: (topic.attrs['xml:lang'] ?? root?.attrs['xml:lang'] ?? '').slice(0, 20),
    shortdesc,
    body,
    meta: squash(metaParts.join(' ')),
  };
}

export interface MapFacts {
  docNbr: string;
  revision: string;
}

/** Document number and revision written in a map: othermeta, bookmeta ids, resourceid; the file name as the number otherwise. */
export function mapFacts(path: string, root: XmlElement | undefined): MapFacts {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  if (!root) return { docNbr: base, revision: '' };
  const { other, resourceId } = prologOf(root);
  let bookNumber = '';
  let edition = '';
  const bookmeta = firstChildNamed(root, 'bookmeta');
  const bookid = firstChildNamed(bookmeta, 'bookid');
  if (bookid) {
    bookNumber = textOf(firstChildNamed(bookid, 'booknumber')) || textOf(firstChildNamed(bookid, 'bookpartno'));
    edition = textOf(firstChildNamed(bookid, 'edition'));
  }
  return {
    docNbr: (pick(other, 'docNbr', 'docnbr', 'documentNumber', 'document-number') || bookNumber || resourceId || base).slice(0, 200),
    revision: (pick(other, 'revision', 'rev') || edition || root.attrs.rev || '').slice(0, 100),
  };
}
