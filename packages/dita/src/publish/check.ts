import type { Problem } from '../problems/problem.js';
import { ProblemList } from '../problems/problem.js';
import type { LoadOptions } from '../project/dita-project.js';
import { loadProject } from '../project/dita-project.js';
import { DEFAULT_CATALOG, DtdValidation } from '../validate/dtd-validator.js';
import { checkStructure } from '../validate/structure-rules.js';
import { parseXml } from '../xml/xml-parser.js';

export interface CheckOptions extends LoadOptions {
  /** Validate against DTDs when a catalog is available (default true). */
  dtd?: boolean;
  /** OASIS catalog file; default: Debian dita-ot's catalog when installed. */
  catalog?: string;
  onProgress?: (done: number, total: number, phase: string) => void;
}

export interface CheckResult {
  files: number;
  problems: Problem[];
  /** How documents were validated, e.g. "dtd 120, rules 3". */
  validation: string;
  dtdValidated: number;
  ruleValidated: number;
}

/** Reads and resolves a map and every file it reaches; checks well-formedness, structure (DTD or built-in rules), links. */
export async function check(options: CheckOptions): Promise<CheckResult> {
  options.onProgress?.(0, 1, 'reading');
  const project = await loadProject(options);
  const problems = new ProblemList();
  problems.addAll(project.problems);
  const dtd = options.dtd === false ? undefined : await DtdValidation.open(options.catalog ?? DEFAULT_CATALOG);
  if (options.catalog !== undefined && dtd === undefined && options.dtd !== false) {
    problems.warning('catalog-unusable', `Catalog ${options.catalog} not found or empty: using the built-in rules`, {
      file: options.catalog,
      line: 0,
      column: 0,
    });
  }
  let dtdValidated = 0;
  let ruleValidated = 0;
  let done = 0;
  const total = project.docs.size;
  for (const doc of project.docs.values()) {
    done++;
    if (done % 25 === 0 || done === total) options.onProgress?.(done, total, 'checking');
    if (doc.root === undefined) continue;
    const viaDtd = dtd?.validate(doc.path, doc.text, doc.doctype);
    if (viaDtd !== undefined) {
      dtdValidated++;
      problems.addAll(viaDtd);
      continue;
    }
    // Without a DTD: the document as written (unfiltered), against the built-in nesting rules.
    const raw = parseXml(doc.text, doc.path).root;
    if (raw === undefined) continue;
    ruleValidated++;
    problems.addAll(checkStructure(raw));
  }
  return {
    files: project.docs.size,
    problems: problems.sorted(),
    validation: `well-formedness, DTD ${dtdValidated}${dtd !== undefined ? ` (${dtd.catalogFile})` : ''}, built-in rules ${ruleValidated}`,
    dtdValidated,
    ruleValidated,
  };
}
