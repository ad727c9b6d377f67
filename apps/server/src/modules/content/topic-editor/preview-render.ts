import type { Language } from '@ccms/contracts/constants';
import type { EditorConref, EditorLink, EditorPreview, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { translate } from '@ccms/contracts/messages';
import {
  type Condition,
  type DitaProject,
  type FileSource,
  keyLinkText,
  loadProject,
  locateConref,
  ProblemList,
  plainText,
  type Reference,
  renderTopicPreview,
  type XmlElement,
  type XmlNode,
} from '@ccms/dita';
import { checkDita, type GrammarRules } from '../shared/dita-validation';
import type { GrammarQuestion } from '../shared/thread-grammar';

/*
 * The editor's preview as a pure function of the posted text, the branch's files and keys: what a
 * worker thread runs (preview-thread.ts), away from the server's request loop.
 */

/** The engine's map for a preview: the branch's keys as keydefs, then the topic (the one page planned). */
const PREVIEW_MAP = '__ccms_editor_preview__.ditamap';
const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function previewMapXml(topic: string, keys: { key: string; targetPath: string | null; text: string }[]): string {
  const seen = new Set<string>();
  const defs: string[] = [];
  for (const k of keys) {
    if (seen.has(k.key)) continue;
    seen.add(k.key);
    const href = k.targetPath ? ` href="${xmlAttr(k.targetPath)}"` : '';
    const meta = k.text ? `<topicmeta><keywords><keyword>${xmlText(k.text)}</keyword></keywords></topicmeta>` : '';
    defs.push(`<keydef keys="${xmlAttr(k.key)}"${href} processing-role="resource-only">${meta}</keydef>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?><map><title>preview</title>${defs.join('')}<topicref href="${xmlAttr(topic)}"/></map>`;
}

/** Every element of the tree with a conref or conkeyref, in document order (a referencing element's own children are replaced, so not walked). */
function conrefElements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    if (el.attrs.conref !== undefined || el.attrs.conkeyref !== undefined) {
      if (el.attrs.conaction === undefined) out.push(el);
      return;
    }
    for (const c of el.children) if (c.type === 'element') walk(c);
  };
  walk(root);
  return out;
}

/**
 * The content references of the posted text resolved against the project: the target's text (its
 * own references already pulled by the engine), its file and id, or why it is broken.
 */
export function resolveConrefs(project: DitaProject, root: XmlElement, lang: Language): EditorConref[] {
  return conrefElements(root).map((el) => {
    const attr = el.attrs.conkeyref !== undefined ? 'conkeyref' : 'conref';
    const value = el.attrs[attr] ?? '';
    const problems = new ProblemList();
    const target = locateConref(el, { docs: project.docs, scopeOf: (f) => project.scopeOf(f), problems, dependencies: new Map() });
    if (!target) {
      const why = problems.sorted()[0]?.message ?? value;
      return { attr, value, text: '', path: null, elementId: null, problem: translate(lang, 'editor.problem.ref.broken', { detail: why }) };
    }
    return {
      attr,
      value,
      text: plainText(target.element, project.scopeOf(target.file)),
      path: target.file,
      elementId: target.element.attrs.id ?? null,
      problem: null,
    };
  });
}

/** References of the file the engine could not follow (xref, keyref, image...), as located `ref.broken` problems. */
export function brokenReferences(project: DitaProject, file: string, lang: Language): EditorProblem[] {
  return (project.referencesByFile.get(file) ?? [])
    .filter((r) => r.status === 'broken' && r.kind !== 'conref' && r.kind !== 'conkeyref')
    .map((r) => ({
      line: r.line,
      column: r.column,
      severity: 'warning' as const,
      code: 'ref.broken',
      message: translate(lang, 'editor.problem.ref.broken', { detail: r.reason ? `${r.value}: ${r.reason}` : r.value }),
    }));
}

const firstTitle = (el: XmlElement) => el.children.find((c): c is XmlElement => c.type === 'element' && (c.name === 'title' || c.name === 'glossterm'));

/** What an xref without text shows for its target: a topic's title, an element's title (else its text, shortened). */
function targetTitle(project: DitaProject, r: Reference): string {
  const scope = project.scopeOf(r.file);
  if (r.targetFile === undefined) {
    // A key bound to no resource: its link text.
    const def = r.key !== undefined ? scope.resolve(r.key) : undefined;
    const nodes: XmlNode[] = (def && keyLinkText(def)) ?? [];
    return nodes
      .map((n) => (n.type === 'text' ? n.text : n.type === 'element' ? plainText(n, scope) : ''))
      .join('')
      .trim();
  }
  const target = project.docs.get(r.targetFile)?.find(r.targetFragment);
  if (!target) return '';
  const title = firstTitle(target);
  return (title ? plainText(title, project.scopeOf(r.targetFile)) : plainText(target, project.scopeOf(r.targetFile)).slice(0, 80)).trim();
}

/** The cross-references of the file (xref by href or key) resolved: the target's title, or why one is broken. */
export function resolveLinks(project: DitaProject, file: string, lang: Language): EditorLink[] {
  const out: EditorLink[] = [];
  const seen = new Set<string>();
  for (const r of project.referencesByFile.get(file) ?? []) {
    if (r.kind !== 'xref' || r.element !== 'xref') continue;
    const attr = r.key !== undefined ? 'keyref' : 'href';
    const id = `${attr}\u0000${r.value}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (r.status === 'broken') {
      const detail = r.reason ? `${r.value}: ${r.reason}` : r.value;
      out.push({ attr, value: r.value, title: '', problem: translate(lang, 'editor.problem.ref.broken', { detail }) });
    } else out.push({ attr, value: r.value, title: r.status === 'external' ? '' : targetTitle(project, r), problem: null });
  }
  return out;
}

/** What a DITA preview is made from besides the branch. */
export interface DitaPreviewInput {
  path: string;
  content: string;
  lang: Language;
  conditions: Condition[];
}

/** What a preview on a content thread asks the server: the branch, its files' contents, the grammar. */
export type PreviewQuestion = { kind: 'branch' } | { kind: 'read'; paths: string[] } | GrammarQuestion;

/** The branch a preview renders in: its files at the head and the keys its maps define. */
export interface PreviewBranch {
  files: string[];
  keys: { key: string; targetPath: string | null; text: string }[];
}

/**
 * Checks the text (well-formed, DITA structure, its DTD as `grammar` decides) and, when it parses,
 * renders it with the engine in its branch (none: a branch without a commit, only the check): the
 * head's files with the text in place of the file, and the keys as the preview map's keydefs.
 */
export async function renderDitaPreview(
  input: DitaPreviewInput,
  grammar: GrammarRules,
  branchOf: () => Promise<PreviewBranch | null>,
  sourceOf: (files: string[], overlay: Map<string, string>) => FileSource,
): Promise<EditorPreview> {
  const { path, content, lang } = input;
  const checked = await checkDita(content, path, lang, grammar);
  if (!checked.root) return { html: '', problems: checked.problems, conrefs: [], links: [] };
  const branch = await branchOf();
  if (!branch) return { html: '', problems: checked.problems, conrefs: [], links: [] };
  const overlay = new Map([
    [path, content],
    [PREVIEW_MAP, previewMapXml(path, branch.keys)],
  ]);
  const project = await loadProject({ source: sourceOf(branch.files, overlay), map: PREVIEW_MAP, conditions: input.conditions });
  const { html } = await renderTopicPreview(project, path);
  return {
    html,
    problems: [...checked.problems, ...brokenReferences(project, path, lang)],
    conrefs: resolveConrefs(project, checked.root, lang),
    links: resolveLinks(project, path, lang),
  };
}

/**
 * An S1000D module's preview: the unsaved text rendered by the S1000D publish renderer (the body
 * of a published page: identification block, content, steps numbered, requirements as tables),
 * for the chosen product's property values when given (what does not apply left out, as
 * published). Empty when the text is not a well-formed data module (the check says why).
 */
export async function s1000dPreviewHtml(path: string, content: string, lang: Language, assignment: Record<string, string> | undefined): Promise<string> {
  const { describeFile, filterInstance } = await import('@ccms/s1000d');
  const { publishTexts, renderModule, S1000D_CSS } = await import('@ccms/s1000d/publish');
  const { DEFAULT_CSS } = await import('@ccms/dita/shared-output');
  const dm = describeFile(path, content);
  if (dm.refused || !dm.xml || dm.kind !== 'dm') return '';
  const root = assignment ? filterInstance(dm.xml, dm.applicGroup, assignment).doc.root : dm.xml.root;
  const texts = publishTexts(lang === 'zh' ? 'zh-CN' : 'en-US');
  const rendered = renderModule({ texts, idPrefix: '', pageOf: () => undefined, graphic: () => undefined }, dm, root);
  return `<style>${DEFAULT_CSS}${S1000D_CSS}</style><main class="s1000d-preview">${rendered.html}</main>`;
}
