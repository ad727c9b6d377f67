/**
 * What a publication of a publication module holds: the set read from a checked-out folder, the
 * applicability selection resolved, and the PM's entries in order (pmEntry titles, data modules, the
 * PMs its pmRefs name) with which modules get a page: those that apply and are not deleted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Assignment, Exclusions } from '../applic.js';
import { applies } from '../applic.js';
import { parseFileName } from '../codes.js';
import { Csdb } from '../csdb.js';
import { type CsdbObject, describeFile, type TocItem } from '../describe.js';
import { type Problem, problem } from '../problem.js';
import { resolveSelection, type Selection } from './selection.js';

export type PlanNode =
  | { kind: 'head'; title: string; items: PlanNode[] }
  | {
      kind: 'module';
      code: string;
      title: string;
      /** The module, when the reference resolves. */
      dm?: CsdbObject;
      applies: boolean;
      deleted: boolean;
      /** File name of its page (`DMC-....html`) when it gets one. */
      page?: string;
    };

export interface Plan {
  csdb: Csdb;
  pm: CsdbObject;
  assignment: Assignment;
  /** Values excluded (a publication's exclude rows): content that needs only these is dropped. */
  excluded: Exclusions;
  /** Who the publication is for, as shown (product and values). */
  label: string;
  nodes: PlanNode[];
  /** Modules with a page, in PM order, each once. */
  pages: Array<{ dm: CsdbObject; page: string }>;
  problems: Problem[];
}

/** Every S1000D file under a folder (recursively), described by its path relative to the folder (`/`-separated). */
export function readSetFolder(dir: string): Map<string, CsdbObject> {
  const out = new Map<string, CsdbObject>();
  const walk = (sub: string): void => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = sub === '' ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) {
        const obj = describeRel(dir, rel);
        if (obj !== undefined) out.set(rel, obj);
      }
    }
  };
  walk('');
  return out;
}

/** One file of the folder described (undefined when its name is no S1000D object's or it is gone). */
export function describeRel(dir: string, rel: string): CsdbObject | undefined {
  const name = parseFileName(rel);
  if (name === undefined) return undefined;
  if (name.kind === 'icn') return describeFile(rel);
  let content: Buffer;
  try {
    content = readFileSync(path.join(dir, rel));
  } catch {
    return undefined;
  }
  return describeFile(rel, content);
}

/**
 * A file name made from a code: the code's own characters when they are those of a code, anything
 * else (a `/` or `..` in a crafted dmCode attribute) replaced, so no output file lands outside the output.
 */
export const safeFileName = (code: string): string => code.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200) || '_';

/** The page of a data module: `DMC-….html`. */
export const pageName = (code: string): string => `${safeFileName(code)}.html`;

/** The plan of a PM for a selection; undefined with the problem that stops it (no such PM, an unknown product or property). */
export function planPublication(objects: Iterable<CsdbObject>, pmFile: string, selection: Selection): { plan?: Plan; problems: Problem[] } {
  const csdb = new Csdb(objects);
  const at = { file: pmFile, line: 0, column: 0 };
  const pm = csdb.objects.find((o) => o.file === pmFile);
  if (pm === undefined || pm.kind !== 'pm' || pm.refused) {
    const why = pm === undefined ? '不存在' : '不是可读取的出版物模块';
    const whyEn = pm === undefined ? 'does not exist' : 'is not a publication module that can be read';
    return { problems: [problem('error', 'map-missing', at, `出版物模块 ${pmFile} ${why}。`, `Publication module ${pmFile} ${whyEn}.`)] };
  }
  const selected = resolveSelection(csdb, selection);
  if (!selected.ok) {
    const zh = {
      noPct: `库中没有产品交叉引用表（PCT），不能按产品「${selected.value}」发布。`,
      productUnknown: `PCT 中没有产品「${selected.value}」。`,
      propertyUnknown: `适用性属性「${selected.value}」未在 ACT/CCT 中声明。`,
      excludedAssigned: `适用性值「${selected.value}」既被选中又被排除。`,
    }[selected.reason];
    const en = {
      noPct: `The CSDB has no product cross-reference table (PCT): it cannot be published for product "${selected.value}".`,
      productUnknown: `The PCT has no product "${selected.value}".`,
      propertyUnknown: `Applicability property "${selected.value}" is not declared in the ACT/CCT.`,
      excludedAssigned: `Applicability value "${selected.value}" is both selected and excluded.`,
    }[selected.reason];
    return { problems: [problem('error', 'map-missing', at, zh, en)] };
  }
  const problems: Problem[] = [];
  const pages: Plan['pages'] = [];
  const paged = new Set<string>();
  const seenPms = new Set<CsdbObject>([pm]);
  const walk = (items: readonly TocItem[]): PlanNode[] => {
    const out: PlanNode[] = [];
    for (const item of items) {
      if (item.kind === 'entry') {
        const inner = walk(item.items);
        if (item.title === '') out.push(...inner);
        else out.push({ kind: 'head', title: item.title, items: inner });
        continue;
      }
      const r = csdb.resolve(item.ref);
      const target = 'target' in r ? r.target : undefined;
      if (item.kind === 'pmRef') {
        if (target === undefined || target.kind !== 'pm') {
          problems.push(refProblem(pm, item.ref.target, item.ref.line, item.ref.column));
          continue;
        }
        if (seenPms.has(target)) continue;
        seenPms.add(target);
        out.push({ kind: 'head', title: target.title || target.code, items: walk(target.toc ?? []) });
        continue;
      }
      if (target === undefined) {
        problems.push(refProblem(pm, item.ref.target, item.ref.line, item.ref.column));
        out.push({ kind: 'module', code: item.ref.target, title: item.ref.target, applies: false, deleted: false });
        continue;
      }
      const ok = applies(target.applic, selected.assignment, selected.excluded);
      const deleted = target.issueType === 'deleted';
      const node: PlanNode = { kind: 'module', code: target.code, title: target.title, dm: target, applies: ok, deleted };
      if (ok && !deleted && target.xml !== undefined) {
        node.page = pageName(target.code);
        if (!paged.has(target.code)) {
          paged.add(target.code);
          pages.push({ dm: target, page: node.page });
        }
      }
      out.push(node);
    }
    return out;
  };
  const nodes = walk(pm.toc ?? []);
  return { plan: { csdb, pm, assignment: selected.assignment, excluded: selected.excluded, label: selected.label, nodes, pages, problems }, problems };
}

function refProblem(pm: CsdbObject, target: string, line: number, column: number): Problem {
  return problem(
    'warning',
    's1000d-ref-broken',
    { file: pm.file, line, column },
    `出版物模块引用的 ${target} 在数据库中不存在，未发布。`,
    `The publication module references ${target}, which is not in the CSDB: not published.`,
  );
}

/** The module entries of a plan in order (heads flattened). */
export function planModules(nodes: readonly PlanNode[]): Array<Extract<PlanNode, { kind: 'module' }>> {
  const out: Array<Extract<PlanNode, { kind: 'module' }>> = [];
  const walk = (list: readonly PlanNode[]): void => {
    for (const n of list) {
      if (n.kind === 'head') walk(n.items);
      else out.push(n);
    }
  };
  walk(nodes);
  return out;
}
