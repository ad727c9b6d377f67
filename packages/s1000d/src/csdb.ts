/**
 * A set of described CSDB objects: references resolved by code, where-used, status warnings, and
 * applicability filtering over a publication module or the whole set.
 * Over 400 lines: one class over one set of objects; its indexes (by code and CIR item, built once;
 * where-used, built on first ask) serve every question it answers (resolve, uses, warnings, filter).
 */
import {
  type Applic,
  type Assignment,
  applies,
  filterInstance,
  findProduct,
  type InstanceOptions,
  type InstanceResult,
  type Product,
  valueMatches,
} from './applic.js';
import { compareIssues, type IssueInfo, issueString, languageString } from './codes.js';
import type { CsdbObject, Reference, TocItem } from './describe.js';
import { type Problem, problem } from './problem.js';

export type Resolution =
  /** The named issue (or, with none named, the latest) is present. */
  | { status: 'ok'; target: CsdbObject }
  /** The reference names an older issue than the one present: not broken, it resolves to the later issue. */
  | { status: 'later-issue'; target: CsdbObject }
  /** The reference names an issue newer than any present. */
  | { status: 'issue-missing'; target: CsdbObject }
  /** No object has the code. */
  | { status: 'broken' }
  /** Internal references, and CIR items of a type the set holds no repository of: not resolved at set level. */
  | { status: 'not-applicable' };

export interface Use {
  from: CsdbObject;
  ref: Reference;
}

const LISTS = new Set(['dml', 'ddn']);

export class Csdb {
  readonly objects: CsdbObject[];
  private readonly byCode = new Map<string, CsdbObject[]>();
  private readonly cir = new Map<string, CsdbObject>();
  /** The CIR item types the set holds a repository of (partRef, functionalItemRef, ...). */
  private readonly cirTypes = new Set<string>();
  private usesIndex: Map<string, Use[]> | undefined;

  constructor(objects: Iterable<CsdbObject>) {
    this.objects = [...objects];
    for (const o of this.objects) {
      if (o.refused || o.code === '') continue;
      const list = this.byCode.get(o.code);
      if (list === undefined) this.byCode.set(o.code, [o]);
      else list.push(o);
      for (const k of o.cirItems ?? []) {
        if (!this.cir.has(k)) this.cir.set(k, o);
        this.cirTypes.add(k.slice(0, k.indexOf(':')));
      }
    }
  }

  /** Objects with a code (every issue and language present), latest issue last. */
  withCode(code: string): CsdbObject[] {
    const list = this.byCode.get(code.toUpperCase()) ?? [];
    return [...list].sort((a, b) => (a.issue && b.issue ? compareIssues(a.issue, b.issue) : 0));
  }

  /** The latest issue of a code (in a language when one is given). */
  latest(code: string, language?: string): CsdbObject | undefined {
    let list = this.withCode(code);
    if (language !== undefined) {
      const inLang = list.filter((o) => languageString(o.language)?.toLowerCase() === language.toLowerCase());
      if (inLang.length > 0) list = inLang;
    }
    return list[list.length - 1];
  }

  resolve(ref: Reference): Resolution {
    if (ref.kind === 'internal') return { status: 'not-applicable' };
    if (ref.kind === 'cir') {
      // A set with no repository of the item's type (parts, functional items, ...) refers to one kept elsewhere: not checked here.
      if (!this.cirTypes.has(ref.target.slice(0, ref.target.indexOf(':')))) return { status: 'not-applicable' };
      const t = this.cir.get(ref.target);
      return t === undefined ? { status: 'broken' } : { status: 'ok', target: t };
    }
    const latest = this.latest(ref.target, ref.language !== undefined ? languageString(ref.language) : undefined);
    if (latest === undefined) return { status: 'broken' };
    if (ref.issue === undefined || latest.issue === undefined) return { status: 'ok', target: latest };
    const exact = this.withCode(ref.target).find((o) => o.issue && issueString(o.issue) === issueString(ref.issue));
    if (exact !== undefined) return { status: 'ok', target: exact };
    return compareIssues(ref.issue, latest.issue) < 0 ? { status: 'later-issue', target: latest } : { status: 'issue-missing', target: latest };
  }

  /** Every reference of every object with its resolution (ICN, DM, PM and CIR references). */
  *resolutions(): Generator<{ from: CsdbObject; ref: Reference; resolution: Resolution }> {
    for (const from of this.objects) {
      for (const ref of from.references) {
        if (ref.kind === 'internal') continue;
        yield { from, ref, resolution: this.resolve(ref) };
      }
    }
  }

