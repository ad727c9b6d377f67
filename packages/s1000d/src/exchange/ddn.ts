/**
 * Data dispatch notes (DDN) and the files of a transfer package: what a CSDB sends to another, and
 * reads back from one. A package is the DDN plus the files it lists; the DDN is written for the
 * Issue 5.0 schema (ddn.xsd), the form every later reader accepts.
 */
import { compareIssues, type IssueInfo, issueString, parseFileName } from '../codes.js';
import type { Csdb } from '../csdb.js';
import type { CsdbObject } from '../describe.js';
import { descendants, firstChild, serializeElement } from '../xml.js';

export interface DdnParty {
  enterpriseName: string;
  city: string;
  country: string;
}

export interface DdnItem {
  /** The file name as sent (no folder). */
  fileName: string;
  /** The code of the object (DMC-..., PMC-..., ICN-...). */
  code: string;
  issue?: IssueInfo;
}

export interface DdnOptions {
  modelIdentCode: string;
  senderIdent: string;
  receiverIdent: string;
  /** yearOfDataIssue (4 digits) and seqNumber (5 digits). */
  year: string;
  seqNumber: string;
  date: Date;
  from: DdnParty;
  to: DdnParty;
  /** The security classification the package carries (01 unclassified). */
  securityClassification?: string;
  authorization: string;
  /** The `<dmRef>` of the project BREX the package answers to (ddn.xsd requires one). */
  brexDmRef: string;
  mediaLabel?: string;
  items: DdnItem[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function party(p: DdnParty): string {
  return `<dispatchAddress><enterprise><enterpriseName>${esc(p.enterpriseName)}</enterpriseName></enterprise><address><city>${esc(p.city)}</city><country>${esc(p.country)}</country></address></dispatchAddress>`;
}

/** The DDN's code as its file name says it: DDN-<model>-<sender>-<receiver>-<year>-<seq>. */
export const ddnCodeOf = (o: Pick<DdnOptions, 'modelIdentCode' | 'senderIdent' | 'receiverIdent' | 'year' | 'seqNumber'>) =>
  `DDN-${o.modelIdentCode}-${o.senderIdent}-${o.receiverIdent}-${o.year}-${o.seqNumber}`;

/** A DDN listing the items, valid against the Issue 5.0 ddn.xsd. */
export function writeDdn(o: DdnOptions): string {
  const items = o.items
    .map((i) => {
      const issue = i.issue ? `<issueInfo issueNumber="${esc(i.issue.issueNumber)}" inWork="${esc(i.issue.inWork)}"/>` : '';
      return `      <deliveryListItem><dispatchFileName>${esc(i.fileName)}</dispatchFileName><entityControlNumber>${esc(i.code)}</entityControlNumber>${issue}</deliveryListItem>`;
    })
    .join('\n');
  const d = o.date;
  return `<?xml version="1.0" encoding="UTF-8"?>
<ddn xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://www.purl.org/dc/elements/1.1/" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_5-0/xml_schema_flat/ddn.xsd">
  <identAndStatusSection>
    <ddnAddress>
      <ddnIdent><ddnCode modelIdentCode="${esc(o.modelIdentCode)}" senderIdent="${esc(o.senderIdent)}" receiverIdent="${esc(o.receiverIdent)}" yearOfDataIssue="${esc(o.year)}" seqNumber="${esc(o.seqNumber)}"/></ddnIdent>
      <ddnAddressItems>
        <issueDate year="${pad(d.getUTCFullYear(), 4)}" month="${pad(d.getUTCMonth() + 1, 2)}" day="${pad(d.getUTCDate(), 2)}"/>
        <dispatchTo>${party(o.to)}</dispatchTo>
        <dispatchFrom>${party(o.from)}</dispatchFrom>
      </ddnAddressItems>
    </ddnAddress>
    <ddnStatus>
      <security securityClassification="${esc(o.securityClassification ?? '01')}"/>
      <authorization>${esc(o.authorization)}</authorization>
      <brexDmRef>${o.brexDmRef}</brexDmRef>
    </ddnStatus>
  </identAndStatusSection>
  <ddnContent>
    <mediaIdent label="${esc(o.mediaLabel ?? ddnCodeOf(o))}"/>
    <deliveryList>
${items}
    </deliveryList>
  </ddnContent>
</ddn>
`;
}

/**
 * The files a publication module takes with it: the PM, the PMs its pmRefs name, their data
 * modules, and what those name in turn by code (ICNs through their entities, the ACT/CCT/PCT and
 * BREX modules of their status sections), each object once, latest issue, in PM order then by file.
 */
export function pmTransferSet(csdb: Csdb, pm: CsdbObject): CsdbObject[] {
  const out = new Map<string, CsdbObject>();
  const add = (o: CsdbObject | undefined) => {
    if (o !== undefined && !out.has(o.file)) out.set(o.file, o);
  };
  const pms: CsdbObject[] = [];
  const walkPm = (p: CsdbObject) => {
    if (pms.includes(p)) return;
    pms.push(p);
    add(p);
    for (const ref of p.references) {
      if (ref.kind !== 'pm' || ref.section !== 'content') continue;
      const r = csdb.resolve(ref);
      if ('target' in r && r.target.kind === 'pm') walkPm(r.target);
    }
  };
  walkPm(pm);
  const modules = csdb.pmModules(pm);
  for (const dm of modules) add(dm);
  // What the modules and PMs name by code: status-section references (BREX, cross-reference tables) and ICNs.
  for (const o of [...out.values()]) {
    for (const ref of o.references) {
      if (ref.kind === 'icn') add(csdb.graphic(ref.target));
      else if (ref.section === 'status' && (ref.kind === 'dm' || ref.kind === 'pm')) {
        const r = csdb.resolve(ref);
        if ('target' in r) add(r.target);
      }
    }
  }
  return [...out.values()];
}

/**
 * The `<dmRef>` of the BREX an object names in its status section (written as it is there), or of
 * the S1000D default BREX of Issue 5.0 when it names none.
 */
export function brexDmRefOf(o: CsdbObject | undefined): string {
  const status = o?.xml?.root ? firstChild(o.xml.root, 'identAndStatusSection') : undefined;
  for (const el of status ? descendants(status) : []) {
    if (el.name !== 'brexDmRef') continue;
    const ref = firstChild(el, 'dmRef');
    if (ref !== undefined) return serializeElement(ref);
  }
  return DEFAULT_BREX_REF;
}

const DEFAULT_BREX_REF =
  '<dmRef><dmRefIdent><dmCode modelIdentCode="S1000D" systemDiffCode="H" systemCode="04" subSystemCode="1" subSubSystemCode="0" assyCode="0301" disassyCode="00" disassyCodeVariant="A" infoCode="022" infoCodeVariant="A" itemLocationCode="D"/></dmRefIdent></dmRef>';

/** The DDN item of an object of the set: its file name, code and issue. */
export function ddnItemOf(o: CsdbObject): DdnItem {
  const fileName = o.file.slice(o.file.lastIndexOf('/') + 1);
  return { fileName, code: o.code, ...(o.issue ? { issue: o.issue } : {}) };
}

export type TransferAction = 'added' | 'newIssue' | 'olderIssue' | 'replaced' | 'unchanged';

export interface TransferChange {
  /** Where the file goes in the library. */
  path: string;
  kind: string;
  code: string;
  /** Issue-inWork of what the library held, and of what arrives. */
  from: string | null;
  to: string | null;
  action: TransferAction;
  /** The library file the new issue replaces (removed in the same commit). */
  replaces: string | null;
}

/**
 * What a package does to a set: for each arriving S1000D file, whether its code is new, brings a
 * later issue (the earlier file is replaced: git keeps it in history), an earlier one (kept apart,
 * flagged), the same issue with other bytes (replaced) or the same bytes (unchanged).
 */
export function transferChanges(csdb: Csdb, arriving: Array<{ path: string; object: CsdbObject; sameBytes: boolean }>): TransferChange[] {
  return arriving.map(({ path, object, sameBytes }) => {
    const held = csdb
      .withCode(object.code)
      .filter(
        (o) =>
          (o.language?.languageIsoCode ?? '') === (object.language?.languageIsoCode ?? '') &&
          (o.language?.countryIsoCode ?? '') === (object.language?.countryIsoCode ?? ''),
      );
    const latest = held[held.length - 1];
    const to = issueString(object.issue) ?? null;
    const base = { path, kind: object.kind, code: object.code, to };
    if (latest === undefined) return { ...base, from: null, action: 'added', replaces: null };
    const from = issueString(latest.issue) ?? null;
    if (latest.file === path) return { ...base, from, action: sameBytes ? 'unchanged' : 'replaced', replaces: null };
    const cmp = object.issue === undefined || latest.issue === undefined ? 0 : compareIssues(object.issue, latest.issue);
    if (cmp > 0) return { ...base, from, action: 'newIssue', replaces: latest.file };
    if (cmp < 0) return { ...base, from, action: 'olderIssue', replaces: null };
    return { ...base, from, action: 'replaced', replaces: latest.file };
  });
}

/** True for a name a transfer package may carry into a CSDB (an S1000D object or an ICN). */
export const isTransferName = (name: string) => parseFileName(name) !== undefined;
