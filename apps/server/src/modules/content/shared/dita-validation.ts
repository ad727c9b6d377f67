import type { Language } from '@ccms/contracts/constants';
import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { checkStructure, DEFAULT_CATALOG, type Doctype, DtdValidation, type Problem, parseXml, type XmlElement } from '@ccms/dita';
import { AppError } from '../../../platform/http/errors';

/** The engine's problem codes as the editor's stable codes. */
const CODES: Record<string, string> = {
  'xml-malformed': 'xml.notWellFormed',
  'structure-invalid': 'dita.structure',
  'dtd-invalid': 'dtd.invalid',
  'dtd-unusable': 'dtd.unusable',
};

/** The DTDs of the machine's catalog (Debian's dita-ot: DITA 1.2), compiled once per process (undefined when the machine has none). */
let machine: Promise<DtdValidation | undefined> | undefined;
export const machineDtds = () => {
  machine ??= DtdValidation.open(DEFAULT_CATALOG);
  return machine;
};

/**
 * Which files the grammar (DTD) checks and against what: the document types table decides per root
 * element (validation on save, grammar); a root no type names is checked when a catalog knows its
 * DOCTYPE. The DTDs are those of the installed grammar package for the DOCTYPE's DITA version, else
 * the machine's catalog.
 */
export interface GrammarRules {
  checksGrammar(rootName: string): Promise<boolean>;
  /** The DTDs that validate a DOCTYPE; undefined when no catalog knows it. */
  dtdsFor(doctype: Doctype | undefined): Promise<DtdValidation | undefined>;
}

/** Every file's DOCTYPE checked against the machine's catalog (tests and tools without a database). */
export const CATALOG_GRAMMAR: GrammarRules = { checksGrammar: async () => true, dtdsFor: () => machineDtds() };

export interface Checked {
  root: XmlElement | undefined;
  problems: EditorProblem[];
  /** The topic's type and title, when the check ran where the tree stayed (a content thread: `root` undefined). */
  described?: { docType: string; title: string };
}

/** A problem in the caller's language; the engine's own "Not well-formed XML: " prefix is left to the message, which says it once. */
function present(p: Problem, lang: Language): EditorProblem {
  const code = CODES[p.code] ?? p.code;
  const key = CODES[p.code] ? `editor.problem.${code}` : 'editor.problem.other';
  return {
    line: p.line,
    column: p.column,
    severity: p.severity === 'error' ? 'error' : 'warning',
    code,
    message: translate(lang, key, { detail: p.code === 'xml-malformed' ? p.message.replace(/^Not well-formed XML: /, '') : p.message }),
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
    const viaDtd = (await rules.checksGrammar(parsed.root.name)) ? (await rules.dtdsFor(parsed.doctype))?.validate(path, text, parsed.doctype) : undefined;
    if (viaDtd) found.push(...viaDtd);
  }
  const problems = found.map((p) => present(p, lang)).sort((a, b) => a.line - b.line || a.column - b.column);
  return { root: parsed.root, problems };
}

/** Checks a DITA text of a file (the app's, threadDitaCheck, runs checkDita on the content threads). */
export type DitaCheck = (text: string, path: string, lang: Language) => Promise<Checked>;

export const errorsIn = (problems: EditorProblem[]) => problems.filter((p) => p.severity === 'error');

/** A 400 `editor.invalid` naming the first error's place, with every problem as `data.problems`. */
export function invalid(problems: EditorProblem[]) {
  const [first] = errorsIn(problems);
  const params = { line: first?.line ?? 0, column: first?.column ?? 0, detail: first?.message ?? '' };
  return new AppError(Code.BAD_REQUEST, 'editor.invalid', params, { problems });
}

/** Refuses (400 with located problems) a new file's content that is not well-formed, breaks DITA structure or its DTD. */
export async function assertValidDita(text: string, path: string, lang: Language, check: DitaCheck): Promise<Checked> {
  const checked = await check(text, path, lang);
  if (errorsIn(checked.problems).length > 0) throw invalid(checked.problems);
  return checked;
}

const keyOf = (p: EditorProblem) => `${p.code}\u0000${p.message}`;

/**
 * The problems of an edited text with the errors the file already had turned into warnings: an
 * error counts as old while an earlier version (`before`, e.g. the committed one and the one merged
 * with) has as many errors of the same code and message, wherever they sit (lines move with edits).
 */
export function spareOldErrors(after: EditorProblem[], before: EditorProblem[][], lang: Language): EditorProblem[] {
  const old = new Map<string, number>();
  for (const problems of before) {
    const counts = new Map<string, number>();
    for (const p of errorsIn(problems)) counts.set(keyOf(p), (counts.get(keyOf(p)) ?? 0) + 1);
    for (const [k, n] of counts) old.set(k, Math.max(old.get(k) ?? 0, n));
  }
  return after.map((p) => {
    const left = p.severity === 'error' ? (old.get(keyOf(p)) ?? 0) : 0;
    if (left === 0) return p;
    old.set(keyOf(p), left - 1);
    return { ...p, severity: 'warning', preexisting: true, message: translate(lang, 'editor.problem.preexisting', { detail: p.message }) };
  });
}

export interface CheckedEdit extends Checked {
  /** What does not refuse the save: warnings, and the errors the file already had (`preexisting`). */
  warnings: EditorProblem[];
}

/** Checks one text of a file (DITA's, or another standard's checker). */
export type TextCheck = (text: string) => Promise<Checked>;

/**
 * Refuses (400 with located problems) only the errors an edit brings: the errors of `checked` that
 * the earlier versions `before` already had (checked with `check`) come back as warnings. `before`
 * is read only when the edited text has errors.
 */
export async function assertNoNewErrorsBy(checked: Checked, lang: Language, check: TextCheck, before: () => Promise<string[]>): Promise<CheckedEdit> {
  let problems = checked.problems;
  if (errorsIn(problems).length > 0) {
    const earlier = await Promise.all((await before()).map(async (text) => (await check(text)).problems));
    problems = spareOldErrors(problems, earlier, lang);
    if (errorsIn(problems).length > 0) throw invalid(problems);
  }
  return { root: checked.root, problems, warnings: problems.filter((p) => p.severity === 'warning') };
}

/** `assertNoNewErrorsBy` with DITA's checks (well-formed, DITA structure, DTD). */
export async function assertNoNewErrors(
  checked: Checked,
  path: string,
  lang: Language,
  check: DitaCheck,
  before: () => Promise<string[]>,
): Promise<CheckedEdit> {
  return assertNoNewErrorsBy(checked, lang, (text) => check(text, path, lang), before);
}

/** An edit of an existing file checked: well-formed, DITA structure and DTD, refusing only what the edit brought. */
export async function assertValidEdit(text: string, path: string, lang: Language, check: DitaCheck, before: () => Promise<string[]>): Promise<CheckedEdit> {
  return assertNoNewErrors(await check(text, path, lang), path, lang, check, before);
}
