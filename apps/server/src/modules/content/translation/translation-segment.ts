import { createHash } from 'node:crypto';
import { SaxesParser } from 'saxes';

/**
 * Splitting a DITA file into translation units and putting translations back, on the file's own
 * text: every byte outside the translated runs stays as it was (doctype, comments, indentation).
 */

/** Phrase-level elements: part of the sentence around them; their tags become placeholders. */
const INLINE = new Set(
  'ph b i u sup sub tt line-through overline codeph term keyword xref uicontrol wintitle menucascade filepath cmdname varname option parmname apiname q tm cite abbreviated-form systemoutput userinput msgph synph kwd var delim sep oper repsep text xmlelement xmlatt textentity parameterentity numcharref xmlnsname markupname equation-inline image boolean state'.split(
    ' ',
  ),
);
/** Inline elements kept whole as one placeholder: not text for the translator. */
const PROTECTED_INLINE = new Set('indexterm draft-comment required-cleanup data data-about fn index-base foreign unknown'.split(' '));
/**
 * Blocks never translated: preformatted code (its whitespace is its meaning), metadata, comments
 * for writers (ITS rules for DITA: draft-comment, required-cleanup, coords, shape) and the DITAVAL
 * reference's file-name and key-scope prefixes and suffixes.
 */
const SKIPPED = new Set(
  'codeblock pre screen msgblock prolog metadata coderef object foreign unknown draft-comment required-cleanup coords shape dvrResourcePrefix dvrResourceSuffix dvrKeyscopePrefix dvrKeyscopeSuffix'.split(
    ' ',
  ),
);
/** `translate="no"` (DITA and ITS): the element and what it holds stay as they are. */
const NOT_TRANSLATED = /\stranslate\s*=\s*(["'])no\1/;

/**
 * Attributes whose value is text for the reader (the ITS rules for DITA): each is a unit of its own.
 * Every other attribute (href, keyref, conref, id, outputclass, format, scope, type, xml:lang...) is markup.
 */
const TRANSLATABLE_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  alt: new Set(['image']),
  navtitle: new Set(['topicref', 'topichead', 'topicgroup', 'chapter', 'appendix', 'part', 'preface', 'notices', 'topicset', 'anchorref', 'glossref']),
  title: new Set(['map', 'bookmap']),
  reftitle: new Set(['lq']),
  othertype: new Set(['note']),
  standby: new Set(['object']),
  content: new Set(['othermeta']),
  value: new Set(['state']),
  label: new Set(['data']),
};
const translatableAttribute = (element: string, attribute: string) => TRANSLATABLE_ATTRIBUTES[attribute]?.has(element) === true;

export interface Segment {
  /** Where it is: the block's id, else its element path, with the run number within the block. */
  key: string;
  /** Offsets of the run in the file's text (the part replaced by the translation). */
  start: number;
  end: number;
  /** The text with placeholders {1}, {2}... in place of markup; whitespace collapsed. */
  text: string;
  /** The markup of each placeholder, in order (index 0 is {1}). */
  codes: string[];
  /** Where each code starts in the file's text. */
  codeAt: number[];
  /** Hash of text and markup: the translation memory's key. */
  hash: string;
  /** Set when the unit is an attribute's value (start..end is the value between its quotes). */
  attribute?: { name: string; quote: '"' | "'" };
}

interface Frame {
  name: string;
  id: string | undefined;
  path: string;
  counts: Map<string, number>;
  kind: 'block' | 'inline' | 'protected' | 'skipped';
  /** Start of the current run inside this block (after its start tag or its last block child). */
  runStart: number;
  runs: number;
}

export const hashOf = (text: string, codes: string[]) => createHash('sha1').update(text).update('\u0000').update(codes.join('\u0001')).digest('hex');

const decodeEntity = (name: string): string | null => {
  if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
  return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name] ?? null;
};