  /**
   * Objects that reference a code (DMs, PMs, DMLs, ...), in set order; one Use per reference. With an
   * issue, only the references that name no issue or exactly that one (where this issue is used).
   */
  whereUsed(code: string, issue?: IssueInfo): Use[] {
    const all = this.allUses(code);
    if (issue === undefined) return all;
    const want = issueString(issue);
    return all.filter((u) => u.ref.issue === undefined || issueString(u.ref.issue) === want);
  }

  /** The distinct objects of whereUsed, in set order. */
  usedBy(code: string, issue?: IssueInfo): CsdbObject[] {
    return [...new Set(this.whereUsed(code, issue).map((u) => u.from))];
  }

  private allUses(code: string): Use[] {
    if (this.usesIndex === undefined) {
      this.usesIndex = new Map();
      for (const from of this.objects) {
        for (const ref of from.references) {
          if (ref.kind !== 'dm' && ref.kind !== 'pm' && ref.kind !== 'icn') continue;
          const list = this.usesIndex.get(ref.target);
          if (list === undefined) this.usesIndex.set(ref.target, [{ from, ref }]);
          else list.push({ from, ref });
        }
      }
    }
    return this.usesIndex.get(code.toUpperCase()) ?? [];
  }

  /** The data module references of a PM's table of contents, in order, nested entries flattened (pmRefs are not followed). */
  pmModuleRefs(pm: CsdbObject): Reference[] {
    const out: Reference[] = [];
    const walk = (items: TocItem[]): void => {
      for (const it of items) {
        if (it.kind === 'entry') walk(it.items);
        else if (it.kind === 'dmRef') out.push(it.ref);
      }
    };
    walk(pm.toc ?? []);
    return out;
  }

  /**
   * The data modules a PM lists, resolved, in its order, with those of the PMs its pmRefs name (a
   * list of applicable publications holds only pmRefs); each PM read once, unresolved references left out.
   */
  pmModules(pm: CsdbObject, seen = new Set<CsdbObject>()): CsdbObject[] {
    seen.add(pm);
    const out: CsdbObject[] = [];
    const walk = (items: TocItem[]): void => {
      for (const item of items) {
        if (item.kind === 'entry') {
          walk(item.items);
          continue;
        }
        const r = this.resolve(item.ref);
        if (!('target' in r)) continue;
        if (item.kind === 'dmRef') out.push(r.target);
        else if (r.target.kind === 'pm' && !seen.has(r.target)) out.push(...this.pmModules(r.target, seen));
      }
    };
    walk(pm.toc ?? []);
    return out;
  }

  /** The data modules of a PM that apply to a product (unresolved references left out). */
  applicableModules(pm: CsdbObject, assignment: Assignment): CsdbObject[] {
    const out: CsdbObject[] = [];
    for (const ref of this.pmModuleRefs(pm)) {
      const r = this.resolve(ref);
      if ('target' in r && applies(r.target.applic, assignment)) out.push(r.target);
    }
    return out;
  }

  /** Data modules of the set (DMs and DMEs) whose own applicability is false for the assignment. */
  notApplicable(assignment: Assignment, kinds: ReadonlyArray<CsdbObject['kind']> = ['dm', 'dme']): CsdbObject[] {
    return this.objects.filter((o) => kinds.includes(o.kind) && !o.refused && !applies(o.applic, assignment));
  }

  /** Products of the set's PCTs. */
  products(): Array<Product & { pct: CsdbObject }> {
    const out: Array<Product & { pct: CsdbObject }> = [];
    for (const o of this.objects) for (const p of o.tables?.products ?? []) out.push({ ...p, pct: o });
    return out;
  }

  /** The assignment of a PCT product named by its id or its primary attribute (serial number). */
  productAssignment(key: string): Assignment | undefined {
    const primary = this.objects.flatMap((o) => o.tables?.productAttributes ?? []).find((a) => a.primary)?.id;
    return findProduct(this.products(), key, primary)?.assignment;
  }

  /** A filtered instance of one module for a product: elements not applicable removed. */
  instance(dm: CsdbObject, assignment: Assignment, options: InstanceOptions = {}): InstanceResult | undefined {
    if (dm.xml === undefined) return undefined;
    return filterInstance(dm.xml, dm.applicGroup as ReadonlyMap<string, Applic>, assignment, options);
  }

  /** Counts of issueType and quality assurance over data modules (DMC, DME) and publication modules. */
  statusCounts(kinds: ReadonlyArray<CsdbObject['kind']> = ['dm', 'dme', 'pm']): {
    issueType: Record<string, number>;
    qualityAssurance: Record<string, number>;
  } {
    const issueType: Record<string, number> = {};
    const qualityAssurance: Record<string, number> = {};
    for (const o of this.objects) {
      if (!kinds.includes(o.kind) || o.refused) continue;
      const t = o.issueType ?? 'absent';
      issueType[t] = (issueType[t] ?? 0) + 1;
      const q = o.qualityAssurance ?? 'absent';
      qualityAssurance[q] = (qualityAssurance[q] ?? 0) + 1;
    }
    return { issueType, qualityAssurance };
  }

