import type { KeyScope } from '../keys/key-space.js';
import { htmlId, isPublishableUrl, OUTSIDE_SOURCE_MESSAGE, refusalOf, refusedUrlMessage, URL_REFUSED, urlScheme } from '../links/href.js';
import { isTopic } from '../model/dita-elements.js';
import type { IndexOccurrence } from '../model/index-terms.js';
import type { ProblemList } from '../problems/problem.js';
import { isAbsolutePath } from '../source/file-source.js';
import type { Flag, XmlElement, XmlNode } from '../xml/xml-dom.js';
import type { GeneratedText } from './generated-text.js';
import { isRightToLeft } from './generated-text.js';
import { escapeAttr, escapeText } from './html-escape.js';

export interface LinkTarget {
  url: string;
  /** Rendered (HTML) title of the target, for links without text. */
  title?: string;
  shortdesc?: string;
  type?: string;
  /** A titled figure or table: its number, named ("Figure 2") in the referencing element's language. */
  caption?: { name: 'fig' | 'table'; n: number };
}

/**
 * The text of a link without its own: a figure's or table's number in the language of the element
 * that links (DITA-OT names them with the referencing topic's strings), else the target's title.
 */
export function linkTitle(target: LinkTarget | undefined, text: GeneratedText): string | undefined {
  if (target?.caption !== undefined) return escapeText(`${target.caption.name === 'fig' ? text.figure : text.table} ${target.caption.n}`);
  return target?.title;
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
  codeText: (file: string) => string | Buffer | undefined;
  onKey: (key: string) => void;
  /** An element of a DITA file of the publication (root-relative file, DITA fragment). */
  element: (file: string, fragment: string | undefined) => XmlElement | undefined;
  draft: boolean;
}

/** Where rendering of one topic is: counters, footnotes, and the renderer's own content functions. */
export interface RenderState {
  env: RenderEnv;
  topicId: string;
  footnotes: string[];
  /** Index entries met while rendering, each with the id of the anchor written where it stands. */
  index: Array<{ occ: IndexOccurrence; anchor: string; topic: XmlElement }>;
  /** The topic being rendered (nested topics included). */
  topic: XmlElement;
  /** The rendered topic's prolog with the map metadata of its topicref merged in (map/move-meta.ts). */
  rootProlog?: { topic: XmlElement; prolog: XmlElement };
  /** Glossary entries an abbreviated-form has named in this topic (the first use is expanded). */
  abbreviations: Set<string>;
  /** Renders inline content (phrases, text). */
  inline: (nodes: readonly XmlNode[]) => string;
  /** Renders an element's content as blocks or inline, as it holds. */
  flow: (el: XmlElement, level: number) => string;
}

/** lang (and dir="rtl" for a right-to-left language: Arabic, Hebrew, Urdu, Persian) of an element with xml:lang. */
export function langAttrs(lang: string): string {
  return ` lang="${escapeAttr(lang)}"${isRightToLeft(lang) ? ' dir="rtl"' : ''}`;
}

export function attrs(el: XmlElement, state: RenderState, cls: string, extra = ''): string {
  let out = '';
  const id = el.attrs.id;
  if (id !== undefined && !isTopic(el)) out += ` id="${escapeAttr(htmlId(`${state.topicId}__${id}`))}"`;
  const oc = el.attrs.outputclass;
  const classes = oc ? `${cls} ${oc}` : cls;
  if (classes) out += ` class="${escapeAttr(classes)}"`;
  if (el.attrs['xml:lang']) out += langAttrs(el.attrs['xml:lang']);
  const style = flagStyle(el.flags);
  if (style) out += ` style="${escapeAttr(style)}"`;
  return out + extra;
}

export function flagStyle(flags: Flag[] | undefined): string {
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

/**
 * The URL when a published page may carry it (as a `link` the reader follows, else as something the page loads);
 * otherwise undefined, with a problem located at the element. The engine writes links to its own pages and files as
 * relative paths, so an absolute path here came from the source as is.
 */
export function publishableUrl(url: string, el: XmlElement, env: RenderEnv, link = false): string | undefined {
  if (!isPublishableUrl(url, link)) env.problems.error(URL_REFUSED, refusedUrlMessage(url, link), el);
  else if (urlScheme(url) === undefined && isAbsolutePath(url)) env.problems.error(URL_REFUSED, OUTSIDE_SOURCE_MESSAGE, el);
  else return url;
  return undefined;
}

/**
 * A reference written into the page as the source has it (scope external or peer, or through such a key), its path
 * relative to `base` (the file or map that writes it): undefined when a page may not carry it, with a problem at the
 * element. Only a peer link may climb out of the source (to the publication beside this one); what a page loads never.
 */
export function asWritten(url: string, base: string, el: XmlElement, env: RenderEnv, peer = false, link = false): string | undefined {
  const refused = refusalOf(base, url, peer, link);
  if (refused === undefined) return url;
  env.problems.error(URL_REFUSED, refused, el);
  return undefined;
}

/** A local reference whose path leaves the source: reported at the element, never written. */
export function refuseOutsidePath(el: XmlElement, env: RenderEnv): undefined {
  env.problems.error(URL_REFUSED, OUTSIDE_SOURCE_MESSAGE, el);
  return undefined;
}
