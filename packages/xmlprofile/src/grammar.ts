import { createHash } from 'node:crypto';
import { DtdValidator, XmlDocument, XmlDtd, XsdValidator } from 'libxml2-wasm';
import { type ProfileProblem, profileProblem } from './problem.js';

/** The grammar a profile carries: one XSD or DTD as uploaded. */
export interface ProfileGrammar {
  kind: 'none' | 'xsd' | 'dtd';
  name: string;
  text: string;
}

type Compiled = { validate(doc: XmlDocument): void; dispose(): void };
/** Compiled grammars by their text's hash: a few, newest kept (libxml2's memory is freed when one goes). */
const compiled = new Map<string, Compiled | Error>();
const KEEP = 8;

function compile(grammar: ProfileGrammar): Compiled | Error {
  const key = createHash('sha256').update(grammar.kind).update(grammar.text).digest('hex');
  const had = compiled.get(key);
  if (had) {
    compiled.delete(key);
    compiled.set(key, had);
    return had;
  }
  let made: Compiled | Error;
  try {
    if (grammar.kind === 'xsd') {
      const doc = XmlDocument.fromString(grammar.text);
      try {
        made = XsdValidator.fromDoc(doc);
      } finally {
        doc.dispose();
      }
    } else {
      const dtd = XmlDtd.fromString(grammar.text);
      const v = new DtdValidator(dtd);
      made = { validate: (d) => v.validate(d), dispose: () => dtd.dispose() };
    }
  } catch (e) {
    made = e instanceof Error ? e : new Error(String(e));
  }
  compiled.set(key, made);
  while (compiled.size > KEEP) {
    const oldest = compiled.keys().next().value;
    if (oldest === undefined) break;
    const v = compiled.get(oldest);
    if (v && !(v instanceof Error)) v.dispose();
    compiled.delete(oldest);
  }
  return made;
}

const firstLine = (e: unknown) => (e instanceof Error ? (e.message.split('\n')[0]?.trim() ?? '') : String(e));

/** Whether a grammar compiles: undefined when it does, else libxml2's first line (a profile is refused with it). */
export function grammarError(grammar: ProfileGrammar): string | undefined {
  if (grammar.kind === 'none') return undefined;
  const v = compile(grammar);
  return v instanceof Error ? firstLine(v) || 'does not compile' : undefined;
}

function details(e: unknown): { message: string; line: number; col: number }[] {
  if (typeof e !== 'object' || e === null || !('details' in e) || !Array.isArray(e.details)) return [];
  return e.details.filter((d): d is { message: string; line: number; col: number } => typeof d?.message === 'string' && typeof d?.line === 'number');
}

/** A file checked against the profile's grammar: each error located (none without a grammar; a grammar that does not compile is one warning). */
export function validateGrammar(content: string, grammar: ProfileGrammar): ProfileProblem[] {
  if (grammar.kind === 'none' || grammar.text.trim() === '') return [];
  const at = { line: 1, column: 1 };
  const v = compile(grammar);
  if (v instanceof Error)
    return [
      profileProblem('warning', 'grammar-unusable', at, {
        zh: `语法 ${grammar.name} 无法编译：${firstLine(v)}`,
        en: `The grammar ${grammar.name} does not compile: ${firstLine(v)}`,
      }),
    ];
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(content);
  } catch (e) {
    const d = details(e)[0];
    return [
      profileProblem(
        'error',
        'xml-syntax',
        { line: d?.line ?? 1, column: d?.col ?? 1 },
        {
          zh: `XML 格式错误：${d?.message.trim() ?? firstLine(e)}`,
          en: `The XML is not well-formed: ${d?.message.trim() ?? firstLine(e)}`,
        },
      ),
    ];
  }
  try {
    v.validate(doc);
    return [];
  } catch (e) {
    const found = details(e);
    if (found.length === 0)
      return [profileProblem('error', 'grammar-invalid', at, { zh: `语法校验失败：${firstLine(e)}`, en: `Grammar validation failed: ${firstLine(e)}` })];
    return found.map((d) =>
      profileProblem(
        'error',
        'grammar-invalid',
        { line: d.line, column: d.col },
        {
          zh: `不符合语法 ${grammar.name}：${d.message.trim()}`,
          en: `Not valid against ${grammar.name}: ${d.message.trim()}`,
        },
      ),
    );
  } finally {
    doc.dispose();
  }
}
