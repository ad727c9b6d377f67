import type { Language as UiLanguage } from '@ccms/contracts/constants';
import type { IssueRow, ObjectWritten, S1000dSettings } from '@ccms/contracts/content/s1000d-authoring';
import { S1000D_TEMPLATE_PLACEHOLDERS } from '@ccms/contracts/content/template';
import { Code } from '@ccms/contracts/http';
import { withLeadingLabel } from '@ccms/contracts/messages/fields';
import { type Brex, type Csdb, CycleError, dmcRulesOf, objectIdent, parseFileName, type ValidationProblem } from '@ccms/s1000d';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogTopic, ccmsS1000dSetting } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime, CatalogScopeOpen } from '../catalog/catalog.service';
import { tagsUnder } from '../catalog/catalog-git';
import { checkS1000dObject } from '../catalog/s1000d-rows';
import type { S1000dGrammar } from '../grammar/grammar-package';
import type { LibraryNeed } from '../library/library-access';
import type { LibraryGit, LibraryRow } from '../library/library-git';
import { parentOf, repoPath } from '../shared/repo-path';
import { standardOf } from '../standard/registry';
import { s1000dTemplateOf } from '../template/template.queries';
import { fillTemplate } from '../template/template-fill';

/**
 * What S1000D authoring works in: a library branch opened as an S1000D scope, its set and
 * project BREX (the rules for codes), the problems a text has there, the object and its issues
 * at the head, and the commit that writes a new or changed object. Shared by the new-object and
 * issue-cycle services.
 */

/** The tag an issue leaves on its commit: issue/<code>/<nnn>. */
export const issueTag = (code: string, issueNumber: string) => `issue/${code}/${issueNumber}`;

/** The package's sentences start with the field's key ("systemCode: ..."): the caller reads its label instead. */
export const relabelled = (messages: { zh: string; en: string }) => ({ zh: withLeadingLabel('zh', messages.zh), en: withLeadingLabel('en', messages.en) });

export const refused = (e: CycleError) => badRequest('s1000d.refused', { field: e.field, ...relabelled(e.messages) });

/** The caller's problems list, in their language. */
function presentProblems(found: ValidationProblem[], lang: UiLanguage) {
  return found.map((p) => ({ severity: p.severity, code: p.code, line: p.line, message: lang === 'en' ? p.messages.en : p.messages.zh }));
}

export const today = () => new Date().toISOString().slice(0, 10);

export const firstRefusal = <F extends string>(found: { field: F; messages: { zh: string; en: string } }[], prefix: string) => {
  const [p] = found;
  if (!p) return;
  throw badRequest('s1000d.refused', { field: `${prefix}${p.field}`, ...relabelled({ zh: `${prefix}${p.messages.zh}`, en: `${prefix}${p.messages.en}` }) });
};

export const langKey = (l: { languageIsoCode: string; countryIsoCode: string } | undefined) =>
  l ? `${l.languageIsoCode}-${l.countryIsoCode}`.toLowerCase() : undefined;

export type S1000dAuthoringScope = ReturnType<typeof s1000dAuthoringScope>;

