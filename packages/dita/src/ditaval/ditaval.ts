import type { Problem } from '../problems/problem.js';
import type { Flag, XmlElement } from '../xml/xml-dom.js';
import { childElements, textContent } from '../xml/xml-dom.js';
import { parseXml } from '../xml/xml-parser.js';

export type ConditionAction = 'include' | 'exclude' | 'passthrough' | 'flag';

/** One condition, as a DITAVAL <prop>/<revprop> or as the server's filter group entry. */
export interface Condition {
  /** Attribute name; omitted means "every attribute" (a default action). */
  att?: string;
  /** Value; omitted means "every value of att". */
  val?: string;
  action: ConditionAction;
  color?: string;
  backcolor?: string;
  /** underline, double-underline, italics, overline, bold, line-through (space separated). */
  style?: string;
  startflag?: { imageref?: string; alt?: string };
  endflag?: { imageref?: string; alt?: string };
  changebar?: string;
  /** A <revprop>: flags @rev values, never excludes. */
  revprop?: boolean;
}

const ACTIONS = new Set<string>(['include', 'exclude', 'passthrough', 'flag']);
/** Attributes DITA filters on out of the box; specialised props are added by the rules that name them. */
export const FILTER_ATTRIBUTES = ['props', 'audience', 'platform', 'product', 'otherprops', 'deliveryTarget'];

export interface ParsedDitaval {
  conditions: Condition[];
  problems: Problem[];
}

function flagImage(el: XmlElement | undefined, ditavalPath: string): { imageref?: string; alt?: string } | undefined {
  if (el === undefined) return undefined;
  const out: { imageref?: string; alt?: string } = {};
  const img = el.attrs.imageref;
  if (img) {
    const dir = ditavalPath.includes('/') ? ditavalPath.slice(0, ditavalPath.lastIndexOf('/') + 1) : '';
    out.imageref = /^[a-z]+:/i.test(img) || img.startsWith('/') ? img : dir + img;
  }
  for (const c of childElements(el)) if (c.name === 'alt-text') out.alt = textContent(c).trim();
  return out;
}

export function parseDitaval(content: string | Buffer, path: string): ParsedDitaval {
  const parsed = parseXml(content, path);
  const problems = [...parsed.problems];
  const conditions: Condition[] = [];
  const root = parsed.root;
  if (root === undefined) return { conditions, problems };
  if (root.name !== 'val') {
    problems.push({ severity: 'error', code: 'ditaval-invalid', message: `A DITAVAL file has root <val>, not <${root.name}>`, ...at(root) });
    return { conditions, problems };
  }
  for (const el of childElements(root)) {
    if (el.name !== 'prop' && el.name !== 'revprop') continue;
    const action = el.attrs.action ?? '';
    if (!ACTIONS.has(action)) {
      problems.push({
        severity: 'error',
        code: 'ditaval-unknown-action',
        message: `Unknown DITAVAL action "${action}" on <${el.name}>: expected include, exclude, passthrough or flag; the rule is ignored`,
        ...at(el),
      });
      continue;
    }
    const c: Condition = { action: action as ConditionAction };
    const att = el.name === 'revprop' ? 'rev' : el.attrs.att;
    if (att) c.att = att;
    if (el.attrs.val !== undefined) c.val = el.attrs.val;
    if (el.attrs.color) c.color = el.attrs.color;
    if (el.attrs.backcolor) c.backcolor = el.attrs.backcolor;
    if (el.attrs.style) c.style = el.attrs.style;
    if (el.attrs.changebar) c.changebar = el.attrs.changebar;
    const sf = flagImage(
      [...childElements(el)].find((x) => x.name === 'startflag'),
      path,
    );
    const ef = flagImage(
      [...childElements(el)].find((x) => x.name === 'endflag'),
      path,
    );
    if (sf) c.startflag = sf;
    if (ef) c.endflag = ef;
    if (el.name === 'revprop') c.revprop = true;
    conditions.push(c);
  }
  return { conditions, problems };
}

function at(el: XmlElement): { file: string; line: number; column: number } {
  return { file: el.file, line: el.line, column: el.column };
}

/** Splits a filter attribute value, expanding DITA 1.3 groups `name(a b)`. */
export function filterValues(att: string, value: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const re = /([^\s()]+)\(([^)]*)\)|([^\s()]+)/g;
  for (let m = re.exec(value); m !== null; m = re.exec(value)) {
    if (m[1] !== undefined) {
      for (const v of (m[2] ?? '').split(/\s+/)) if (v) out.push([m[1], v]);
    } else if (m[3] !== undefined) out.push([att, m[3]]);
  }
  return out;
}

/** Applies conditions to a tree: excluded elements are removed, flagged ones get `flags`. */
export class ConditionFilter {
  private readonly exact = new Map<string, Condition>();
  private readonly attDefault = new Map<string, Condition>();
  private globalDefault: Condition | undefined;
  /** Subject scheme hierarchy: value -> its parent subject (DITA 1.3 subject scheme maps). */
  private readonly parents = new Map<string, string>();
  readonly attributes: string[];
  readonly empty: boolean;

