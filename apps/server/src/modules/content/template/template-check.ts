import type { Language } from '@ccms/contracts/constants';
import type { EditorProblem } from '@ccms/contracts/content/problem';
import type { TemplateKind } from '@ccms/contracts/content/template';
import { translate } from '@ccms/contracts/messages';
import { loadProject, MemorySource, renderTopicPreview } from '@ccms/dita';
import { isDitaMap } from '@ccms/dita/files';
import { describeFile, publishTexts, renderModule, TEMPLATE_SCHEMAS } from '@ccms/s1000d';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import type { Ask } from '../../../platform/worker/thread-tasks';
import { checkS1000dObject } from '../catalog/s1000d-rows';
import type { PackageRef, S1000dGrammar } from '../grammar/grammar-package';
import { checkDita, errorsIn, type GrammarRules } from '../shared/dita-validation';
import { answerGrammar, askingGrammar, type GrammarQuestion } from '../shared/thread-grammar';
import { s1000dInThread } from '../shared/thread-packages';

/*
 * A template's filled text checked as a file of its type and, for a preview, rendered: on a content
 * thread (content-thread.ts, task `template`), not on the request loop. The DITA check asks the
 * server which catalogue's DTDs apply; the S1000D check reads the installed packages in the thread
 * (thread-packages.ts). template.service.ts turns the answer into its refusals and its preview.
 */

/** The document type as the check needs it. */
export interface TemplateDoctype {
  doctypeName: string;
  grammar: string;
  fileSuffix: string;
  rootElements: string[];
}

/** What a check is given: the text with its placeholders filled, and whether to render it. */
export interface TemplateCheckInput {
  doctype: TemplateDoctype;
  xml: string;
  /** The caller's language: the problems' messages. */
  lang: Language;
  /** The template's language: the texts a rendered data module shows (notes, headings). */
  textsLang: string;
  render: boolean;
}

/**
 * The check's answer: the problems, the root element and whether the type names it, the rendering
 * ('' when not asked for or not renderable); `noSchema` when an S1000D template meets no installed package.
 */
export type TemplateChecked = { noSchema: true } | { noSchema?: undefined; problems: EditorProblem[]; rootName: string; rootOk: boolean; html: string };

/** Checks (and renders) a template's text: on the content threads in the server (threadTemplateCheck). */
export type TemplateCheck = (input: TemplateCheckInput) => Promise<TemplateChecked>;

/** What the thread's `template` task is given: the check's input, and the installed S1000D packages for an S1000D type. */
export interface TemplateTaskInput extends TemplateCheckInput {
  packages?: PackageRef[];
}

/** An S1000D type's files are S1000D objects; a DITA map type's files are maps; everything else is a topic. */
export const kindOf = (doctype: { fileSuffix: string; grammar: string }): TemplateKind =>
  doctype.grammar === 's1000d' ? 's1000d' : isDitaMap(doctype.fileSuffix) ? 'map' : 'topic';

/** The type's own grammar rule, whatever other types say about the same root; its DTDs where the server finds them. */
const grammarOf = (doctype: TemplateDoctype, grammar: GrammarRules): GrammarRules => ({
  checksGrammar: async () => doctype.grammar === 'catalog',
  dtdsFor: (d) => grammar.dtdsFor(d),
});

/**
 * An S1000D template's text checked as a new object: the installed schema package of the issue it
 * names and the default BREX chain its brexDmRef names; the schema it names must be its type's (for
 * a type named by a schema). A data module without errors renders as a publication shows it; a PM
 * or a DML has no page of its own.
 */
function checkedS1000d(input: TemplateCheckInput, g: S1000dGrammar): TemplateChecked {
  const { doctype, xml, lang } = input;
  const problems: EditorProblem[] = checkS1000dObject(xml, 'template.xml', new Map(), g).map((p) => ({
    line: p.line,
    column: p.column,
    severity: p.severity === 'error' ? 'error' : 'warning',
    code: p.code,
    message: lang === 'en' ? p.messages.en : p.messages.zh,
  }));
  const object = describeFile('template.xml', xml);
  const schema = object.schema ?? '';
  if (object.root && (TEMPLATE_SCHEMAS as readonly string[]).includes(doctype.doctypeName) && schema !== doctype.doctypeName)
    problems.unshift({
      line: 1,
      column: 1,
      severity: 'error',
      code: 'template.schemaMismatch',
      message: translate(lang, 'template.schemaMismatch', { schema: schema || '-', type: doctype.doctypeName }),
    });
  const rootOk = object.root === undefined || doctype.rootElements.includes(object.root);
  const root = object.xml?.root;
  let html = '';
  if (input.render && root?.name === 'dmodule' && errorsIn(problems).length === 0) {
    const context = { texts: publishTexts(input.textsLang), pageOf: () => undefined, graphic: () => undefined, idPrefix: '' };
    html = renderModule(context, object, root).html;
  }
  return { problems, rootName: object.root ?? '', rootOk, html };
}

/** A DITA template's text checked as a file of its type (well-formed, structure, its grammar); a topic without errors rendered as the editor previews it. */
async function checkedDita(input: TemplateCheckInput, grammar: GrammarRules): Promise<TemplateChecked> {
  const { doctype, xml, lang } = input;
  const result = await checkDita(xml, `template${doctype.fileSuffix}`, lang, grammarOf(doctype, grammar));
  const rootName = result.root?.name ?? '';
  const rootOk = result.root === undefined || doctype.rootElements.includes(rootName);
  let html = '';
  if (input.render && result.root && kindOf(doctype) === 'topic' && errorsIn(result.problems).length === 0) {
    const source = new MemorySource({ 'template.dita': xml, 'preview.ditamap': '<map><topicref href="template.dita"/></map>' });
    const project = await loadProject({ source, map: 'preview.ditamap' });
    html = (await renderTopicPreview(project, 'template.dita')).html;
  }
  return { problems: result.problems, rootName, rootOk, html };
}

/** The check itself, wherever it runs: `s1000d` gives the installed S1000D packages composed. */
export async function checkTemplate(
  input: TemplateCheckInput,
  grammar: GrammarRules,
  s1000d: () => Promise<S1000dGrammar | undefined>,
): Promise<TemplateChecked> {
  if (input.doctype.grammar !== 's1000d') return checkedDita(input, grammar);
  const g = await s1000d();
  return g && g.packages.length > 0 ? checkedS1000d(input, g) : { noSchema: true };
}

/** The thread's task: DTD questions asked of the server, S1000D packages read in the thread. */
export function templateTask(input: TemplateTaskInput, ask: Ask): Promise<TemplateChecked> {
  const { packages, ...check } = input;
  return checkTemplate(check, askingGrammar(ask), async () => (packages ? s1000dInThread(packages) : undefined));
}

/** Template checks on the content threads, with the DTDs the grammar finds and the S1000D packages installed now. */
export function threadTemplateCheck(threads: ThreadPool, grammar: GrammarRules, s1000dPackages: () => Promise<PackageRef[]>): TemplateCheck {
  return async (input) => {
    const task: TemplateTaskInput = input.doctype.grammar === 's1000d' ? { ...input, packages: await s1000dPackages() } : input;
    return threads.run<TemplateChecked>('template', task, (q) => answerGrammar(grammar, q as GrammarQuestion));
  };
}

/** Template checks in this process (a service that only fills templates, or a tool without threads). */
export function inProcessTemplateCheck(grammar: GrammarRules, s1000d?: () => Promise<S1000dGrammar>): TemplateCheck {
  return (input) => checkTemplate(input, grammar, async () => s1000d?.());
}
