import { parseXml, type XmlDocument, type XmlElement } from '../xml.js';

/**
 * Edits of an object's text in place: attribute changes on start tags, elements removed or text
 * inserted, each located through the parser's line and column, so that everything not edited
 * (DOCTYPE, entities, comments, formatting) stays byte for byte.
 */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export class TextEditor {
  readonly text: string;
  readonly doc: XmlDocument;
  private readonly lineStarts: number[];
  private readonly attrEdits = new Map<XmlElement, Record<string, string | null>>();
  private readonly edits: Edit[] = [];

  constructor(xml: string) {
    this.text = xml.includes('\r') ? xml.replace(/\r\n?/g, '\n') : xml;
    if (this.text.charCodeAt(0) === 0xfeff) this.text = this.text.slice(1);
    this.doc = parseXml(this.text);
    this.lineStarts = [0];
    for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** Offset of the element's `<`. */
  startOf(el: XmlElement): number {
    return (this.lineStarts[el.line - 1] ?? 0) + el.column - 1;
  }

  /** Offset just after the element's start tag `>`. */
  startTagEnd(el: XmlElement): number {
    const s = this.text;
    let quote = '';
    for (let p = this.startOf(el) + 1; p < s.length; p++) {
      const c = s.charAt(p);
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return p + 1;
    }
    return s.length;
  }

  /** Offset just after the element's end tag (its start tag's end when self-closing). */
  endOf(el: XmlElement): number {
    const s = this.text;
    const tagEnd = this.startTagEnd(el);
    if (s.charAt(tagEnd - 2) === '/') return tagEnd;
    const re = new RegExp(`<(/?)${el.name.replace(/[.]/g, '\\.')}(?=[\\s/>])|<!--[\\s\\S]*?-->|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>`, 'g');
    re.lastIndex = tagEnd;
    let depth = 1;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      if (m[0].startsWith('<!')) continue;
      if (m[1] === '/') {
        depth--;
        if (depth === 0) return s.indexOf('>', m.index) + 1;
      } else {
        const close = this.tagCloseAt(m.index);
        if (s.charAt(close - 2) !== '/') depth++;
      }
    }
    return s.length;
  }

  private tagCloseAt(at: number): number {
    const s = this.text;
    let quote = '';
    for (let p = at + 1; p < s.length; p++) {
      const c = s.charAt(p);
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return p + 1;
    }
    return s.length;
  }

  /** Sets (or with null removes) attributes of an element's start tag. */
  setAttrs(el: XmlElement, attrs: Record<string, string | null>): void {
    this.attrEdits.set(el, { ...(this.attrEdits.get(el) ?? {}), ...attrs });
  }

  /** Removes an element, with the whitespace before it on its line. */
  remove(el: XmlElement): void {
    let start = this.startOf(el);
    while (start > 0 && /[ \t]/.test(this.text.charAt(start - 1))) start--;
    if (start > 0 && this.text.charAt(start - 1) === '\n') start--;
    this.edits.push({ start, end: this.endOf(el), text: '' });
  }

  insert(at: number, text: string): void {
    this.edits.push({ start: at, end: at, text });
  }

  /** The whitespace before the element on its line (its indentation), else ''. */
  indentOf(el: XmlElement): string {
    const start = this.startOf(el);
    const lineStart = this.text.lastIndexOf('\n', start - 1) + 1;
    const before = this.text.slice(lineStart, start);
    return /^[ \t]*$/.test(before) ? before : '';
  }

  result(): string {
    const all = [...this.edits];
    for (const [el, attrs] of this.attrEdits) {
      const start = this.startOf(el);
      const end = this.startTagEnd(el);
      all.push({ start, end, text: editTag(this.text.slice(start, end), attrs) });
    }
    all.sort((a, b) => b.start - a.start || b.end - a.end);
    let out = this.text;
    let floor = Number.POSITIVE_INFINITY;
    for (const e of all) {
      if (e.end > floor) throw new Error('overlapping edits');
      out = out.slice(0, e.start) + e.text + out.slice(e.end);
      floor = e.start;
    }
    return out;
  }
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A start tag with attributes set, replaced or removed (others untouched). */
export function editTag(tag: string, attrs: Record<string, string | null>): string {
  let out = tag;
  for (const [name, value] of Object.entries(attrs)) {
    const re = new RegExp(`(\\s+)${name}\\s*=\\s*(?:"[^"]*"|'[^']*')`);
    if (re.test(out)) out = out.replace(re, value === null ? '' : `$1${name}="${escapeAttr(value)}"`);
    else if (value !== null) {
      const close = out.endsWith('/>') ? out.length - 2 : out.length - 1;
      const head = out.slice(0, close).replace(/\s+$/, '');
      out = `${head} ${name}="${escapeAttr(value)}"${out.slice(close)}`;
    }
  }
  return out;
}

/** An element's path from the root: /dmodule/content/procedure/mainProcedure/proceduralStep[2] (position among same-named siblings, 1 omitted when alone). */
export function elementPath(el: XmlElement): string {
  const parts: string[] = [];
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) {
    const same = e.parent ? e.parent.children.filter((c): c is XmlElement => c.type === 'element' && c.name === e?.name) : [e];
    parts.unshift(same.length > 1 ? `${e.name}[${same.indexOf(e) + 1}]` : e.name);
  }
  return `/${parts.join('/')}`;
}

/** The element a path of elementPath names, if any. */
export function elementAtPath(doc: XmlDocument, path: string): XmlElement | undefined {
  const steps = path.split('/').filter(Boolean);
  const first = steps.shift();
  if (first === undefined || first.replace(/\[\d+\]$/, '') !== doc.root.name) return undefined;
  let here: XmlElement | undefined = doc.root;
  for (const step of steps) {
    const m = /^([^[\]]+)(?:\[(\d+)\])?$/.exec(step);
    if (m === null || here === undefined) return undefined;
    const same: XmlElement[] = here.children.filter((c): c is XmlElement => c.type === 'element' && c.name === m[1]);
    here = same[Number(m[2] ?? '1') - 1];
  }
  return here;
}
