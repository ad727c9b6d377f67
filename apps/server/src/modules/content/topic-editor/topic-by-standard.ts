import { type Ata2300Schemas, describeAta2300 } from '@ccms/ata2300';
import type { Language } from '@ccms/contracts/constants';
import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { parseXml, type XmlElement } from '@ccms/dita';
import { describeFile } from '@ccms/s1000d';
import { compileProfile, describeProfileFile, validateGrammar } from '@ccms/xmlprofile';
import { describeFlightopsTopic } from '../flightops/flightops-check';
import type { Checked } from '../shared/dita-validation';

/**
 * A file's text as each standard reads it: its document type and title (a DITA topic's root and
 * title, an S1000D object's schema, a Flight Ops or ATA Spec 2300 object's own), and the checks of
 * the standards whose rules live outside dita-validation.ts (ATA Spec 2300, XML profiles).
 */

/** The text of an element, markup left out, whitespace collapsed. */
export function textOf(el: XmlElement | undefined): string {
  if (!el) return '';
  let out = '';
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.type === 'text') out += c.text;
      else walk(c);
    }
  };
  walk(el);
  return out.replace(/\s+/g, ' ').trim();
}

/** Root element name and title of a topic's text (empty when it does not parse). */
export function describeDitaTopic(root: XmlElement | undefined): { docType: string; title: string } {
  const title = root?.children.find((c): c is XmlElement => c.type === 'element' && (c.name === 'title' || c.name === 'glossterm'));
  return { docType: root?.name ?? '', title: textOf(title) };
}

/**
 * The document type and title of a file's text in its library's standard: a DITA topic's root and
 * title; an S1000D object's schema (proced, descript, ...; its root when it names none) and title
 * (techName - infoName for a data module).
 */
export function describeTopic(standard: string, path: string, text: string, root?: XmlElement): { docType: string; title: string } {
  if (standard === 's1000d') {
    const obj = describeFile(path, text);
    return { docType: obj.schema ?? obj.root ?? '', title: obj.title };
  }
  if (standard === 'flightops') return describeFlightopsTopic(path, text);
  if (standard === 'ata2300') {
    const obj = describeAta2300(path, text);
    return obj.kind === 'none' ? { docType: '', title: '' } : { docType: obj.schema ?? obj.contentType ?? obj.kind, title: obj.title };
  }
  return describeDitaTopic(root ?? parseXml(text, path).root);
}

/**
 * An ATA Spec 2300 object checked by the rules it meets whether or not its schema is installed
 * (identity, issue date, content), and against the schema it names when an administrator installed
 * a Spec 2300 schema package (A4A sells them): a file that is not Spec 2300 XML is an error at its root.
 */
export async function checkAta2300(text: string, path: string, lang: Language, schemas: Ata2300Schemas | undefined): Promise<Checked> {
  const described = describeAta2300(path, text);
  const found = [...described.problems, ...(schemas && described.kind !== 'none' ? schemas.validate(text) : [])];
  const problems: EditorProblem[] = found.map((p) => ({
    line: p.line,
    column: p.column,
    severity: p.severity === 'error' ? 'error' : 'warning',
    code: p.code,
    message: lang === 'en' ? p.messages.en : p.messages.zh,
  }));
  if (described.kind === 'none' && problems.length === 0)
    problems.push({
      line: 1,
      column: 1,
      severity: 'error',
      code: 'ata-not-object',
      message:
        lang === 'en'
          ? 'Not an ATA Spec 2300 object (dmodule, dmStatus, pm or pmStatus in its namespace)'
          : '不是 ATA Spec 2300 对象（其命名空间中的 dmodule、dmStatus、pm 或 pmStatus）',
    });
  let root: XmlElement | undefined;
  try {
    root = parseXml(text, path).root;
  } catch {
    root = undefined;
  }
  return { root, problems };
}

/**
 * A file of a library read by an XML profile: well-formed, a unit or grouping file of the profile,
 * valid against the profile's grammar when it has one (each problem located).
 */
export async function checkXmlProfile(text: string, path: string, lang: Language, spec: XmlProfileSpec | undefined): Promise<Checked> {
  const problems: EditorProblem[] = [];
  if (spec) {
    const described = describeProfileFile(path, text, compileProfile(spec));
    const grammar = described.problems.some((p) => p.code === 'xml-syntax')
      ? []
      : validateGrammar(text, { kind: spec.grammarKind, name: spec.grammarName, text: spec.grammar });
    for (const p of [...described.problems, ...grammar])
      problems.push({ line: p.line, column: p.column, severity: p.severity, code: p.code, message: lang === 'en' ? p.messages.en : p.messages.zh });
  }
  let root: XmlElement | undefined;
  try {
    root = parseXml(text, path).root;
  } catch {
    root = undefined;
  }
  return { root, problems: problems.sort((a, b) => a.line - b.line || a.column - b.column) };
}