  /**
   * Set-level problems: broken references (error), references that resolve to a later issue (info),
   * deleted modules still listed by a PM (warning), two files with the same identity (error).
   * Each object's own problems (name mismatch, broken internal references) are included.
   */
  problems(): Problem[] {
    const out: Problem[] = [];
    for (const o of this.objects) out.push(...o.problems);
    for (const { from, ref, resolution } of this.resolutions()) {
      const at = { file: from.file, line: ref.line, column: ref.column };
      if (resolution.status === 'broken' && ref.parent === 'brexDmRef' && /^DMC-S1000D-/.test(ref.target)) {
        out.push(
          problem(
            'info',
            's1000d-ref-default-brex',
            at,
            `${ref.target} 是 S1000D 默认 BREX，由 S1000D 规范提供，不在本数据库中。`,
            `${ref.target} is an S1000D default BREX, provided with the specification rather than kept in this CSDB.`,
          ),
        );
      } else if (resolution.status === 'broken') {
        const what = ref.kind === 'icn' ? 'ICN' : ref.kind === 'cir' ? 'CIR' : ref.kind.toUpperCase();
        out.push(
          problem(
            'error',
            's1000d-ref-broken',
            at,
            `<${ref.element}> 引用的 ${ref.target} 在数据库中不存在（${what}）。`,
            `<${ref.element}> references ${ref.target}, which is not in the CSDB (${what}).`,
          ),
        );
      } else if (resolution.status === 'later-issue' && resolution.target.issue) {
        const named = issueString(ref.issue);
        const present = issueString(resolution.target.issue);
        out.push(
          problem(
            'info',
            's1000d-ref-later-issue',
            at,
            `${ref.target} 引用的是 ${named} 版，库中为更新的 ${present} 版。`,
            `${ref.target} is referenced at issue ${named}; the CSDB has the later issue ${present}.`,
          ),
        );
      } else if (resolution.status === 'issue-missing' && resolution.target.issue) {
        const named = issueString(ref.issue);
        const present = issueString(resolution.target.issue);
        out.push(
          problem(
            'warning',
            's1000d-ref-issue-missing',
            at,
            `${ref.target} 引用的 ${named} 版比库中最新的 ${present} 版还新。`,
            `${ref.target} is referenced at issue ${named}, newer than the latest issue in the CSDB (${present}).`,
          ),
        );
      }
      if (from.kind === 'pm' && 'target' in resolution && resolution.target.issueType === 'deleted') {
        out.push(
          problem(
            'warning',
            's1000d-deleted-listed',
            at,
            `出版物模块仍列出已删除的数据模块 ${ref.target}。`,
            `The publication module still lists the deleted data module ${ref.target}.`,
          ),
        );
      }
    }
    for (const [code, list] of this.byCode) {
      if (list[0]?.kind === 'icn') continue; // one ICN in several formats is not a duplicate
      const seen = new Map<string, CsdbObject>();
      for (const o of list) {
        const key = `${issueString(o.issue) ?? ''}|${languageString(o.language) ?? ''}`;
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, o);
          continue;
        }
        out.push(
          problem(
            'error',
            's1000d-duplicate',
            { file: o.file, line: 1, column: 1 },
            `${code} 的同一版本已有文件 ${first.file}。`,
            `The same issue of ${code} is already in ${first.file}.`,
          ),
        );
      }
    }
    return out;
  }

  /**
   * The file of an ICN for an output: one ICN may exist in several formats (PNG and SVG, CGM and PNG).
   * `preferred` lists extensions best first (SVG, PNG for HTML; the caller's order for PDF).
   */
  graphic(code: string, preferred: readonly string[] = ['SVG', 'PNG', 'JPG', 'JPEG', 'GIF', 'CGM']): CsdbObject | undefined {
    const files = this.withCode(code).filter((o) => o.kind === 'icn');
    for (const ext of preferred) {
      const hit = files.find((o) => o.format === ext.toUpperCase());
      if (hit !== undefined) return hit;
    }
    return files[0];
  }

  /**
   * A container data module's alternatives (content/container/refs), each with whether it applies to
   * the product: the container is resolved by taking the ones that apply.
   */
  containerAlternatives(dm: CsdbObject, assignment: Assignment = {}): Array<{ ref: Reference; target?: CsdbObject; applies: boolean }> {
    const refs = dm.references.filter((r) => r.kind === 'dm' && r.section === 'content' && r.inContainer === true);
    return refs.map((ref) => {
      const res = this.resolve(ref);
      const target = 'target' in res ? res.target : undefined;
      return { ref, ...(target !== undefined ? { target } : {}), applies: target !== undefined && applies(target.applic, assignment) };
    });
  }

  /**
   * Checks a module's applicability against the set's ACT and CCT (the ones it references, else any):
   * every asserted property must be declared, every value within the declared values.
   */
  checkApplicability(dm: CsdbObject): Problem[] {
    const out: Problem[] = [];
    const tables = this.tablesFor(dm);
    if (tables.attrs.size === 0 && tables.conds.size === 0) return out;
    const exprs: Applic[] = [];
    if (dm.applic !== undefined) exprs.push(dm.applic);
    exprs.push(...dm.applicGroup.values());
    const visit = (a: Applic): void => {
      if (a.kind === 'evaluate') for (const o of a.operands) visit(o);
      if (a.kind !== 'assert') return;
      const at = { file: dm.file, line: a.line, column: 1 };
      const declared = a.type === 'condition' ? tables.conds.get(a.ident) : tables.attrs.get(a.ident);
      if (declared === undefined) {
        out.push(
          problem(
            'error',
            's1000d-applic-undeclared',
            at,
            `适用性属性「${a.ident}」（${a.type}）未在 ACT/CCT 中声明。`,
            `Applicability property "${a.ident}" (${a.type}) is not declared in the ACT/CCT.`,
          ),
        );
        return;
      }
      if (declared.length === 0) return;
      for (const v of a.values.split('|')) {
        const ends = v.split('~');
        if (ends.every((e) => declared.some((d) => valueMatches(e, d)))) continue;
        out.push(
          problem(
            'error',
            's1000d-applic-value',
            at,
            `「${a.ident}」的值「${v}」不在 ACT/CCT 声明的取值（${declared.join('，')}）之内。`,
            `Value "${v}" of "${a.ident}" is not among the values the ACT/CCT declares (${declared.join(', ')}).`,
          ),
        );
      }
    };
    for (const e of exprs) visit(e);
    return out;
  }

  private tablesFor(dm: CsdbObject): { attrs: Map<string, string[]>; conds: Map<string, string[]> } {
    const linked = dm.references
      .filter((r) => r.kind === 'dm' && r.section === 'status' && r.element === 'dmRef')
      .map((r) => this.resolve(r))
      .flatMap((r) => ('target' in r && r.target.tables !== undefined ? [r.target] : []));
    const mic = dm.code.split('-')[dm.kind === 'dme' ? 3 : 1];
    const acts = this.objects.filter((o) => (o.tables?.productAttributes?.length ?? 0) > 0);
    const act = linked.find((o) => o.tables?.productAttributes !== undefined) ?? acts.find((o) => o.code.split('-')[1] === mic) ?? acts[0];
    const attrs = new Map<string, string[]>();
    for (const a of act?.tables?.productAttributes ?? []) attrs.set(a.id, a.values);
    const cctRef = act?.references.find((r) => r.kind === 'dm' && r.target.endsWith('00QA-D'));
    const cct = (cctRef !== undefined ? this.latest(cctRef.target) : undefined) ?? this.objects.find((o) => o.tables?.condTypes !== undefined);
    const types = new Map((cct?.tables?.condTypes ?? []).map((t) => [t.id, t.values]));
    const conds = new Map<string, string[]>();
    for (const c of cct?.tables?.conds ?? []) conds.set(c.id, types.get(c.type) ?? []);
    return { attrs, conds };
  }

  /**
   * The reference graph between objects of the set: one edge per referencing object and resolved
   * target (DM, PM and ICN references), by code; `section` limits it to the content or the status section.
   */
  referenceGraph(section?: Reference['section']): Array<{ from: string; to: string }> {
    const seen = new Set<string>();
    const out: Array<{ from: string; to: string }> = [];
    for (const { from, ref, resolution } of this.resolutions()) {
      if (ref.kind === 'cir' || !('target' in resolution) || (section !== undefined && ref.section !== section)) continue;
      const key = `${from.code}\u0000${resolution.target.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ from: from.code, to: resolution.target.code });
    }
    return out;
  }

  /** The reference graph as Graphviz DOT (as `s1kd-refs` output is drawn). */
  toDot(section?: Reference['section']): string {
    const q = (s: string) => `"${s.replace(/"/g, '\\"')}"`;
    const lines = this.referenceGraph(section).map((e) => `${q(e.from)} -> ${q(e.to)}`);
    return `digraph "CSDB refs" {\nrankdir=LR\n${lines.join('\n')}\n}\n`;
  }

  /** Whether an object is a list (DML, DDN). */
  static isList(o: CsdbObject): boolean {
    return LISTS.has(o.kind);
  }
}