export function s1000dAuthoringScope(db: Db, git: LibraryGit, runtime: CatalogRuntime, grammar: () => Promise<S1000dGrammar>) {
  const { catalog, indexer } = runtime;

  async function scopeOf(auth: AuthContext, libraryId: number, branch: string | undefined, need: LibraryNeed): Promise<CatalogScopeOpen> {
    const scope = await catalog.open(auth, libraryId, branch, need);
    if (standardOf(scope.row.libraryType).id !== 's1000d') throw badRequest('s1000d.notS1000d', { name: scope.row.name });
    return scope;
  }

  async function setOf(scope: CatalogScopeOpen) {
    return indexer.s1000dSet({
      libraryId: scope.row.libraryId,
      libraryType: scope.row.libraryType,
      branch: scope.branch,
      repo: git.repoOf(scope.row.libraryId),
      commit: scope.index.commit,
    });
  }

  /** The project BREX: the one the branch's modules name most (brexDmRef) among the set's BREX modules. */
  function projectBrexOf(csdb: Csdb, brex: ReadonlyMap<string, Brex>): Brex | undefined {
    const named = new Map<string, number>();
    for (const o of csdb.objects)
      for (const r of o.references) if (r.parent === 'brexDmRef' && brex.has(r.target)) named.set(r.target, (named.get(r.target) ?? 0) + 1);
    const best = [...named].sort((a, b) => b[1] - a[1])[0]?.[0];
    return best ? brex.get(best) : [...brex.values()][0];
  }

  /** The layers the project BREX brings (itself, what it names, the installed default). */
  async function layersOf(project: Brex | undefined, brex: ReadonlyMap<string, Brex>): Promise<Brex[]> {
    if (!project) return [];
    const out: Brex[] = [project];
    const g = await grammar();
    const seen = new Set([project.dmc]);
    for (let next = project.brexRef; next && !seen.has(next); ) {
      seen.add(next);
      const found = brex.get(next) ?? g.defaultBrex(project.issue, next);
      if (!found) break;
      out.push(found);
      next = found.brexRef;
    }
    return out;
  }

  /** The branch's set, its project BREX (its file, its rules for codes) and the enterprise code its originator names. */
  async function projectOf(scope: CatalogScopeOpen) {
    const { csdb, brex } = await setOf(scope);
    const project = projectBrexOf(csdb, brex);
    const rules = dmcRulesOf(await layersOf(project, brex));
    const brexFile = project ? csdb.objects.find((o) => o.code === project.dmc)?.file : undefined;
    let enterpriseCode = '';
    if (brexFile) {
      const text = (await git.repoOf(scope.row.libraryId).readFile(scope.index.commit, brexFile))?.toString('utf8') ?? '';
      enterpriseCode =
        /<originator[^>]*\benterpriseCode="([^"]*)"/.exec(text)?.[1] ?? /<responsiblePartnerCompany[^>]*\benterpriseCode="([^"]*)"/.exec(text)?.[1] ?? '';
    }
    return { csdb, brex, project, rules, brexFile, enterpriseCode, folder: brexFile ? parentOf(brexFile) : '' };
  }

  /** Commits new and changed files made on the locked head, then indexes; answers with the file's problems. */
  async function writeObject(
    auth: AuthContext,
    scope: CatalogScopeOpen,
    lang: UiLanguage,
    made: { path: string; code: () => string; text: () => string; message: string },
    changesOn: (locked: GitRepo, head: string) => Promise<Change[]>,
  ): Promise<ObjectWritten> {
    const committed = await git.commit(scope.row, auth, scope.branch, changesOn, made.message);
    await catalog.afterCommit(scope.row, scope.branch, committed.batch);
    const after = await catalog.openStored(auth, scope.row.libraryId, scope.branch);
    return {
      libraryId: scope.row.libraryId,
      branch: scope.branch,
      path: made.path,
      code: made.code(),
      commit: committed.commit,
      problems: await problemsOf(after, made.path, made.text(), lang),
    };
  }

  async function topicIdOf(libraryId: number, branch: string, path: string): Promise<number | null> {
    const [row] = await db
      .select({ topicId: ccmsCatalogTopic.topicId })
      .from(ccmsCatalogTopic)
      .where(and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch), eq(ccmsCatalogTopic.path, path)));
    return row?.topicId ?? null;
  }

  async function documentIdOf(libraryId: number, branch: string, path: string): Promise<number | null> {
    const [row] = await db
      .select({ documentId: ccmsCatalogDocument.documentId })
      .from(ccmsCatalogDocument)
      .where(and(eq(ccmsCatalogDocument.libraryId, libraryId), eq(ccmsCatalogDocument.branch, branch), eq(ccmsCatalogDocument.path, path)));
    return row?.documentId ?? null;
  }

  /**
   * A new object's text from the schema's template (the one picked, else its type's default): its
   * placeholders filled, then its ident and status set from the builder by `apply`. Undefined when
   * the schema has no template row (the built-in template is used then).
   */
  async function fromTemplate(
    auth: AuthContext,
    schema: string,
    templateId: number | undefined,
    values: { title: string; id: string; language?: { languageIsoCode: string; countryIsoCode: string }; enterpriseCode: string },
    apply: (text: string) => string | undefined,
    element: string,
  ): Promise<string | undefined> {
    const template = await s1000dTemplateOf(db, schema, templateId);
    if (!template) return undefined;
    const date = today();
    const language = values.language ?? { languageIsoCode: '', countryIsoCode: '' };
    const filled = fillTemplate(
      template.content,
      {
        title: values.title,
        id: values.id,
        author: auth.userName,
        date,
        lang: values.language ? `${language.languageIsoCode}-${language.countryIsoCode}` : template.lang,
        product: '',
        year: date.slice(0, 4),
        month: date.slice(5, 7),
        day: date.slice(8, 10),
        languageIsoCode: language.languageIsoCode,
        countryIsoCode: language.countryIsoCode,
        enterpriseCode: values.enterpriseCode,
      },
      S1000D_TEMPLATE_PLACEHOLDERS,
    );
    const made = apply(filled);
    if (made === undefined) throw badRequest('template.noIdent', { field: 'templateId', name: template.templateName, element });
    return made;
  }

  async function settingsOf(libraryId: number): Promise<S1000dSettings> {
    const [row] = await db.select().from(ccmsS1000dSetting).where(eq(ccmsS1000dSetting.libraryId, libraryId));
    return { libraryId, issueNeedsApproval: row?.issueNeedsApproval ?? false };
  }

  /** Problems of a text as the editor's validate would say them (the branch's BREX, the installed schemas and default BREX). */
  async function problemsOf(scope: CatalogScopeOpen, path: string, text: string, lang: UiLanguage) {
    const { brex } = await setOf(scope);
    return presentProblems(checkS1000dObject(text, path, brex, await grammar()), lang);
  }

  /** Files of the commit holding the same code and language (another issue of the same object). */
  async function sameObject(repo: GitRepo, commit: string, code: string, language: string | undefined): Promise<string[]> {
    const paths = await repo.filePaths(commit);
    return paths.filter((p) => {
      const n = parseFileName(p);
      if (!n || n.code !== code) return false;
      const l = n.language ? `${n.language.languageIsoCode}-${n.language.countryIsoCode}` : undefined;
      return l?.toLowerCase() === language?.toLowerCase();
    });
  }

  /** The object's issues from its tags, newest first, each with its file at that commit. */
  async function issuesOf(row: LibraryRow, code: string, language: string | undefined): Promise<IssueRow[]> {
    const repo = git.repoOf(row.libraryId);
    const tags = await tagsUnder(repo, git.authOf(row), `issue/${code}/`);
    const rows: IssueRow[] = [];
    for (const t of tags) {
      const issueNumber = t.name.slice(t.name.lastIndexOf('/') + 1);
      if (!/^\d{3}$/.test(issueNumber)) continue;
      const [path = ''] = await sameObject(repo, t.commit, code, language);
      rows.push({ issueNumber, tag: t.name, commit: t.commit, date: t.date, author: t.author, path });
    }
    return rows.sort((a, b) => b.issueNumber.localeCompare(a.issueNumber));
  }

  /** The object at the branch head: its text and what it says it is. */
  async function moduleAt(scope: CatalogScopeOpen, rawPath: string) {
    const path = repoPath(rawPath, 'path');
    const repo = git.repoOf(scope.row.libraryId);
    const content = await repo.readFile(scope.index.commit, path);
    if (content === null) throw new AppError(Code.NOT_FOUND, 'explorer.notFound', { path });
    const text = content.toString('utf8');
    try {
      return { path, text, ident: objectIdent(text) };
    } catch (e) {
      if (e instanceof CycleError || e instanceof Error) throw badRequest('s1000d.notModule', { path });
      throw e;
    }
  }
  return { scopeOf, projectOf, writeObject, topicIdOf, documentIdOf, fromTemplate, settingsOf, problemsOf, sameObject, issuesOf, moduleAt };
}
