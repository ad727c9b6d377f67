/** A subject scheme map read: its subject hierarchies and the enumerations that bind attributes to them. */
import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, firstChild, textContent } from '../xml/xml-dom.js';
import type { SubjectDef, SubjectScheme } from './map-model.js';

export function readSubjectScheme(root: XmlElement, file: string): SubjectScheme {
  const readDef = (el: XmlElement): SubjectDef => {
    const d: SubjectDef = { keys: (el.attrs.keys ?? '').split(/\s+/).filter(Boolean), children: [] };
    const navEl = firstChild(firstChild(el, 'topicmeta') ?? el, 'navtitle');
    const nav = navEl !== undefined && navEl.parent !== el ? textContent(navEl).trim() : el.attrs.navtitle;
    if (nav) d.navtitle = nav;
    for (const c of childElements(el)) if (c.name === 'subjectdef') d.children.push(readDef(c));
    return d;
  };
  const subjects: SubjectDef[] = [];
  const byKey = new Map<string, SubjectDef>();
  const index = (d: SubjectDef): void => {
    for (const k of d.keys) byKey.set(k, d);
    for (const c of d.children) index(c);
  };
  for (const c of childElements(root)) {
    if (c.name === 'subjectdef') {
      const d = readDef(c);
      subjects.push(d);
      index(d);
    }
  }
  const enumerations = new Map<string, string[]>();
  const enumerationRules: SubjectScheme['enumerationRules'] = [];
  for (const c of childElements(root)) {
    if (c.name !== 'enumerationdef') continue;
    const att = firstChild(c, 'attributedef')?.attrs.name;
    if (!att) continue;
    const element = firstChild(c, 'elementdef')?.attrs.name;
    const values: string[] = [];
    const collect = (d: SubjectDef): void => {
      values.push(...d.keys);
      for (const ch of d.children) collect(ch);
    };
    // Every subjectdef of the enumeration: the values are the subjects below it.
    for (const sub of childElements(c)) {
      if (sub.name !== 'subjectdef') continue;
      const ref = sub.attrs.keyref;
      const base = ref ? byKey.get(ref) : readDef(sub);
      if (base !== undefined) for (const ch of base.children) collect(ch);
    }
    enumerationRules.push({ attribute: att, ...(element ? { element } : {}), values });
    enumerations.set(att, [...new Set([...(enumerations.get(att) ?? []), ...values])]);
  }
  return { file, subjects, enumerations, enumerationRules };
}