/** Raw markup of a run as text with placeholders; protected inline elements are swallowed whole. */
export function toPlaceholders(raw: string): { text: string; codes: string[]; codeAt: number[] } {
  const codes: string[] = [];
  /** Where each code starts in `raw`. */
  const codeAt: number[] = [];
  let text = '';
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([\w.:-]+)([^>]*?)(\/?)>|&([#\w.:-]+);/g;
  let last = 0;
  let protectedDepth = 0;
  let protectedStart = 0;
  let protectedName = '';
  for (let m = token.exec(raw); m; m = token.exec(raw)) {
    const [whole, cdata, closing, name, attrs, selfClosing, entity] = m;
    if (protectedDepth > 0) {
      if (name === protectedName && !selfClosing) protectedDepth += closing ? -1 : 1;
      if (protectedDepth === 0) {
        codeAt.push(protectedStart);
        codes.push(raw.slice(protectedStart, m.index + whole.length));
        text += `{${codes.length}}`;
        last = m.index + whole.length;
      }
      continue;
    }
    text += raw.slice(last, m.index);
    last = m.index + whole.length;
    if (cdata !== undefined) text += cdata;
    else if (entity !== undefined) {
      const ch = decodeEntity(entity);
      if (ch !== null) text += ch;
      else {
        codeAt.push(m.index);
        codes.push(whole);
        text += `{${codes.length}}`;
      }
    } else if (name && !closing && !selfClosing && (PROTECTED_INLINE.has(name) || NOT_TRANSLATED.test(attrs ?? ''))) {
      protectedDepth = 1;
      protectedStart = m.index;
      protectedName = name;
    } else {
      codeAt.push(m.index);
      codes.push(whole);
      text += `{${codes.length}}`;
    }
  }
  text += raw.slice(last);
  return { text: text.replace(/\s+/g, ' ').trim(), codes, codeAt };
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A translated text back to markup: placeholders become their codes, the rest is escaped. */
export function fromPlaceholders(text: string, codes: string[]): string {
  return text
    .split(/(\{\d+\})/)
    .map((part) => {
      const m = /^\{(\d+)\}$/.exec(part);
      const code = m ? codes[Number(m[1]) - 1] : undefined;
      return code ?? escapeText(part);
    })
    .join('');
}

/** The translation units of one DITA file, in document order. */
export function segmentsOf(xml: string): Segment[] {
  const parser = new SaxesParser({ position: true });
  const out: Segment[] = [];
  const stack: Frame[] = [];
  parser.on('error', () => undefined);
  const closeRun = (frame: Frame, end: number) => {
    const raw = xml.slice(frame.runStart, end);
    if (!/\S/.test(raw.replace(/<[^>]*>/g, ''))) return;
    // Keep the whitespace around the run in the file; only what is between is replaced.
    const lead = raw.length - raw.trimStart().length;
    const trail = raw.length - raw.trimEnd().length;
    const { text, codes, codeAt } = toPlaceholders(raw.trim());
    if (!text.replace(/\{\d+\}/g, '').trim()) return;
    frame.runs += 1;
    const base = frame.id ? `#${frame.id}` : frame.path;
    const start = frame.runStart + lead;
    out.push({ key: `${base}:${frame.runs}`, start, end: end - trail, text, codes, codeAt: codeAt.map((at) => start + at), hash: hashOf(text, codes) });
  };
  /** The element's translatable attributes, each a unit named after the element (`#id@alt`, `/map[1]/topicref[2]@navtitle`). */
  const attributeUnits = (name: string, base: string, tagStart: number, tagEnd: number) => {
    const tagText = xml.slice(tagStart, tagEnd);
    const attr = /\s([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
    for (let m = attr.exec(tagText); m; m = attr.exec(tagText)) {
      const [whole, attrName = '', dq, sq] = m;
      const value = dq ?? sq ?? '';
      if (!translatableAttribute(name, attrName) || !/\S/.test(value)) continue;
      const { text } = toPlaceholders(value.replace(/</g, '&lt;'));
      const start = tagStart + m.index + whole.length - value.length - 1;
      out.push({
        key: `${base}@${attrName}`,
        start,
        end: start + value.length,
        text,
        codes: [],
        codeAt: [],
        hash: hashOf(text, []),
        attribute: { name: attrName, quote: dq !== undefined ? '"' : "'" },
      });
    }
  };
  let tagStart = 0;
  parser.on('opentagstart', () => {
    tagStart = xml.lastIndexOf('<', parser.position - 1);
  });
  parser.on('opentag', (tag) => {
    const parent = stack.at(-1);
    const inert = parent && (parent.kind === 'protected' || parent.kind === 'skipped');
    const attrs = tag.attributes as Record<string, string>;
    const notTranslated = attrs.translate === 'no';
    const kind: Frame['kind'] = inert
      ? parent.kind
      : SKIPPED.has(tag.name) || (notTranslated && !INLINE.has(tag.name))
        ? 'skipped'
        : (PROTECTED_INLINE.has(tag.name) || notTranslated) && parent?.kind !== undefined
          ? 'protected'
          : INLINE.has(tag.name)
            ? 'inline'
            : 'block';
    // A block (or skipped block) inside a block ends that block's current run.
    if (parent && (kind === 'block' || kind === 'skipped') && parent.kind === 'block') closeRun(parent, tagStart);
    const n = (parent?.counts.get(tag.name) ?? 0) + 1;
    parent?.counts.set(tag.name, n);
    const path = `${parent?.path ?? ''}/${tag.name}[${n}]`;
    if (kind === 'block' || kind === 'inline') attributeUnits(tag.name, attrs.id ? `#${attrs.id}` : path, tagStart, parser.position);
    stack.push({
      name: tag.name,
      id: attrs.id,
      path,
      counts: new Map(),
      kind,
      runStart: parser.position,
      runs: 0,
    });
  });
  parser.on('closetag', (tag) => {
    const frame = stack.pop();
    if (!frame) return;
    const selfClosed = tag.isSelfClosing;
    const end = selfClosed ? parser.position : parser.position - `</${tag.name}>`.length;
    if (frame.kind === 'block' && !selfClosed) closeRun(frame, end);
    const parent = stack.at(-1);
    if (parent && parent.kind === 'block' && (frame.kind === 'block' || frame.kind === 'skipped')) parent.runStart = parser.position;
  });
  parser.write(xml).close();
  // Document order: an element's attributes come before the run that holds the element.
  return out.sort((a, b) => a.start - b.start);
}

const escapeAttribute = (s: string, quote: '"' | "'") => escapeText(s).replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&apos;');

/** The file with each translated run and attribute replaced; units without a translation keep the source. */
export function applyTranslations(xml: string, segments: Segment[], translations: Map<string, string>, lang: string): string {
  const runs = segments.filter((s) => !s.attribute && translations.has(s.key));
  /** Codes of the translated runs, with the translated attributes they hold written in. */
  const codesOf = new Map(runs.map((r) => [r, [...r.codes]]));
  const edits: { start: number; end: number; text: string }[] = [];
  for (const seg of segments.filter((s) => s.attribute).sort((a, b) => b.start - a.start)) {
    const target = translations.get(seg.key);
    if (target === undefined || !seg.attribute) continue;
    const value = escapeAttribute(target, seg.attribute.quote);
    // An attribute of an inline element sits in a code of its run: a translated run writes its codes, so the value goes there.
    const run = runs.find((r) => r.start <= seg.start && seg.end <= r.end);
    const codes = run && codesOf.get(run);
    const k = run ? run.codeAt.findIndex((at, i) => at <= seg.start && seg.end <= at + (run.codes[i]?.length ?? 0)) : -1;
    const code = codes?.[k];
    if (run && codes && code !== undefined) {
      const at = run.codeAt[k] ?? 0;
      codes[k] = code.slice(0, seg.start - at) + value + code.slice(seg.end - at);
    } else edits.push({ start: seg.start, end: seg.end, text: value });
  }
  for (const run of runs)
    edits.push({ start: run.start, end: run.end, text: fromPlaceholders(translations.get(run.key) ?? '', codesOf.get(run) ?? run.codes) });
  let result = xml;
  for (const e of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, e.start) + e.text + result.slice(e.end);
  // The root element says the language it is in now.
  return result.replace(/(<(?!\?|!)[\w.:-]+)([^>]*?)(\/?>)/, (_whole, open: string, attrs: string, close: string) => {
    const withoutLang = attrs.replace(/\s+xml:lang\s*=\s*("[^"]*"|'[^']*')/, '');
    return `${open}${withoutLang} xml:lang="${lang}"${close}`;
  });
}
