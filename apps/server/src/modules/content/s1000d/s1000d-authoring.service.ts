import type { Language as UiLanguage } from '@ccms/contracts/constants';
import type { TextDiff } from '@ccms/contracts/content/catalog';
import type {
  ChangeMarkProposal,
  CycleResult,
  DmcOptions,
  DmrlEntryBody,
  IssueBody,
  IssueCompareQuery,
  IssueRow,
  ModuleIssues,
  ModuleQuery,
  ModuleTarget,
  NewModuleBody,
  NewModuleResult,
  NewPmBody,
  ObjectWritten,
  S1000dSettings,
} from '@ccms/contracts/content/s1000d-authoring';
import type { TopicStatus } from '@ccms/contracts/content/status';
import { S1000D_TEMPLATE_PLACEHOLDERS } from '@ccms/contracts/content/template';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { withLeadingLabel } from '@ccms/contracts/messages/fields';
import {
  addToDml,
  addToPm,
  applyDmIdent,
  applyDmlIdent,
  applyPmIdent,
  type Brex,
  type Csdb,
  CycleError,
  checkDmc,
  checkDmlCode,
  checkPmCode,
  dataModuleTemplate,
  dmcRulesOf,
  dmcString,
  dmlEntryXml,
  dmlTemplate,
  dmRefXml,
  INFO_CODES,
  issueObject,
  nextInWork,
  objectFileName,
  objectIdent,
  type CycleResult as PackageCycle,
  parseDmc,
  parseFileName,
  pmTemplate,
  proposeChangeMarks,
  TEMPLATE_SCHEMAS,
  type ValidationProblem,
  valueAllowed,
} from '@ccms/s1000d';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogTopic, ccmsS1000dSetting } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { classifyRemoteError } from '../../../platform/git/git-env';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime, CatalogScopeOpen } from '../catalog/catalog.service';
import { pushTag, tagsUnder } from '../catalog/catalog-git';
import { findMeta, saveMeta } from '../catalog/catalog-meta';
import { checkS1000dObject } from '../catalog/s1000d-rows';
import type { S1000dGrammar } from '../grammar/grammar-registry';
import type { LibraryNeed } from '../library/library-access';
import type { LibraryGit, LibraryRow } from '../library/library-git';
import { joinPath, parentOf, repoPath } from '../shared/repo-path';
import { sideBySide } from '../shared/text-diff';
import { standardOf } from '../standard/registry';
import { s1000dTemplateOf } from '../template/template.queries';
import { fillTemplate } from '../template/template-fill';

