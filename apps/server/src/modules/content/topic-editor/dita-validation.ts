import type { Language } from '@ccms/contracts/constants';
import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { checkStructure, DEFAULT_CATALOG, DtdValidation, type Problem, parseXml, type XmlElement } from '@ccms/dita';
import { AppError } from '../../../platform/http/errors';

/** Files whose saves are validated (the topic editor's and the explorer's). */
export const isDitaFile = (path: string) => /\.(dita|ditamap|xml|bookmap)$/i.test(path);

/** The engine's problem codes as the editor's stable codes. */
const CODES: Record<string, string> = {
  'xml-malformed': 'xml.notWellFormed',
  'structure-invalid': 'dita.structure',
  'dtd-invalid': 'dtd.invalid',
  'dtd-unusable': 'dtd.unusable',
};

/** The DTDs of the catalog, compiled once per process (undefined when the machine has no catalog). */
let dtds: Promise<DtdValidation | undefined> | undefined;
export const dtdValidation = () => {
  dtds ??= DtdValidation.open(DEFAULT_CATALOG);
  return dtds;
};

/**
 * Which files the grammar (DTD) checks: the document types table decides per root element
 * (validation on save, grammar); a root no type names is checked when the catalogue knows its DOCTYPE.
 */
export interface GrammarRules {
  checksGrammar(rootName: string): Promise<boolean>;
}

/** Every file's DOCTYPE checked when the catalogue knows it (tests and tools without a database). */
export const CATALOG_GRAMMAR: GrammarRules = { checksGrammar: async () => true };

export interface Checked {
  root: XmlElement | undefined;
  problems: EditorProblem[];
}

function present(p: Problem, lang: Language): EditorProblem {
  const code = CODES[p.code] ?? p.code;
  const key = CODES[p.code] ? `editor.problem.${code}` : 'editor.problem.other';
  return {
    line: p.line,
    column: p.column,
    severity: p.severity === 'error' ? 'error' : 'warning',
    code,
    message: translate(lang, key, { detail: p.message }),
  };
}

/**
 * Well-formedness (located), the built-in DITA nesting rules, and the DTD when the DOCTYPE names
 * one the catalog knows and the document type says its saves are validated. Problems come sorted by place, in the caller's language.
 */
export async function checkDita(text: string, path: string, lang: Language, rules: GrammarRules): Promise<Checked> {
  const parsed = parseXml(text, path);
  const found: Problem[] = [...parsed.problems];
  if (parsed.root) {
    found.push(...checkStructure(parsed.root));
    const viaDtd = (await rules.checksGrammar(parsed.root.name)) ? (await dtdValidation())?.validate(path, text, parsed.doctype) : undefined;
    if (viaDtd) found.push(...viaDtd);
  }
  const problems = found.map((p) => present(p, lang)).sort((a, b) => a.line - b.line || a.column - b.column);
  return { root: parsed.root, problems };
}

export const errorsIn = (problems: EditorProblem[]) => problems.filter((p) => p.severity === 'error');

/** A 400 `editor.invalid` naming the first error's place, with every problem as `data.problems`. */
export function invalid(problems: EditorProblem[]) {
  const [first] = errorsIn(problems);
  const params = { line: first?.line ?? 0, column: first?.column ?? 0, detail: first?.message ?? '' };
  return new AppError(Code.BAD_REQUEST, 'editor.invalid', params, { problems });
}

/** Refuses (400 with located problems) content that is not well-formed, breaks DITA structure or its DTD. */
export async function assertValidDita(text: string, path: string, lang: Language, rules: GrammarRules): Promise<Checked> {
  const checked = await checkDita(text, path, lang, rules);
  if (errorsIn(checked.problems).length > 0) throw invalid(checked.problems);
  return checked;
}
