import { filterValues } from '../ditaval/ditaval.js';
import type { DitaDocument } from '../model/dita-document.js';
import type { ProblemList } from '../problems/problem.js';
import type { XmlElement } from '../xml/xml-dom.js';
import type { SubjectScheme } from './map-model.js';

/**
 * Values of attributes bound by a subject scheme's enumerationdef must be subjects of the scheme
 * (DITA 1.3 "Subject scheme maps and their usage"): each other value is reported where it is written.
 */
export function checkSubjectValues(schemes: readonly SubjectScheme[], docs: Iterable<DitaDocument>, problems: ProblemList): void {
  const rules = schemes.flatMap((s) => s.enumerationRules);
  if (rules.length === 0) return;
  const attributes = [...new Set(rules.map((r) => r.attribute))];
  // An enumeration limited to an element (elementdef) applies to it alone; one without, to every other element.
  const allowedFor = (att: string, element: string): Set<string> | undefined => {
    const own = rules.filter((r) => r.attribute === att && r.element === element);
    const list = own.length > 0 ? own : rules.filter((r) => r.attribute === att && r.element === undefined);
    return list.length === 0 ? undefined : new Set(list.flatMap((r) => r.values));
  };
  for (const doc of docs) {
    if (doc.root === undefined) continue;
    const stack: XmlElement[] = [doc.root];
    while (stack.length > 0) {
      const el = stack.pop();
      if (el === undefined) break;
      for (const att of attributes) {
        const raw = el.attrs[att];
        if (raw === undefined) continue;
        const values = allowedFor(att, el.name);
        if (values === undefined) continue;
        for (const [a, v] of filterValues(att, raw)) {
          if (a === att && !values.has(v))
            problems.warning('subject-value-unknown', `${att}="${v}" is not a value the subject scheme defines for @${att} (${[...values].join(', ')})`, el);
        }
      }
      for (const c of el.children) if (c.type === 'element') stack.push(c);
    }
  }
}
