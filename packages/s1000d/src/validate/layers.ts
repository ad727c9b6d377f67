import { type Brex, brexFromObject, brexRefOf } from './brex.js';
import { DEFAULT_BREX_DMCS, defaultBrexDmc, issueOfSchemaUrl } from './issue.js';
import { problem, type ValidationProblem } from './problem.js';
import type { ParsedObject } from './xml.js';

/** Finds a BREX data module of the CSDB (or an installed default BREX) by its code, without issue or language. */
export type BrexLookup = (dmc: string) => Brex | undefined;

export interface LayerOptions {
  /** The project's BREX code: used when the object names none. */
  projectBrex?: string;
  /**
   * The default BREX data modules the caller has (an installed package; the product ships none),
   * by issue. The one of the object's issue closes the chain when the chain did not reach it.
   */
  defaultBrex?: (issue: string | undefined, dmc: string) => Brex | undefined;
}

export interface BrexLayers {
  /** In the order to apply: the module's BREX, the BREX that one names, ..., the default BREX of the issue. */
  layers: Brex[];
  problems: ValidationProblem[];
}

/**
 * The BREX layers of an object: its brexDmRef (else the project BREX), then each BREX's own
 * brexDmRef in turn, down to the default BREX of the object's issue. A BREX data module being
 * checked is itself a layer. A code found nowhere is a problem; a loop stops.
 */
export function brexLayers(object: ParsedObject, lookup: BrexLookup, options: LayerOptions = {}): BrexLayers {
  const issue = issueOfSchemaUrl(object.schemaUrl);
  const layers: Brex[] = [];
  const problems: ValidationProblem[] = [];
  const seen = new Set<string>();
  const find = (dmc: string) => lookup(dmc) ?? (DEFAULT_BREX_DMCS.has(dmc) ? options.defaultBrex?.(issue, dmc) : undefined);
  const own = brexRefOf(object);
  let next = own ?? options.projectBrex;
  let from = object.file;
  while (next !== undefined && !seen.has(next)) {
    seen.add(next);
    const brex = find(next);
    // A default BREX is the specification's, installed as a package: missing, it is "not installed" (said below), not a broken reference.
    if (brex === undefined && DEFAULT_BREX_DMCS.has(next)) break;
    if (brex === undefined) {
      problems.push(
        problem(
          'error',
          'brex-not-found',
          { zh: `找不到 BREX 数据模块 ${next}（${from} 引用）`, en: `BREX data module ${next} (named by ${from}) is not found` },
          { file: object.file, line: object.root.line, column: 1 },
        ),
      );
      break;
    }
    layers.push(brex);
    from = brex.file;
    next = brex.brexRef;
  }
  if (object.doc.get('/dmodule/content/brex') !== null) {
    const self = brexFromObject(object);
    if (!seen.has(self.dmc)) layers.push(self);
  }
  const defaultDmc = defaultBrexDmc(issue);
  if (!layers.some((b) => b.dmc === defaultDmc)) {
    const fallback = options.defaultBrex?.(issue, defaultDmc);
    if (fallback !== undefined) layers.push(fallback);
    else
      problems.push(
        problem(
          'warning',
          'brex-no-default',
          {
            zh: `没有安装 Issue ${issue ?? '6'} 的默认 BREX（${defaultDmc}）：只按项目 BREX 检查`,
            en: `No default BREX of Issue ${issue ?? '6'} (${defaultDmc}) is installed: checked against the project BREX only`,
          },
          { file: object.file, line: object.root.line, column: 1 },
        ),
      );
  }
  return { layers, problems };
}
