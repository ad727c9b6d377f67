/**
 * An XML document edited in place that keeps its text: it is the topic editor's lossless tree,
 * and an edit writes again only what it touches (a moved element keeps its text, re-indented with
 * the file's indentation; a changed start tag keeps every unchanged attribute as written). The map
 * editor's model (map-model.ts) is one; this part knows elements, ids and whitespace, not maps.
 */
import { escapeAttr, parseXml, serialize, type XmlDocument, type XmlElement, type XmlNode, type XmlText } from '../../shared/lossless-xml';

export const isElement = (n: XmlNode | undefined): n is XmlElement => n?.type === 'element';
export const isBlank = (n: XmlNode | undefined): n is XmlText => n?.type === 'text' && /^\s*$/.test(n.raw);
export const textNode = (raw: string): XmlText => ({ type: 'text', raw, start: 0, end: 0, line: 0, column: 0 });

/** The indentation after the last line break of a whitespace text (null when it has none). */
export const indentOf = (ws: string) => {
  const nl = ws.lastIndexOf('\n');
  return nl < 0 ? null : ws.slice(nl + 1);
};

export function attrValue(el: XmlElement, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

export function childElement(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c): c is XmlElement => isElement(c) && c.name === name);
}

/** A fragment of new XML as elements (parsed by the same lossless parser). */
export function fragment(xml: string): XmlElement {
  const root = parseXml(xml).root;
  if (!root) throw new Error(`not an element: ${xml}`);
  return root;
}

/** Where an element goes among a parent's children: before or after one of them, else last. */
export interface Place {
  before?: XmlElement;
  after?: XmlElement;
}

export class LosslessTree {
  readonly doc: XmlDocument;
  protected readonly ids = new WeakMap<XmlElement, string>();
  protected readonly byId = new Map<string, XmlElement>();
  protected parents = new Map<XmlElement, XmlElement>();
  protected next = 1;
  /** Indentation unit of the file (two spaces unless the file shows another). */
  protected unit = '  ';

  constructor(text: string) {
    this.doc = parseXml(text);
    this.reindex();
    const root = this.doc.root;
    const first = root?.children.findIndex(isElement) ?? -1;
    const ws = root && first > 0 ? root.children[first - 1] : undefined;
    const indent = isBlank(ws) ? indentOf(ws.raw) : null;
    if (indent) this.unit = indent;
  }

  /** The element an emptied child never closes (the root here; a subclass's container too). */
  protected get top(): XmlElement | null {
    return this.doc.root;
  }

  get root(): XmlElement | null {
    return this.doc.root;
  }

  get errors() {
    return this.doc.errors;
  }

  toXml(): string {
    return serialize(this.doc);
  }

  idOf(el: XmlElement): string {
    let id = this.ids.get(el);
    if (!id) {
      id = `n${this.next++}`;
      this.ids.set(el, id);
      this.byId.set(id, el);
    }
    return id;
  }

  element(id: string): XmlElement | undefined {
    return this.byId.get(id);
  }

  /** Parents of every element, ids for new ones. */
  protected reindex(): void {
    this.parents = new Map();
    const walk = (el: XmlElement) => {
      this.idOf(el);
      for (const c of el.children)
        if (isElement(c)) {
          this.parents.set(c, el);
          walk(c);
        }
    };
    if (this.doc.root) walk(this.doc.root);
  }

  /** Selected ids without those whose ancestor is selected too, in document order. */
  protected topmost(ids: readonly string[]): XmlElement[] {
    const chosen = new Set(ids.map((id) => this.byId.get(id)).filter((e): e is XmlElement => !!e && e !== this.doc.root));
    const out: XmlElement[] = [];
    const walk = (el: XmlElement) => {
      for (const c of el.children) {
        if (!isElement(c)) continue;
        if (chosen.has(c)) out.push(c);
        else walk(c);
      }
    };
    if (this.doc.root) walk(this.doc.root);
    return out;
  }

  protected isInside(el: XmlElement, ancestor: XmlElement): boolean {
    for (let p: XmlElement | undefined = el; p; p = this.parents.get(p)) if (p === ancestor) return true;
    return false;
  }

  /** The whitespace a child of `parent` is written after. */
  protected childWs(parent: XmlElement): string {
    for (let i = 1; i < parent.children.length; i++) {
      const c = parent.children[i];
      const ws = parent.children[i - 1];
      if (isElement(c) && isBlank(ws) && indentOf(ws.raw) !== null) return ws.raw.slice(ws.raw.lastIndexOf('\n'));
    }
    return `\n${this.indentOfElement(parent)}${this.unit}`;
  }

  /** The indentation of an element's own line. */
  protected indentOfElement(el: XmlElement): string {
    const parent = this.parents.get(el);
    if (!parent) return '';
    const i = parent.children.indexOf(el);
    const ws = parent.children[i - 1];
    const indent = isBlank(ws) ? indentOf(ws.raw) : null;
    return indent ?? `${this.indentOfElement(parent)}${this.unit}`;
  }

