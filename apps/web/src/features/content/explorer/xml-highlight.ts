import { isStandardSource } from '../../../shared/content-standard';

/** Kinds of XML text the viewer colours. */
export type XmlTokenKind = 'text' | 'comment' | 'cdata' | 'pi' | 'doctype' | 'tag' | 'attr' | 'value' | 'punct';
export interface XmlToken {
  kind: XmlTokenKind;
  text: string;
}

const MARKUP = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\?[\s\S]*?(?:\?>|$)|<![^>]*>?|<\/?[^>]*>?/g;
const INSIDE_TAG = /(\s+)|([^\s=/>"']+)(?=\s*=)|("[^"]*"?|'[^']*'?)|([^\s=/>"']+)|([=/>]+)/g;

/** Splits a tag like `<topic id="a">` into name, attributes, values and punctuation. */
function tagTokens(tag: string): XmlToken[] {
  const open = tag.startsWith('</') ? '</' : '<';
  const out: XmlToken[] = [{ kind: 'punct', text: open }];
  const rest = tag.slice(open.length);
  const name = /^[^\s/>]*/.exec(rest)?.[0] ?? '';
  if (name) out.push({ kind: 'tag', text: name });
  for (const m of rest.slice(name.length).matchAll(INSIDE_TAG)) {
    if (m[1]) out.push({ kind: 'text', text: m[1] });
    else if (m[2]) out.push({ kind: 'attr', text: m[2] });
    else if (m[3]) out.push({ kind: 'value', text: m[3] });
    else if (m[4]) out.push({ kind: 'attr', text: m[4] });
    else if (m[5]) out.push({ kind: 'punct', text: m[5] });
  }
  return out;
}

/**
 * A light XML tokenizer for the file viewer: never throws, and the tokens joined give the input
 * back exactly (so nothing is lost or reordered on screen, even for broken XML).
 */
export function tokenizeXml(source: string): XmlToken[] {
  const out: XmlToken[] = [];
  let last = 0;
  for (const m of source.matchAll(MARKUP)) {
    const start = m.index;
    if (start > last) out.push({ kind: 'text', text: source.slice(last, start) });
    const text = m[0];
    if (text.startsWith('<!--')) out.push({ kind: 'comment', text });
    else if (text.startsWith('<![CDATA[')) out.push({ kind: 'cdata', text });
    else if (text.startsWith('<?')) out.push({ kind: 'pi', text });
    else if (text.startsWith('<!')) out.push({ kind: 'doctype', text });
    else out.push(...tagTokens(text));
    last = start + text.length;
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) });
  return out;
}

/** Files the viewer highlights as XML: a content standard's sources (.dita, .ditamap, S1000D data modules, ...) and XML of other kinds. */
export const isXmlPath = (path: string) => isStandardSource(path) || /\.(xml|svg|xsl|xslt|xsd|dtd|mod|ent|html?)$/i.test(path);
export const isImagePath = (path: string) => /\.(png|jpe?g|gif|svg|webp|bmp)$/i.test(path);
