import { DM_CODE_ATTRIBUTES } from '../codes.js';
import { problem, type ValidationProblem } from './problem.js';
import type { ParsedObject } from './xml.js';

/** Root elements of the S1000D objects (Issue 4.0 and later) a CSDB holds. */
export const OBJECT_ROOTS: ReadonlySet<string> = new Set([
  'dmodule',
  'pm',
  'dml',
  'ddn',
  'comment',
  'dataUpdateFile',
  'icnMetadataFile',
  'scormContentPackage',
]);

/**
 * The product's own structural checks, for objects no schema package checks: a known root, the
 * identification and status section, and for a data module its code, issue and language, and
 * its content. Located like every other problem.
 */
export function checkStructure(object: ParsedObject): ValidationProblem[] {
  const out: ValidationProblem[] = [];
  const root = object.root;
  const at = object.locate(root);
  if (!OBJECT_ROOTS.has(root.name)) {
    out.push(
      problem(
        'error',
        'structure-root',
        {
          zh: `根元素 ${root.name} 不是 S1000D 对象（应为 ${[...OBJECT_ROOTS].join('、')} 之一）`,
          en: `Root element ${root.name} is no S1000D object (expected one of ${[...OBJECT_ROOTS].join(', ')})`,
        },
        at,
      ),
    );
    return out;
  }
  const missing = (what: string, where: ReturnType<ParsedObject['locate']>) =>
    out.push(problem('error', 'structure-missing', { zh: `缺少 ${what}`, en: `${what} is missing` }, where));
  if (root.name === 'dataUpdateFile' || root.name === 'scormContentPackage') return out;
  if (object.doc.get('/*/identAndStatusSection') === null) {
    missing('identAndStatusSection', at);
    return out;
  }
  if (root.name !== 'dmodule') return out;
  const code = object.doc.get('/dmodule/identAndStatusSection/dmAddress/dmIdent/dmCode');
  if (code === null) missing('dmAddress/dmIdent/dmCode', at);
  else
    for (const a of DM_CODE_ATTRIBUTES)
      if (code.eval(`boolean(@${a})`) !== true)
        out.push(problem('error', 'structure-missing', { zh: `dmCode 缺少属性 ${a}`, en: `dmCode has no ${a} attribute` }, object.locate(code)));
  if (object.doc.get('/dmodule/identAndStatusSection/dmAddress/dmIdent/issueInfo') === null) missing('dmIdent/issueInfo', at);
  if (object.doc.get('/dmodule/identAndStatusSection/dmAddress/dmIdent/language') === null) missing('dmIdent/language', at);
  if (object.doc.get('/dmodule/content') === null) missing('content', at);
  return out;
}
