import type { NewApplic } from '../model/applic-new';

/** What a picker inserts at the cursor; the visual and the source view each write it their way. */
export type Insertion =
  | { kind: 'xref'; href?: string; keyref?: string; text?: string }
  | { kind: 'image'; href?: string; keyref?: string; alt?: string }
  | { kind: 'conref'; element: string; conref?: string; conkeyref?: string }
  | { kind: 'term'; keyref: string; text?: string }
  | { kind: 'keyword'; keyref: string }
  // S1000D: references written as their XML (the pickers build it), and a figure with an ICN graphic.
  | { kind: 'dmRef'; inner: string }
  | { kind: 'internalRef'; internalRefId: string; internalRefTargetType?: string | undefined }
  | { kind: 'graphic'; icn: string; file: string; title: string }
  /** S1000D applicability of the element at the cursor (an empty id removes it); `newApplic` is added to the module's referencedApplicGroup first. */
  | { kind: 'applic'; applicRefId: string; newApplic?: NewApplic }
  /** A CIR item by the reference that names it (functionalItemRef, partRef, ...). */
  | { kind: 'cir'; ref: string; attrs: Record<string, string> };

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The attributes an insertion carries, in the order they are written. */
export function insertionAttrs(insertion: Insertion): Record<string, string> {
  const attrs: Record<string, string> = {};
  const put = (name: string, value: string | undefined) => {
    if (value) attrs[name] = value;
  };
  switch (insertion.kind) {
    case 'xref':
      put('href', insertion.href);
      put('keyref', insertion.keyref);
      break;
    case 'image':
      put('href', insertion.href);
      put('keyref', insertion.keyref);
      break;
    case 'conref':
      put('conref', insertion.conref);
      put('conkeyref', insertion.conkeyref);
      break;
    case 'internalRef':
      put('internalRefId', insertion.internalRefId);
      put('internalRefTargetType', insertion.internalRefTargetType);
      break;
    case 'dmRef':
      break;
    case 'applic':
      put('applicRefId', insertion.applicRefId);
      break;
    case 'cir':
      for (const [k, v] of Object.entries(insertion.attrs)) put(k, v);
      break;
    case 'graphic':
      put('infoEntityIdent', insertion.icn);
      break;
    default:
      put('keyref', insertion.keyref);
  }
  return attrs;
}

/** The element name an insertion writes. */
export const insertionElement = (insertion: Insertion) =>
  insertion.kind === 'conref' ? insertion.element : insertion.kind === 'cir' ? insertion.ref : insertion.kind;

/** The insertion as XML text, for the source view. */
export function insertionXml(insertion: Insertion): string {
  const name = insertionElement(insertion);
  const attrs = Object.entries(insertionAttrs(insertion))
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  if (insertion.kind === 'dmRef') return `<dmRef>${insertion.inner}</dmRef>`;
  // In the source view the attribute is written where the cursor is (inside a start tag).
  if (insertion.kind === 'applic') return insertion.applicRefId ? ` applicRefId="${escapeAttr(insertion.applicRefId)}"` : '';
  if (insertion.kind === 'graphic') return `<figure><title>${escapeText(insertion.title)}</title><graphic${attrs}/></figure>`;
  if (insertion.kind === 'image') {
    return insertion.alt ? `<image${attrs}><alt>${escapeText(insertion.alt)}</alt></image>` : `<image${attrs}/>`;
  }
  const text = insertion.kind === 'xref' || insertion.kind === 'term' ? insertion.text : undefined;
  return text ? `<${name}${attrs}>${escapeText(text)}</${name}>` : `<${name}${attrs}/>`;
}

/** The href from one library file to another (both paths from the library root), as DITA writes it. */
export function relativeHref(fromFile: string, toFile: string): string {
  const from = fromFile.split('/').slice(0, -1);
  const to = toFile.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common += 1;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/** An xref or conref target: the file (relative to the topic) and the topic/element fragment. */
export function targetHref(fromFile: string, target: { path: string; topicId: string; elementId: string | null }): string {
  const file = target.path === fromFile ? '' : relativeHref(fromFile, target.path);
  return `${file}#${target.topicId}${target.elementId ? `/${target.elementId}` : ''}`;
}