  /** Takes an element out of its parent with the whitespace before it; an emptied parent closes itself. */
  protected detach(el: XmlElement): void {
    const parent = this.parents.get(el);
    if (!parent) return;
    const i = parent.children.indexOf(el);
    const before = parent.children[i - 1];
    if (isBlank(before)) parent.children.splice(i - 1, 2);
    else parent.children.splice(i, 1);
    this.parents.delete(el);
    if (parent !== this.doc.root && parent !== this.top && parent.children.every(isBlank)) this.selfClose(parent);
  }

  protected selfClose(el: XmlElement): void {
    el.children = [];
    el.selfClosing = true;
    el.openTail = el.openTail.replace(/\s*>$/, '/>');
    el.openRaw = this.openTag(el);
    el.closeRaw = '';
  }

  protected openTag(el: XmlElement): string {
    return `<${el.name}${el.attrs.map((a) => a.raw).join('')}${el.openTail}`;
  }

  /** Shifts the indentation of the lines inside an element from `from` to `to`. */
  protected reindent(el: XmlElement, from: string, to: string): void {
    if (from === to) return;
    const walk = (e: XmlElement) => {
      e.children = e.children.map((c) => {
        if (isElement(c)) {
          walk(c);
          return c;
        }
        if (c.type !== 'text' || !c.raw.includes('\n')) return c;
        const raw = c.raw.replace(/\n([ \t]*)/g, (_m, ind: string) => `\n${ind.startsWith(from) ? to + ind.slice(from.length) : ind}`);
        return raw === c.raw ? c : { ...c, raw };
      });
    };
    walk(el);
  }

  /** Puts a detached element (its lines indented from column 0) into `parent` before or after a child, or last. */
  protected attach(el: XmlElement, parent: XmlElement, ref: Place): void {
    let ws = this.childWs(parent);
    if (parent.selfClosing || parent.children.every(isBlank)) {
      parent.selfClosing = false;
      parent.openTail = parent.openTail.replace(/\s*\/>$/, '>');
      parent.openRaw = this.openTag(parent);
      parent.closeRaw = `</${parent.name}>`;
      parent.children = [textNode(ws), el, textNode(`\n${this.indentOfElement(parent)}`)];
    } else if (ref.before) {
      const i = parent.children.indexOf(ref.before);
      const lead = parent.children[i - 1];
      if (isBlank(lead) && indentOf(lead.raw) !== null) ws = lead.raw;
      parent.children.splice(i, 0, el, textNode(ws));
    } else if (ref.after) {
      const i = parent.children.indexOf(ref.after);
      parent.children.splice(i + 1, 0, textNode(ws), el);
    } else {
      const last = parent.children[parent.children.length - 1];
      if (isBlank(last) && parent.children.length > 1) parent.children.splice(parent.children.length - 1, 0, textNode(ws), el);
      else parent.children.push(textNode(ws), el, textNode(`\n${this.indentOfElement(parent)}`));
    }
    this.parents.set(el, parent);
    this.reindent(el, '', indentOf(ws) ?? '');
  }

  protected relocate(el: XmlElement, parent: XmlElement, ref: Place): void {
    if (ref.before === el || ref.after === el) return;
    const from = this.indentOfElement(el);
    this.detach(el);
    // attach() shifts from '' for a detached element: shift from the indentation it had instead.
    this.reindent(el, from, '');
    this.attach(el, parent, ref);
  }

  protected forget(el: XmlElement): void {
    const id = this.ids.get(el);
    if (id) this.byId.delete(id);
    for (const c of el.children) if (isElement(c)) this.forget(c);
  }

  /** Sets (or, with '' or null, removes) attributes; unchanged attributes keep their written form. */
  setAttributes(id: string, changes: Record<string, string | null>): void {
    const el = this.byId.get(id) ?? (id === 'root' ? (this.doc.root ?? undefined) : undefined);
    if (!el) return;
    let attrs = [...el.attrs];
    for (const [name, value] of Object.entries(changes)) {
      const i = attrs.findIndex((a) => a.name === name);
      const current = attrs[i];
      if (value === null || value === '') {
        if (i >= 0) attrs = attrs.filter((_, k) => k !== i);
        continue;
      }
      if (current && current.value === value) continue;
      const quote = current?.quote ?? '"';
      const rawValue = escapeAttr(value, quote);
      const lead = current ? (/^\s*/.exec(current.raw)?.[0] ?? ' ') : ' ';
      const attr = { name, value, rawValue, quote, raw: `${lead}${name}=${quote}${rawValue}${quote}`, start: current?.start ?? 0 };
      if (current) attrs[i] = attr;
      else attrs.push(attr);
    }
    const changed = attrs.length !== el.attrs.length || attrs.some((a, k) => a !== el.attrs[k]);
    if (!changed) return;
    el.attrs = attrs;
    el.openRaw = this.openTag(el);
  }
}
