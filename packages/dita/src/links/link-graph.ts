import { classTokens } from '../model/dita-classes.js';
import { isTopicref } from '../model/dita-elements.js';
import type { XmlElement } from '../xml/xml-dom.js';

export type ReferenceKind = 'topicref' | 'mapref' | 'xref' | 'link' | 'conref' | 'conkeyref' | 'keyref' | 'image' | 'object' | 'coderef' | 'related';

export type ReferenceStatus = 'resolved' | 'broken' | 'external';

/** One reference in the content, with where it is written and what it points at. */
export interface Reference {
  kind: ReferenceKind;
  element: string;
  file: string;
  line: number;
  column: number;
  /** The raw value: the href, the key (with /element id), or the conref. */
  value: string;
  key?: string;
  /** Root-relative target file, when it could be worked out. */
  targetFile?: string;
  targetFragment?: string;
  status: ReferenceStatus;
  /** Why a reference is broken. */
  reason?: string;
}

export interface RawReference {
  kind: ReferenceKind;
  el: XmlElement;
  /** 'href' | 'keyref' | 'conref' | 'conkeyref' | 'data' | 'datakeyref' | 'conrefend' */
  attr: string;
  value: string;
}

/** Every reference written in a document, in document order (before conref is resolved). */
/** An empty or blank @keyref/@conkeyref names no key (the attribute is as good as absent). */
function hasValue(v: string | undefined): v is string {
  return v !== undefined && v.trim() !== '';
}

/** A specialization of xref (fragref, synnoteref, ...) or a longdescref: a link the reader follows, by @href or @keyref. */
function isXrefLike(el: XmlElement): boolean {
  if (el.name === 'longdescref') return true;
  const classes = classTokens(el);
  return classes.includes('topic/xref') || classes.includes('topic/longdescref');
}

export function collectReferences(root: XmlElement, isMapDoc: boolean): RawReference[] {
  const out: RawReference[] = [];
  // Depth-first, document order, without a generator (this runs over every element of every file).
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop();
    if (el === undefined) break;
    const kids = el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const c = kids[i];
      if (c !== undefined && c.type === 'element') stack.push(c);
    }
    const a = el.attrs;
    if (a.conref !== undefined) out.push({ kind: 'conref', el, attr: 'conref', value: a.conref });
    if (a.conrefend !== undefined) out.push({ kind: 'conref', el, attr: 'conrefend', value: a.conrefend });
    if (hasValue(a.conkeyref)) out.push({ kind: 'conkeyref', el, attr: 'conkeyref', value: a.conkeyref });
    if (isMapDoc && isTopicref(el)) {
      const kind: ReferenceKind = el.name === 'mapref' || a.format === 'ditamap' ? 'mapref' : 'topicref';
      if (a.href !== undefined) out.push({ kind, el, attr: 'href', value: a.href });
      if (hasValue(a.keyref)) out.push({ kind, el, attr: 'keyref', value: a.keyref });
      continue;
    }
    const kind: ReferenceKind | undefined =
      el.name === 'xref' || el.name === 'glossref'
        ? 'xref'
        : el.name === 'link'
          ? 'link'
          : el.name === 'image'
            ? 'image'
            : el.name === 'object'
              ? 'object'
              : el.name === 'coderef'
                ? 'coderef'
                : (a.href !== undefined || hasValue(a.keyref)) && isXrefLike(el)
                  ? 'xref'
                  : undefined;
    if (kind !== undefined) {
      if (a.href !== undefined) out.push({ kind, el, attr: 'href', value: a.href });
      if (kind === 'object' && a.data !== undefined) out.push({ kind, el, attr: 'data', value: a.data });
      if (kind === 'object' && hasValue(a.datakeyref)) out.push({ kind, el, attr: 'datakeyref', value: a.datakeyref });
      if (hasValue(a.keyref)) out.push({ kind, el, attr: 'keyref', value: a.keyref });
    } else if (hasValue(a.keyref)) out.push({ kind: 'keyref', el, attr: 'keyref', value: a.keyref });
  }
  return out;
}
