import type { BrexCheckOptions } from './check.js';
import { checkBrex } from './check.js';
import { type BrexLookup, brexLayers, type LayerOptions } from './layers.js';
import type { ValidationProblem } from './problem.js';
import { type SchemaPackage, validateXsd } from './schema.js';
import { checkStructure } from './structure.js';
import { parseObject } from './xml.js';

export interface ValidationContext {
  /** Schema packages installed (one per issue). */
  packages: readonly SchemaPackage[];
  /** BREX data modules of the CSDB by code; omit to skip BREX. */
  brex?: BrexLookup;
  layers?: LayerOptions;
  check?: BrexCheckOptions;
}

/**
 * Everything about one object, parsed once: well-formedness; the XSD of its own issue, or (no
 * package installed for it) a warning saying so and the product's structural checks; then BREX
 * in layers. Issue 3.0 and older are refused.
 */
export function validateObject(content: string | Uint8Array, file: string, context: ValidationContext): ValidationProblem[] {
  const { object, problems } = parseObject(content, file);
  if (object === undefined) return problems;
  try {
    const out = validateXsd(object, context.packages);
    if (out.some((p) => p.code === 'issue-unsupported')) return out;
    if (out.some((p) => p.code === 'xsd-no-package' || p.code === 'xsd-no-schema' || p.code === 'xsd-no-issue' || p.code === 'xsd-unusable'))
      out.push(...checkStructure(object));
    if (context.brex !== undefined) {
      const { layers, problems: layerProblems } = brexLayers(object, context.brex, context.layers);
      out.push(...layerProblems, ...checkBrex(object, layers, context.check));
    }
    return out;
  } finally {
    object.dispose();
  }
}
