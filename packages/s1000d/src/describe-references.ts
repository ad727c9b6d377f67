/**
 * What a described object points at and lists: its references (dmRef, pmRef, ICNs, internalRef,
 * CIR items) with their lines, the CIR items it declares, a PM's table of contents, a DML's entries
 * and a DDN's items. `describeFile` (describe.ts) calls these once the object is identified.
 */
import { dmCodeString, pmCodeString, readIssueInfo, readLanguage } from './codes.js';
import type { CsdbObject, ListEntry, Reference, TocItem } from './csdb-object.js';
import { problem } from './problem.js';
import { childElements, descendants, firstChild, normText, type XmlDocument, type XmlElement } from './xml.js';

/** CIR reference elements: the attributes that make the key, and the ident element that declares it. */
const CIR: Record<string, { ident: string; keys: string[] }> = {
  functionalItemRef: { ident: 'functionalItemIdent', keys: ['functionalItemNumber'] },
  partRef: { ident: 'partIdent', keys: ['manufacturerCodeValue', 'partNumberValue'] },
  toolRef: { ident: 'toolIdent', keys: ['manufacturerCodeValue', 'toolNumber'] },
  supplyRef: { ident: 'supplyIdent', keys: ['supplyNumber', 'supplyNumberType'] },
  warningRef: { ident: 'warningIdent', keys: ['warningIdentNumber'] },
  cautionRef: { ident: 'cautionIdent', keys: ['cautionIdentNumber'] },
  zoneRef: { ident: 'zoneIdent', keys: ['zoneNumber'] },
  accessPointRef: { ident: 'accessPointIdent', keys: ['accessPointNumber'] },
  circuitBreakerRef: { ident: 'circuitBreakerIdent', keys: ['circuitBreakerNumber'] },
  enterpriseRef: { ident: 'enterpriseIdent', keys: ['manufacturerCodeValue'] },
  controlIndicatorRef: { ident: 'controlIndicatorIdent', keys: ['controlIndicatorNumber'] },
};
/** The CIR reference elements (functionalItemRef, partRef, ...) with the attributes that make their key, in the key's order. */
export const CIR_REFS: Readonly<Record<string, { readonly ident: string; readonly keys: readonly string[] }>> = CIR;

const CIR_BY_IDENT = new Map(Object.entries(CIR).map(([ref, v]) => [v.ident, { ref, keys: v.keys }]));

export function cirKey(type: string, el: XmlElement, keys: string[]): string | undefined {
  const vals = keys.map((k) => el.attrs[k]);
  if (vals[0] === undefined) return undefined;
  return `${type}:${vals.map((v) => v ?? '').join('/')}`;
}

export function readCirItems(content: XmlElement): string[] {
  const repo = firstChild(content, 'commonRepository');
  if (repo === undefined) return [];
  const out: string[] = [];
  for (const el of descendants(repo)) {
    const c = CIR_BY_IDENT.get(el.name);
    if (c === undefined) continue;
    const key = cirKey(c.ref, el, c.keys);
    if (key !== undefined) out.push(key);
  }
  return out;
}

function refFromIdent(kind: 'dm' | 'pm', refEl: XmlElement, ident: XmlElement | undefined, section: Reference['section']): Reference | undefined {
  const codeEl = firstChild(ident, kind === 'dm' ? 'dmCode' : 'pmCode');
  if (codeEl === undefined) return undefined;
  let target = kind === 'dm' ? dmCodeString(codeEl) : pmCodeString(codeEl);
  const ext = firstChild(ident, 'identExtension');
  if (kind === 'dm' && ext !== undefined) target = `DME-${ext.attrs.extensionProducer ?? ''}-${ext.attrs.extensionCode ?? ''}-${target.slice(4)}`.toUpperCase();
  const ref: Reference = { kind, target, element: refEl.name, section, line: refEl.line, column: refEl.column };
  if (refEl.parent !== undefined) ref.parent = refEl.parent.name;
  const issue = readIssueInfo(firstChild(ident, 'issueInfo'));
  const lang = readLanguage(firstChild(ident, 'language'));
  if (issue !== undefined) ref.issue = issue;
  if (lang !== undefined) ref.language = lang;
  return ref;
}