/** Whether a DML's text already lists this data module code (its dmRefs' dmCode attributes). */
function entryListed(text: string, code: string): boolean {
  for (const m of text.matchAll(/<dmCode\b([^>]*)\/?>/g)) {
    const attrs = Object.fromEntries([...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    const fields = parseDmc(
      `${attrs.modelIdentCode}-${attrs.systemDiffCode}-${attrs.systemCode}-${attrs.subSystemCode}${attrs.subSubSystemCode}-${attrs.assyCode}-${attrs.disassyCode}${attrs.disassyCodeVariant}-${attrs.infoCode}${attrs.infoCodeVariant}-${attrs.itemLocationCode}${attrs.learnCode ? `-${attrs.learnCode}${attrs.learnEventCode ?? ''}` : ''}`,
    );
    if (fields && dmcString(fields) === code) return true;
  }
  return false;
}

/** The tag an issue leaves on its commit: issue/<code>/<nnn>. */
export const issueTag = (code: string, issueNumber: string) => `issue/${code}/${issueNumber}`;

/** The package's sentences start with the field's key ("systemCode: ..."): the caller reads its label instead. */
const relabelled = (messages: { zh: string; en: string }) => ({ zh: withLeadingLabel('zh', messages.zh), en: withLeadingLabel('en', messages.en) });

const refused = (e: CycleError) => badRequest('s1000d.refused', { field: e.field, ...relabelled(e.messages) });

/** The caller's problems list, in their language. */
function presentProblems(found: ValidationProblem[], lang: UiLanguage) {
  return found.map((p) => ({ severity: p.severity, code: p.code, line: p.line, message: lang === 'en' ? p.messages.en : p.messages.zh }));
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * S1000D authoring on a library branch: new data modules from the DMC builder and the schema's
 * template, the issue cycle (start the next in-work, issue) as commits that rename the file by its
 * new code (the catalogue keeps the module's identity across the rename), issue tags on the remote,
 * change marks proposed against the latest issue, and two issues side by side.
 */
export function s1000dAuthoringService(db: Db, git: LibraryGit, runtime: CatalogRuntime, grammar: () => Promise<S1000dGrammar>) {
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
    await catalog.afterCommit(scope.row, scope.branch, committed);
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

  const firstRefusal = <F extends string>(found: { field: F; messages: { zh: string; en: string } }[], prefix: string) => {
    const [p] = found;
    if (!p) return;
    throw badRequest('s1000d.refused', { field: `${prefix}${p.field}`, ...relabelled({ zh: `${prefix}${p.messages.zh}`, en: `${prefix}${p.messages.en}` }) });
  };

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

  const langKey = (l: { languageIsoCode: string; countryIsoCode: string } | undefined) =>
    l ? `${l.languageIsoCode}-${l.countryIsoCode}`.toLowerCase() : undefined;

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

  /**
   * One cycle step as one commit: the file's text at the locked head turned by `step`, written under
   * its new name (the old one deleted), then indexed (the rename keeps the module's identity) and
   * its status set.
   */
  async function cycle(
    auth: AuthContext,
    target: ModuleTarget,
    lang: UiLanguage,
    step: (text: string) => PackageCycle,
    opts: { status: TopicStatus; message: (r: PackageCycle) => string; tag: boolean; before?: (scope: CatalogScopeOpen, path: string) => Promise<void> },
  ): Promise<CycleResult> {
    const scope = await scopeOf(auth, target.libraryId, target.branch, 'write');
    const { path, text } = await moduleAt(scope, target.path);
    await opts.before?.(scope, path);
    let made: PackageCycle | undefined;
    try {
      made = step(text);
    } catch (e) {
      if (e instanceof CycleError) throw refused(e);
      throw e;
    }
    const first = made;
    const repo = git.repoOf(scope.row.libraryId);
    const planned = opts.tag ? issueTag(first.ident.code, first.ident.issue.issueNumber) : null;
    if (planned && (await repo.resolve(`refs/tags/${planned}`))) throw badRequest('s1000d.tagExists', { tag: planned });
    const changesOn = async (locked: GitRepo, head: string): Promise<Change[]> => {
      const now = await locked.readFile(head, path);
      if (now === null) throw new AppError(Code.NOT_FOUND, 'explorer.notFound', { path });
      try {
        made = step(now.toString('utf8'));
      } catch (e) {
        if (e instanceof CycleError) throw refused(e);
        throw e;
      }
      const to = joinPath(parentOf(path), made.ident.fileName);
      if (to !== path && (await locked.typeOf(head, to))) throw badRequest('s1000d.pathExists', { field: 'path', path: to });
      const content = Buffer.from(made.xml, 'utf8');
      return to === path
        ? [{ op: 'put', path, content }]
        : [
            { op: 'delete', path },
            { op: 'put', path: to, content },
          ];
    };
    const committed = await git.commit(scope.row, auth, scope.branch, changesOn, opts.message(first));
    const result = made ?? first;
    const finalPath = joinPath(parentOf(path), result.ident.fileName);
    const tag = opts.tag ? issueTag(result.ident.code, result.ident.issue.issueNumber) : null;
    if (tag) {
      const pushed = await pushTag(repo, git.authOf(scope.row), tag, committed.commit);
      if (!pushed.ok) {
        // The commit is in; the refusal says the tag is missing so it can be made again.
        await catalog.afterCommit(scope.row, scope.branch, committed);
        if (pushed.reason === 'exists') throw badRequest('s1000d.tagExists', { tag });
        throw new AppError(Code.ERROR, 's1000d.tagFailed', { path: finalPath, tag, detail: classifyRemoteError(pushed.detail) });
      }
    }
    await catalog.afterCommit(scope.row, scope.branch, committed);
    await saveMeta(db, scope.row.libraryId, scope.branch, finalPath, { status: opts.status }, auth.userName);
    const after = await catalog.openStored(auth, scope.row.libraryId, scope.branch);
    return {
      libraryId: scope.row.libraryId,
      branch: scope.branch,
      previousPath: path,
      path: finalPath,
      code: result.ident.code,
      issue: `${result.ident.issue.issueNumber}-${result.ident.issue.inWork}`,
      issueType: result.ident.issueType ?? '',
      commit: committed.commit,
      status: opts.status,
      tag,
      topicId: await topicIdOf(scope.row.libraryId, scope.branch, finalPath),
      documentId: result.ident.kind === 'pm' ? await documentIdOf(scope.row.libraryId, scope.branch, finalPath) : null,
      problems: await problemsOf(after, finalPath, result.xml, lang),
    };
  }

  return {
    async options(auth: AuthContext, q: { libraryId: number; branch?: string }): Promise<DmcOptions> {
      const scope = await scopeOf(auth, q.libraryId, q.branch, 'read');
      const { csdb, project, rules, folder, enterpriseCode } = await projectOf(scope);
      const mic = new Map<string, number>();
      const sdc = new Map<string, number>();
      const languages = new Set<string>();
      for (const o of csdb.objects) {
        if (o.kind !== 'dm') continue;
        const f = parseDmc(o.code);
        if (!f) continue;
        mic.set(f.modelIdentCode, (mic.get(f.modelIdentCode) ?? 0) + 1);
        sdc.set(f.systemDiffCode, (sdc.get(f.systemDiffCode) ?? 0) + 1);
        if (o.language) languages.add(`${o.language.languageIsoCode}-${o.language.countryIsoCode}`);
      }
      const byUse = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
      const infoRules = rules.values.infoCode;
      const allowed = (code: string) => !infoRules || infoRules.every((list) => list.some((v) => valueAllowed(code, v)));
      return {
        modelIdentCodes: byUse(mic),
        systemDiffCodes: byUse(sdc),
        sns: rules.sns ?? null,
        infoCodes: INFO_CODES.map((c) => ({ ...c, allowed: allowed(c.code) })),
        projectBrex: project?.dmc ?? null,
        folder,
        enterpriseCode,
        languages: [...languages].sort(),
        schemas: TEMPLATE_SCHEMAS.filter((s) => s !== 'pm' && s !== 'dml'),
        pms: csdb.objects
          .filter((o) => o.kind === 'pm' && csdb.latest(o.code) === o)
          .map((o) => ({ path: o.file, code: o.code, title: o.title }))
          .sort((a, b) => a.code.localeCompare(b.code)),
      };
    },

    async create(auth: AuthContext, body: NewModuleBody, lang: UiLanguage): Promise<NewModuleResult> {
      const scope = await scopeOf(auth, body.libraryId, body.branch, 'write');
      const { project, rules, folder: projectFolder, enterpriseCode: projectEnterprise } = await projectOf(scope);
      const found = checkDmc(body.dmc, rules);
      const [firstProblem] = found;
      if (firstProblem) throw badRequest('s1000d.refused', { field: firstProblem.field, ...relabelled(firstProblem.messages) });
      const code = dmcString(body.dmc);
      const language = { languageIsoCode: body.language.languageIsoCode.toLowerCase(), countryIsoCode: body.language.countryIsoCode.toUpperCase() };
      const folder = repoPath(body.folder ?? projectFolder, 'folder', { root: true });
      const path = joinPath(folder, objectFileName(code, { issueNumber: '000', inWork: '01' }, language));
      const pmPath = body.pmPath ? repoPath(body.pmPath, 'pmPath') : undefined;
      const enterpriseCode = body.enterpriseCode?.toUpperCase() || projectEnterprise;
      const input = {
        dmc: body.dmc,
        language,
        techName: body.techName,
        infoName: body.infoName,
        issueDate: today(),
        enterpriseCode: enterpriseCode || '00000',
        brex: project ? parseDmc(project.dmc) : undefined,
      };
      const values = { title: body.techName, id: code, language, enterpriseCode: input.enterpriseCode };
      const xml =
        (await fromTemplate(auth, body.schema, body.templateId, values, (text) => applyDmIdent(text, input), '<dmAddress>, <dmStatus>')) ??
        dataModuleTemplate(body.schema, input);
      const file: Change = { op: 'put', path, content: Buffer.from(xml, 'utf8') };
      const changesOn = async (locked: GitRepo, head: string): Promise<Change[]> => {
        const existing = (await sameObject(locked, head, code, langKey(language)))[0];
        if (existing) throw badRequest('s1000d.codeExists', { code, path: existing });
        if (await locked.typeOf(head, path)) throw badRequest('s1000d.pathExists', { field: 'dmc', path });
        if (!pmPath) return [file];
        const pm = await locked.readFile(head, pmPath);
        if (pm === null) throw badRequest('s1000d.notModule', { path: pmPath });
        try {
          const withRef = addToPm(pm.toString('utf8'), dmRefXml(body.dmc, body.techName, body.infoName));
          return [file, { op: 'put', path: pmPath, content: Buffer.from(withRef, 'utf8') }];
        } catch (e) {
          if (e instanceof CycleError) throw refused(e);
          throw e;
        }
      };
      const made = await git.commit(scope.row, auth, scope.branch, changesOn, translate(lang, 's1000d.newMessage', { code }));
      await catalog.afterCommit(scope.row, scope.branch, made);
      const after = await catalog.openStored(auth, scope.row.libraryId, scope.branch);
      return {
        libraryId: scope.row.libraryId,
        branch: scope.branch,
        path,
        code,
        issue: '000-01',
        commit: made.commit,
        topicId: await topicIdOf(scope.row.libraryId, scope.branch, path),
        problems: await problemsOf(after, path, xml, lang),
      };
    },

    /** 000-01 → 000-02; an issued 001-00 → 001-01. The module becomes draft. */
    inWork(auth: AuthContext, target: ModuleTarget, lang: UiLanguage) {
      return cycle(auth, target, lang, nextInWork, {
        status: 'draft',
        tag: false,
        message: (r) => translate(lang, 's1000d.inWorkMessage', { code: r.ident.code, issue: `${r.ident.issue.issueNumber}-${r.ident.issue.inWork}` }),
      });
    },

    /** The next issue; refused while the library wants review approval first and the module is not approved. The module becomes approved. */
    issue(auth: AuthContext, body: IssueBody, lang: UiLanguage) {
      return cycle(auth, body, lang, (text) => issueObject(text, { issueType: body.issueType, reasons: body.reasons, marks: body.marks, date: today() }), {
        status: 'approved',
        tag: true,
        message: (r) => translate(lang, 's1000d.issueMessage', { code: r.ident.code, issue: r.ident.issue.issueNumber, issueType: body.issueType }),
        before: async (scope, path) => {
          if (!(await settingsOf(scope.row.libraryId)).issueNeedsApproval) return;
          const status = (await findMeta(db, scope.row.libraryId, scope.branch, path))?.status ?? 'draft';
          if (status !== 'approved') throw badRequest('s1000d.issueNeedsApproval', { path, status });
        },
      });
    },

    async issues(auth: AuthContext, q: ModuleQuery): Promise<ModuleIssues> {
      const scope = await scopeOf(auth, q.libraryId, q.branch, 'read');
      const { path, ident } = await moduleAt(scope, q.path);
      const status = (await findMeta(db, scope.row.libraryId, scope.branch, path))?.status ?? 'draft';
      return {
        code: ident.code,
        current: {
          path,
          issue: `${ident.issue.issueNumber}-${ident.issue.inWork}`,
          status,
          issueNeedsApproval: (await settingsOf(scope.row.libraryId)).issueNeedsApproval,
        },
        rows: await issuesOf(scope.row, ident.code, langKey(ident.language)),
      };
    },

    async changeMarks(auth: AuthContext, q: ModuleQuery): Promise<ChangeMarkProposal> {
      const scope = await scopeOf(auth, q.libraryId, q.branch, 'read');
      const { text, ident } = await moduleAt(scope, q.path);
      const [previous] = await issuesOf(scope.row, ident.code, langKey(ident.language));
      if (!previous?.path) return { previous: previous ?? null, marks: [], removed: [] };
      const before = await git.repoOf(scope.row.libraryId).readFile(previous.commit, previous.path);
      if (before === null) return { previous, marks: [], removed: [] };
      return { previous, ...proposeChangeMarks(before.toString('utf8'), text) };
    },

    async compare(auth: AuthContext, q: IssueCompareQuery): Promise<TextDiff> {
      const scope = await scopeOf(auth, q.libraryId, q.branch, 'read');
      const current = await moduleAt(scope, q.path);
      const rows = await issuesOf(scope.row, current.ident.code, langKey(current.ident.language));
      const repo = git.repoOf(scope.row.libraryId);
      const side = async (which: string, field: 'from' | 'to') => {
        if (which === 'current')
          return { commit: scope.index.commit, label: `${current.ident.issue.issueNumber}-${current.ident.issue.inWork}`, text: current.text };
        const row = rows.find((r) => r.issueNumber === which);
        const body = row?.path ? await repo.readFile(row.commit, row.path) : null;
        if (!row || body === null) throw badRequest('s1000d.issueMissing', { field, issue: which });
        return { commit: row.commit, label: `${row.issueNumber}-00`, text: body.toString('utf8') };
      };
      const [from, to] = [await side(q.from, 'from'), await side(q.to, 'to')];
      const diff = sideBySide(from.text, to.text);
      return {
        path: current.path,
        from: { commit: from.commit, label: from.label },
        to: { commit: to.commit, label: to.label },
        changed: from.text !== to.text,
        ...diff,
      };
    },

    /** A new publication module listing data modules of the branch (by path), at 000-01. */
    async createPm(auth: AuthContext, body: NewPmBody, lang: UiLanguage): Promise<ObjectWritten> {
      const scope = await scopeOf(auth, body.libraryId, body.branch, 'write');
      firstRefusal(checkPmCode(body.pmCode), 'pmCode.');
      const p = await projectOf(scope);
      const refs: string[] = [];
      for (const raw of body.dmPaths) {
        const path = repoPath(raw, 'dmPaths');
        const o = p.csdb.objects.find((x) => x.file === path);
        const fields = o && (o.kind === 'dm' || o.kind === 'dme') ? parseDmc(o.code) : undefined;
        if (!fields) throw badRequest('s1000d.notModule', { path });
        refs.push(dmRefXml(fields));
      }
      const c = body.pmCode;
      const code = `PMC-${c.modelIdentCode}-${c.pmIssuer}-${c.pmNumber}-${c.pmVolume}`.toUpperCase();
      const language = { languageIsoCode: body.language.languageIsoCode.toLowerCase(), countryIsoCode: body.language.countryIsoCode.toUpperCase() };
      const folder = repoPath(body.folder ?? p.folder, 'folder', { root: true });
      const path = joinPath(folder, objectFileName(code, { issueNumber: '000', inWork: '01' }, language));
      const input = {
        pmCode: body.pmCode,
        pmTitle: body.pmTitle,
        language,
        issueDate: today(),
        enterpriseCode: p.enterpriseCode || '00000',
        brex: p.project ? parseDmc(p.project.dmc) : undefined,
        firstRef: refs.join('\n      '),
      };
      const values = { title: body.pmTitle, id: code, language, enterpriseCode: input.enterpriseCode };
      const text =
        (await fromTemplate(auth, 'pm', body.templateId, values, (t) => applyPmIdent(t, input), '<pmAddress>, <pmStatus>, <pmEntry>')) ?? pmTemplate(input);
      const made = { path, code: () => code, text: () => text, message: translate(lang, 's1000d.newPmMessage', { code }) };
      return writeObject(auth, scope, lang, made, async (locked, head) => {
        const existing = (await sameObject(locked, head, code, langKey(language)))[0];
        if (existing) throw badRequest('s1000d.pmCodeExists', { code, path: existing });
        return [{ op: 'put', path, content: Buffer.from(text, 'utf8') }];
      });
    },

    /** A planned data module added to a DMRL (dmlEntry), or to a new DMRL (dmlType p) at 000-01. */
    async addDmrlEntry(auth: AuthContext, body: DmrlEntryBody, lang: UiLanguage): Promise<ObjectWritten> {
      const scope = await scopeOf(auth, body.libraryId, body.branch, 'write');
      const p = await projectOf(scope);
      firstRefusal(checkDmc(body.dmc, p.rules), '');
      const entry = dmlEntryXml(body.dmc, body.techName, body.infoName, p.enterpriseCode || '00000');
      const entryCode = dmcString(body.dmc);
      const dmlPath = body.dmlPath ? repoPath(body.dmlPath, 'dmlPath') : undefined;
      if (!dmlPath && !body.newDml) throw badRequest('s1000d.dmlNeeded');
      let path = dmlPath ?? '';
      let code = '';
      let newText: string | undefined;
      if (!dmlPath && body.newDml) {
        firstRefusal(checkDmlCode(body.newDml), 'newDml.');
        const d = body.newDml;
        code = `DML-${d.modelIdentCode}-${d.senderIdent}-P-${d.yearOfDataIssue}-${d.seqNumber}`.toUpperCase();
        path = joinPath(repoPath(p.folder, 'folder', { root: true }), objectFileName(code, { issueNumber: '000', inWork: '01' }));
        const input = {
          dmlCode: { ...d, dmlType: 'p' as const },
          issueDate: today(),
          enterpriseCode: p.enterpriseCode || '00000',
          brex: p.project ? parseDmc(p.project.dmc) : undefined,
          firstEntry: entry,
        };
        const values = { title: body.techName, id: code, enterpriseCode: input.enterpriseCode };
        newText =
          (await fromTemplate(auth, 'dml', body.templateId, values, (t) => applyDmlIdent(t, input), '<dmlAddress>, <dmlStatus>, <dmlContent>')) ??
          dmlTemplate(input);
      }
      let written = newText ?? '';
      return writeObject(
        auth,
        scope,
        lang,
        {
          path,
          code: () => code,
          text: () => written,
          message: translate(lang, 's1000d.dmrlEntryMessage', { dml: path.slice(path.lastIndexOf('/') + 1), code: entryCode }),
        },
        async (locked, head) => {
          if (newText !== undefined) {
            const existing = (await sameObject(locked, head, code, undefined))[0];
            if (existing) throw badRequest('s1000d.dmlCodeExists', { code, path: existing });
            return [{ op: 'put', path, content: Buffer.from(newText, 'utf8') }];
          }
          const now = await locked.readFile(head, path);
          if (now === null) throw badRequest('s1000d.notModule', { path });
          const text = now.toString('utf8');
          try {
            code = objectIdent(text).code;
            if (entryListed(text, entryCode)) throw badRequest('s1000d.entryExists', { code: entryCode });
            written = addToDml(text, entry);
          } catch (e) {
            if (e instanceof CycleError) throw refused(e);
            throw e;
          }
          return [{ op: 'put', path, content: Buffer.from(written, 'utf8') }];
        },
      );
    },

    async settings(auth: AuthContext, libraryId: number): Promise<S1000dSettings> {
      await scopeOf(auth, libraryId, undefined, 'read');
      return settingsOf(libraryId);
    },

    async saveSettings(auth: AuthContext, body: S1000dSettings): Promise<S1000dSettings> {
      await scopeOf(auth, body.libraryId, undefined, 'configure');
      await db
        .insert(ccmsS1000dSetting)
        .values({ libraryId: body.libraryId, issueNeedsApproval: body.issueNeedsApproval, updateBy: auth.userName })
        .onConflictDoUpdate({
          target: ccmsS1000dSetting.libraryId,
          set: { issueNeedsApproval: body.issueNeedsApproval, updateBy: auth.userName, updateTime: new Date() },
        });
      return settingsOf(body.libraryId);
    },
  };
}
