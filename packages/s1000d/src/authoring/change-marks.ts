import type { XmlDocument, XmlElement } from '../xml.js';
import { parseXml } from '../xml.js';
import { elementPath } from './edit.js';

/**
 * Change marks proposed from the difference between two issues of an object, element by element:
 * the content's block elements (paragraphs, steps, levelled paragraphs, notes, list items, ...)
 * are aligned by their own text (what they say outside the blocks they hold); one that is new is
 * an `add`, one that takes the place of a changed one a `modify`. A block inside an added one is
 * covered by its parent's mark. The author edits the list before issuing.
 */
export const MARKABLE = new Set([
  'para',
  'proceduralStep',
  'levelledPara',
  'note',
  'warning',
  'caution',
  'listItem',
  'figure',
  'table',
  'row',
  'crewDrillStep',
  'challengeAndResponse',
  'detectedFault',
  'isolatedFault',
  'catalogSeqNumber',
  'pmEntry',
  'dmRef',
]);

export type ChangeType = 'add' | 'modify' | 'delete';

export interface ChangeMark {
  /** The element in the new text (elementPath). */
  path: string;
  element: string;
  changeType: ChangeType;
  /** Its own text, shortened (what the author sees). */
  text: string;
  /** What the element it replaces said (modify). */
  before?: string;
}

export interface ChangeProposal {
  marks: ChangeMark[];
  /** Blocks of the previous issue with no counterpart: removed. */
  removed: { element: string; text: string }[];
}

interface Block {
  el: XmlElement;
  key: string;
  text: string;
  parent: number;
}

const short = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

/** The element's text outside its markable descendants, whitespace collapsed. */
function ownText(el: XmlElement): string {
  let out = '';
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.type === 'text') out += c.text;
      else if (c.type === 'element' && !MARKABLE.has(c.name)) {
        // References count by what they name.
        const code = Object.entries(c.attrs)
          .filter(([k]) => /Code$|^infoEntityIdent$|^internalRefId$|^issueNumber$|^inWork$/.test(k))
          .map(([, v]) => v)
          .join('-');
        if (code) out += ` [${code}] `;
        walk(c);
      }
    }
  };
  walk(el);
  return out.replace(/\s+/g, ' ').trim();
}

function contentOf(doc: XmlDocument): XmlElement | undefined {
  return doc.root.children.find((c): c is XmlElement => c.type === 'element' && (c.name === 'content' || c.name === 'dmlContent'));
}

function blocks(doc: XmlDocument): Block[] {
  const out: Block[] = [];
  const content = contentOf(doc);
  if (!content) return out;
  const walk = (el: XmlElement, parent: number) => {
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (MARKABLE.has(c.name)) {
        const text = ownText(c);
        out.push({ el: c, key: `${c.name}\u0000${text}`, text, parent });
        walk(c, out.length - 1);
      } else walk(c, parent);
    }
  };
  walk(content, -1);
  return out;
}

/** Pairs of indices (i in a, j in b) of a longest common subsequence of keys; common ends first, so large modules stay cheap. */
function lcs(a: string[], b: string[]): [number, number][] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  const pairs: [number, number][] = [];
  for (let i = 0; i < start; i++) pairs.push([i, i]);
  if (n > 0 && m > 0) {
    const table = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        table[i * (m + 1) + j] =
          a[start + i] === b[start + j]
            ? (table[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
            : Math.max(table[(i + 1) * (m + 1) + j] ?? 0, table[i * (m + 1) + j + 1] ?? 0);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        pairs.push([start + i, start + j]);
        i++;
        j++;
      } else if ((table[(i + 1) * (m + 1) + j] ?? 0) >= (table[i * (m + 1) + j + 1] ?? 0)) i++;
      else j++;
    }
  }
  for (let k = 0; k < a.length - endA; k++) pairs.push([endA + k, endB + k]);
  return pairs;
}

/** The change marks the new text deserves against the previous issue's. */
export function proposeChangeMarks(previousXml: string, currentXml: string): ChangeProposal {
  const before = blocks(parseXml(previousXml));
  const after = blocks(parseXml(currentXml));
  const pairs = lcs(
    before.map((b) => b.key),
    after.map((b) => b.key),
  );
  const marks: ChangeMark[] = [];
  const removed: ChangeProposal['removed'] = [];
  const kind: (ChangeType | 'same')[] = after.map(() => 'add');
  // Gaps between matched anchors: unmatched blocks of the same name pair up as modified, in order.
  const anchors: [number, number][] = [[-1, -1], ...pairs, [before.length, after.length]];
  const replaced = new Map<number, Block>();
  for (let k = 0; k + 1 < anchors.length; k++) {
    const [pi, pj] = anchors[k] ?? [-1, -1];
    const [ni, nj] = anchors[k + 1] ?? [before.length, after.length];
    if (k > 0) kind[pj] = 'same';
    const gone = before.slice(pi + 1, ni);
    const used = new Set<number>();
    for (let j = pj + 1; j < nj; j++) {
      const b = after[j];
      if (!b) continue;
      const match = gone.findIndex((g, idx) => !used.has(idx) && g.el.name === b.el.name);
      if (match >= 0) {
        used.add(match);
        kind[j] = 'modify';
        const old = gone[match];
        if (old) replaced.set(j, old);
      }
    }
    gone.forEach((g, idx) => {
      if (!used.has(idx)) removed.push({ element: g.el.name, text: short(g.text) });
    });
  }
  const added = new Set<number>();
  after.forEach((b, j) => {
    const k = kind[j];
    if (k === 'same' || k === undefined) return;
    // Inside an added block: its parent's mark covers it.
    for (let p = b.parent; p >= 0; p = after[p]?.parent ?? -1) if (added.has(p)) return;
    if (k === 'add') added.add(j);
    const mark: ChangeMark = { path: elementPath(b.el), element: b.el.name, changeType: k, text: short(b.text) };
    const old = replaced.get(j);
    if (old) mark.before = short(old.text);
    marks.push(mark);
  });
  return { marks, removed };
}