  constructor(conditions: readonly Condition[]) {
    const atts = new Set<string>(FILTER_ATTRIBUTES);
    for (const c of conditions) {
      if (c.att === undefined) {
        this.globalDefault ??= c;
        continue;
      }
      atts.add(c.att);
      if (c.val === undefined) {
        if (!this.attDefault.has(c.att)) this.attDefault.set(c.att, c);
      } else {
        const key = `${c.att}\u0000${c.val}`;
        if (!this.exact.has(key)) this.exact.set(key, c);
      }
    }
    this.attributes = [...atts];
    this.empty = conditions.length === 0;
  }

  /**
   * A subject scheme's hierarchy: a rule on a subject applies to the subjects below it that have no rule of their
   * own (excluding "linux" excludes "redhat"; a flag on "linux" flags "suse"). Returns whether anything changed.
   */
  useSubjectHierarchy(trees: ReadonlyArray<{ keys: string[]; children: ReadonlyArray<unknown> }>): boolean {
    const before = this.parents.size;
    const walk = (d: { keys: string[]; children: ReadonlyArray<unknown> }, parent: string | undefined): void => {
      const own = d.keys[0];
      if (parent !== undefined) for (const k of d.keys) if (!this.parents.has(k) && k !== parent) this.parents.set(k, parent);
      for (const c of d.children) walk(c as { keys: string[]; children: ReadonlyArray<unknown> }, own ?? parent);
    };
    for (const t of trees) walk(t, undefined);
    return this.parents.size !== before;
  }

  private rule(att: string, val: string): Condition | undefined {
    const seen = new Set<string>();
    for (let v: string | undefined = val; v !== undefined && !seen.has(v); v = this.parents.get(v)) {
      seen.add(v);
      const r = this.exact.get(`${att}\u0000${v}`);
      if (r !== undefined) return r;
    }
    return this.attDefault.get(att) ?? (att !== 'rev' ? this.globalDefault : undefined);
  }

  /** Whether the element is excluded, and the flags that apply to it. */
  decide(el: XmlElement): { exclude: boolean; flags: Flag[] } {
    const flags: Flag[] = [];
    let exclude = false;
    for (const att of this.attributes) {
      if (att === 'rev') continue;
      const raw = el.attrs[att];
      if (raw === undefined || raw.trim() === '') continue;
      const byAtt = new Map<string, { total: number; excluded: number }>();
      for (const [groupAtt, val] of filterValues(att, raw)) {
        const r = this.rule(groupAtt, val) ?? (groupAtt !== att ? this.rule(att, val) : undefined);
        const tally = byAtt.get(groupAtt) ?? { total: 0, excluded: 0 };
        tally.total++;
        if (r?.action === 'exclude') tally.excluded++;
        if (r?.action === 'flag') flags.push(toFlag(groupAtt, val, r));
        byAtt.set(groupAtt, tally);
      }
      for (const t of byAtt.values()) if (t.total > 0 && t.excluded === t.total) exclude = true;
    }
    const rev = el.attrs.rev;
    if (rev) {
      for (const val of rev.split(/\s+/)) {
        if (!val) continue;
        const r = this.rule('rev', val);
        if (r?.action === 'flag') flags.push(toFlag('rev', val, r));
      }
    }
    return { exclude, flags };
  }

  /** Filters the tree in place. Returns how many elements were removed. */
  apply(root: XmlElement): number {
    if (this.empty) return 0;
    let removed = 0;
    const visit = (el: XmlElement): void => {
      const kept = [];
      for (const c of el.children) {
        if (c.type === 'element') {
          const d = this.decide(c);
          if (d.exclude) {
            removed++;
            continue;
          }
          if (d.flags.length > 0) c.flags = d.flags;
          visit(c);
        }
        kept.push(c);
      }
      el.children = kept;
    };
    const d = this.decide(root);
    if (d.flags.length > 0) root.flags = d.flags;
    visit(root);
    return removed;
  }

  /** Whether the root element itself is excluded (a whole topic or map branch). */
  excludes(el: XmlElement): boolean {
    return !this.empty && this.decide(el).exclude;
  }
}

function toFlag(att: string, val: string, r: Condition): Flag {
  const f: Flag = { att, val, revprop: r.revprop === true || att === 'rev' };
  if (r.color) f.color = r.color;
  if (r.backcolor) f.backcolor = r.backcolor;
  if (r.style) f.style = r.style.split(/\s+/).filter(Boolean);
  if (r.startflag?.imageref) f.startImage = r.startflag.imageref;
  if (r.startflag?.alt) f.startAlt = r.startflag.alt;
  if (r.endflag?.imageref) f.endImage = r.endflag.imageref;
  if (r.endflag?.alt) f.endAlt = r.endflag.alt;
  if (r.changebar) f.changebar = r.changebar;
  return f;
}