export function collectReferences(obj: CsdbObject, root: XmlElement, doc: XmlDocument): void {
  const ids = new Set<string>();
  const internal: XmlElement[] = [];
  for (const section of childElements(root)) {
    const sec: Reference['section'] = /identAndStatusSection$/i.test(section.name) ? 'status' : 'content';
    for (const el of descendants(section)) {
      const id = el.attrs.id;
      if (id !== undefined) ids.add(id);
      switch (el.name) {
        case 'dmRef': {
          const r = refFromIdent('dm', el, firstChild(el, 'dmRefIdent'), sec);
          if (r !== undefined && el.parent?.name === 'refs' && el.parent.parent?.name === 'container') r.inContainer = true;
          if (r !== undefined) obj.references.push(r);
          break;
        }
        case 'pmRef': {
          const r = refFromIdent('pm', el, firstChild(el, 'pmRefIdent'), sec);
          if (r !== undefined) obj.references.push(r);
          break;
        }
        case 'internalRef':
          if (el.attrs.internalRefId !== undefined) internal.push(el);
          break;
        default: {
          const cir = CIR[el.name];
          if (cir !== undefined) {
            const key = cirKey(el.name, el, cir.keys);
            if (key !== undefined) obj.references.push({ kind: 'cir', target: key, element: el.name, section: sec, line: el.line, column: el.column });
          }
        }
      }
      const icn = el.attrs.infoEntityIdent;
      if (icn !== undefined) {
        const ent = doc.entities.get(icn);
        const target = (ent?.systemId?.replace(/^.*[/\\]/, '').replace(/\.[^.]*$/, '') ?? icn).toUpperCase();
        obj.references.push({ kind: 'icn', target, element: el.name, section: sec, line: el.line, column: el.column });
      }
    }
  }
  for (const el of internal) {
    const id = el.attrs.internalRefId ?? '';
    obj.references.push({ kind: 'internal', target: id, element: el.name, section: 'content', line: el.line, column: el.column });
    if (!ids.has(id)) {
      obj.problems.push(
        problem(
          'error',
          's1000d-internal-ref-broken',
          { file: obj.file, line: el.line, column: el.column },
          `internalRef 指向的 id「${id}」在本模块中不存在。`,
          `internalRef points at id "${id}", which this module does not have.`,
        ),
      );
    }
  }
}

export function readToc(obj: CsdbObject, parent: XmlElement | undefined): TocItem[] {
  const out: TocItem[] = [];
  if (parent === undefined) return out;
  const refs = new Map(obj.references.map((r) => [`${r.line}:${r.column}`, r]));
  const walk = (el: XmlElement): TocItem[] => {
    const items: TocItem[] = [];
    for (const c of childElements(el)) {
      if (c.name === 'pmEntry') items.push({ kind: 'entry', title: normText(firstChild(c, 'pmEntryTitle')), line: c.line, items: walk(c) });
      else if (c.name === 'dmRef' || c.name === 'pmRef') {
        const ref = refs.get(`${c.line}:${c.column}`);
        if (ref !== undefined) items.push({ kind: c.name, ref });
      }
    }
    return items;
  };
  return walk(parent);
}

export function readDmlEntries(obj: CsdbObject, root: XmlElement): ListEntry[] {
  const refs = new Map(obj.references.map((r) => [`${r.line}:${r.column}`, r]));
  const out: ListEntry[] = [];
  for (const el of descendants(root)) {
    if (el.name !== 'dmlEntry') continue;
    const refEl = childElements(el).find((c) => c.name === 'dmRef' || c.name === 'pmRef' || c.name.endsWith('Ref'));
    const entry: ListEntry = { line: el.line };
    const ref = refEl !== undefined ? refs.get(`${refEl.line}:${refEl.column}`) : undefined;
    if (ref !== undefined) entry.ref = ref;
    if (el.attrs.issueType !== undefined) entry.issueType = el.attrs.issueType;
    out.push(entry);
  }
  return out;
}

export function readDdnItems(_obj: CsdbObject, root: XmlElement): ListEntry[] {
  const out: ListEntry[] = [];
  for (const el of descendants(root)) {
    if (el.name !== 'deliveryListItem') continue;
    const entry: ListEntry = { line: el.line };
    const fileName = normText(firstChild(el, 'dispatchFileName'));
    const ecn = normText(firstChild(el, 'entityControlNumber'));
    const issue = readIssueInfo(firstChild(el, 'issueInfo'));
    if (fileName !== '') entry.dispatchFileName = fileName;
    if (ecn !== '') entry.entityControlNumber = ecn;
    if (issue !== undefined) entry.issue = issue;
    out.push(entry);
  }
  return out;
}
