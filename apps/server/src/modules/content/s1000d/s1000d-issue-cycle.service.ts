import type { Language as UiLanguage } from '@ccms/contracts/constants';
import type { TextDiff } from '@ccms/contracts/content/catalog';
import type {
  ChangeMarkProposal,
  CycleResult,
  IssueBody,
  IssueCompareQuery,
  ModuleIssues,
  ModuleQuery,
  ModuleTarget,
  S1000dSettings,
} from '@ccms/contracts/content/s1000d-authoring';
import type { TopicStatus } from '@ccms/contracts/content/status';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { CycleError, issueObject, nextInWork, type CycleResult as PackageCycle, proposeChangeMarks } from '@ccms/s1000d';
import type { Db } from '../../../db/client';
import { ccmsS1000dSetting } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { classifyRemoteError } from '../../../platform/git/git-env';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime, CatalogScopeOpen } from '../catalog/catalog.service';
import { pushTag } from '../catalog/catalog-git';
import { findMeta, saveMeta } from '../catalog/catalog-meta';
import type { LibraryGit } from '../library/library-git';
import { joinPath, parentOf } from '../shared/repo-path';
import { sideBySide } from '../shared/text-diff';
import { issueTag, langKey, refused, type S1000dAuthoringScope, today } from './s1000d-authoring-scope';

/**
 * The issue cycle of an S1000D object on a library branch: start the next in-work, issue (as
 * commits that rename the file by its new code; the catalogue keeps the module's identity across
 * the rename), issue tags on the remote, change marks proposed against the latest issue, two
 * issues side by side, and the library's setting that issues need approval first.
 */
export function s1000dIssueCycleService(db: Db, git: LibraryGit, runtime: CatalogRuntime, kit: S1000dAuthoringScope) {
  const { catalog } = runtime;
  const { scopeOf, moduleAt, topicIdOf, documentIdOf, problemsOf, settingsOf, issuesOf } = kit;

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
        await catalog.afterCommit(scope.row, scope.branch, committed.batch);
        if (pushed.reason === 'exists') throw badRequest('s1000d.tagExists', { tag });
        throw new AppError(Code.ERROR, 's1000d.tagFailed', { path: finalPath, tag, detail: classifyRemoteError(pushed.detail) });
      }
    }
    await catalog.afterCommit(scope.row, scope.branch, committed.batch);
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
