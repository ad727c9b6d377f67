import type { Brex, BrexRule } from './brex.js';
import { compileRule, xsdPattern } from './check.js';
import { namesInPath } from './path-names.js';
import { problem, type ValidationProblem } from './problem.js';

/** Element and attribute names a schema declares (see SchemaPackage.vocabulary). */
export interface Vocabulary {
  elements: ReadonlySet<string>;
  attributes: ReadonlySet<string>;
}

/** A declared name the misspelt one was probably meant to be: same letters ignoring case, or one or two edits away. */
function nearest(name: string, known: ReadonlySet<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    if (k.toLowerCase() === lower) return k;
    if (Math.abs(k.length - name.length) >= bestDistance) continue;
    const d = distance(lower, k.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, given up (returning `limit`) once it reaches `limit`. */
function distance(a: string, b: string, limit: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let min = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      min = Math.min(min, v);
    }
    if (min >= limit) return limit;
    prev = row;
  }
  return Math.min(prev[b.length] ?? limit, limit);
}

function lintRule(brex: Brex, rule: BrexRule, vocabulary: Vocabulary | undefined, out: ValidationProblem[]): void {
  const at = { file: brex.file, line: rule.line, column: 1 };
  const ref = { brex: brex.dmc, index: rule.index, path: rule.path, use: rule.use };
  const label = rule.use || rule.path;
  if (rule.path === '') {
    out.push(problem('error', 'brex-rule-no-path', { zh: `BREX 规则“${label}”没有 objectPath`, en: `BREX rule "${label}" has no objectPath` }, at, ref));
    return;
  }
  if (compileRule(rule) instanceof Error) {
    out.push(
      problem(
        'error',
        'brex-rule-invalid',
        { zh: `BREX 规则“${label}”的路径不是有效的 XPath：${rule.path}`, en: `BREX rule "${label}": its path is no valid XPath: ${rule.path}` },
        at,
        ref,
      ),
    );
    return;
  }
  if (rule.flagText !== undefined)
    out.push(
      problem(
        'warning',
        'brex-rule-flag',
        {
          zh: `BREX 规则“${label}”的 allowedObjectFlag “${rule.flagText}”不是 0、1、2`,
          en: `BREX rule "${label}": allowedObjectFlag "${rule.flagText}" is none of 0, 1, 2`,
        },
        at,
        ref,
      ),
    );
  for (const v of rule.values) {
    if (v.form !== 'pattern') continue;
    const re = xsdPattern(v);
    if (re instanceof Error)
      out.push(
        problem(
          'error',
          'brex-rule-pattern',
          { zh: `BREX 规则“${label}”的模式无效：${v.allowed}`, en: `BREX rule "${label}": invalid pattern ${v.allowed}` },
          at,
          ref,
        ),
      );
  }
  if (vocabulary === undefined) return;
  for (const n of namesInPath(rule.path)) {
    const known = n.kind === 'attribute' ? vocabulary.attributes : vocabulary.elements;
    if (known.has(n.name)) continue;
    const near = nearest(n.name, known);
    const hint =
      near !== undefined
        ? { zh: `（是否应为 ${n.kind === 'attribute' ? '@' : ''}${near}？）`, en: ` (did you mean ${n.kind === 'attribute' ? '@' : ''}${near}?)` }
        : { zh: '', en: '' };
    const what = n.kind === 'attribute' ? { zh: '属性', en: 'attribute' } : { zh: '元素', en: 'element' };
    out.push(
      problem(
        'warning',
        'brex-rule-never-matches',
        {
          zh: `BREX 规则“${label}”的路径 ${rule.path} 引用了${what.zh} ${n.kind === 'attribute' ? '@' : ''}${n.name}，该版本的模式中没有：规则永远不会匹配${hint.zh}`,
          en: `BREX rule "${label}": its path ${rule.path} names the ${what.en} ${n.kind === 'attribute' ? '@' : ''}${n.name}, which no schema of the issue declares: the rule can never match${hint.en}`,
        },
        at,
        ref,
      ),
    );
  }
}

/**
 * Rules that cannot work: no path, a path that is no XPath, an unknown flag, a bad pattern, and
 * (given the schema vocabulary) a path naming an element or attribute no schema declares, which
 * can never match, e.g. the Bike BREX's `@subSubystemCode`. Located at the rule in the BREX.
 */
export function lintBrex(brex: Brex, vocabulary?: Vocabulary): ValidationProblem[] {
  const out: ValidationProblem[] = [];
  for (const rule of brex.rules) lintRule(brex, rule, vocabulary, out);
  return out;
}
