/**
 * The product's profile for Airbus-style flight-operations packages (docs/flightops-profile.md):
 * documentary units (DUs) with one or more solutions, each effective for aircraft by MSN and
 * modification; a publication structure list (PSL) ordering DUs into a manual; a fleet file giving
 * each aircraft's MSN and embodied modifications. Airbus's own DTDs are customer data: this is
 * the shape the product accepts, documented so a package can be converted to it.
 */
import { firstChild, normText, parseXml, type XmlElement, XmlSyntaxError } from '@ccms/s1000d';

export const DU_TYPES = ['description', 'procedure', 'limitation', 'performance', 'dispatchItem'] as const;
export type DuType = (typeof DU_TYPES)[number];

export interface Effectivity {
  /** MSNs the solution is for; empty: every MSN. */
  msns: string[];
  /** Modifications that must be embodied; empty: none. */
  mods: string[];
}

export interface Solution {
  id: string;
  effectivity: Effectivity;
  line: number;
  /** Plain text of the solution, for search. */
  text: string;
}

export interface Du {
  id: string;
  type: DuType;
  /** The manual it belongs to (FCOM, QRH, FCTM, MEL). */
  manual: string;
  title: string;
  solutions: Solution[];
}

export interface PslNode {
  kind: 'chapter' | 'section' | 'duRef';
  title: string;
  /** duRef: the DU's id. */
  ref?: string;
  line: number;
  children: PslNode[];
}

export interface Psl {
  manual: string;
  title: string;
  revision: string;
  /** xml:lang of the root (zh-CN, en-US): the words of the published pages. */
  lang?: string;
  nodes: PslNode[];
}

export interface Aircraft {
  msn: string;
  registration: string;
  mods: string[];
}

/** A refusal naming the file and, for broken XML or a missing part, where. */
export class ProfileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly messages: { zh: string; en: string },
  ) {
    super(messages.en);
  }
}

function rootOf(file: string, text: string | Uint8Array, expected: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(text).root;
  } catch (err) {
    if (err instanceof XmlSyntaxError)
      throw new ProfileError(file, err.line, { zh: `${file}：XML 格式错误（${err.message}）`, en: `${file}: the XML is not well-formed (${err.message})` });
    throw err;
  }
  if (root.name !== expected)
    throw new ProfileError(file, root.line, {
      zh: `${file}：根元素是 <${root.name}>，应为 <${expected}>`,
      en: `${file}: the root is <${root.name}>, not <${expected}>`,
    });
  return root;
}

const words = (s: string | undefined) => (s ?? '').split(/\s+/).filter(Boolean);
const elements = (el: XmlElement, name: string) => el.children.filter((c): c is XmlElement => c.type === 'element' && c.name === name);

export function readDu(file: string, text: string | Uint8Array): Du {
  const root = rootOf(file, text, 'du');
  const id = root.attrs.id?.trim() ?? '';
  if (!id) throw new ProfileError(file, root.line, { zh: `${file}：<du> 缺少 id`, en: `${file}: <du> has no id` });
  const type = root.attrs.type as DuType;
  if (!DU_TYPES.includes(type))
    throw new ProfileError(file, root.line, {
      zh: `${file}：type“${root.attrs.type ?? ''}”不是 ${DU_TYPES.join('、')} 之一`,
      en: `${file}: type "${root.attrs.type ?? ''}" is not one of ${DU_TYPES.join(', ')}`,
    });
  const solutions = elements(root, 'solution').map((s, i) => {
    const eff = firstChild(s, 'effectivity');
    return {
      id: s.attrs.id?.trim() || `${id}-S${i + 1}`,
      effectivity: { msns: words(eff?.attrs.msn), mods: words(eff?.attrs.mod) },
      line: s.line,
      text: normText(s),
    };
  });
  if (solutions.length === 0) throw new ProfileError(file, root.line, { zh: `${file}：DU ${id} 没有 <solution>`, en: `${file}: DU ${id} has no <solution>` });
  return { id, type, manual: root.attrs.manual?.trim() ?? '', title: normText(firstChild(root, 'title')), solutions };
}

function pslNodes(el: XmlElement): PslNode[] {
  const out: PslNode[] = [];
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    if (c.name === 'chapter' || c.name === 'section') out.push({ kind: c.name, title: normText(firstChild(c, 'title')), line: c.line, children: pslNodes(c) });
    else if (c.name === 'duRef') out.push({ kind: 'duRef', title: '', ref: c.attrs.ref ?? '', line: c.line, children: [] });
  }
  return out;
}

export function readPsl(file: string, text: string | Uint8Array): Psl {
  const root = rootOf(file, text, 'psl');
  return { manual: root.attrs.manual ?? '', title: normText(firstChild(root, 'title')), revision: root.attrs.revision ?? '', nodes: pslNodes(root) };
}

export function readFleet(file: string, text: string | Uint8Array): Aircraft[] {
  const root = rootOf(file, text, 'fleet');
  return elements(root, 'aircraft').map((a) => ({ msn: a.attrs.msn ?? '', registration: a.attrs.registration ?? '', mods: words(a.attrs.mods) }));
}

/** Whether a solution is effective for an aircraft: its MSN listed (or none listed) and every modification it needs embodied. */
export const effectiveFor = (e: Effectivity, aircraft: Aircraft): boolean =>
  (e.msns.length === 0 || e.msns.includes(aircraft.msn)) && e.mods.every((m) => aircraft.mods.includes(m));

/** The DU ids a PSL lists, in order. */
export function pslOrder(psl: Psl): string[] {
  const out: string[] = [];
  const walk = (nodes: PslNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'duRef' && n.ref) out.push(n.ref);
      else walk(n.children);
    }
  };
  walk(psl.nodes);
  return out;
}
