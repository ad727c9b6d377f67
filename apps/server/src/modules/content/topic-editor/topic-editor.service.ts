import type { Language } from '@ccms/contracts/constants';
import { INITIAL_STATUS, statusAfterEdit, TopicStatus } from '@ccms/contracts/content/status';
import type {
  EditorConflict,
  EditorDocument,
  EditorDraft,
  EditorProblem,
  EditorSaveBody,
  EditorSaveResult,
  EditorTarget,
} from '@ccms/contracts/content/topic-editor';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { parseXml } from '@ccms/dita';
import { isDitaContent } from '@ccms/dita/files';
import type { Db } from '../../../db/client';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import type { MediaTickets } from '../../../platform/auth/media-ticket';
import { type Change, type GitRepo, RemoteError, RemoteMovedError } from '../../../platform/git/git-repo';
import { objectId } from '../../../platform/git/loose-objects';
import { AppError, badRequest } from '../../../platform/http/errors';
import { saveTrace } from '../../../platform/phase-trace';
import type { CatalogRuntime, MadeCommit } from '../catalog/catalog.service';
import { findMeta, saveMeta } from '../catalog/catalog-meta';
import type { PreparedRun } from '../catalog/indexer';
import type { LibraryService } from '../library/library.service';
import { assertNotFrozen, type LibraryGit, type LibraryRow, remoteError } from '../library/library-git';
import { assertNoNewErrorsBy, type Checked, type DitaCheck, type TextCheck } from '../shared/dita-validation';
import { repoPath } from '../shared/repo-path';
import type { DescribeTopic } from '../shared/thread-describe';
import type { StandardCheck } from '../shared/thread-standards';
import { standardOf } from '../standard/registry';
import { profileSpecOf } from '../xml-profile/xml-profile.queries';
import { type LineRange, mergeThreeWay } from './three-way';
import { describeTopic } from './topic-by-standard';
import { deleteDraft, type FileKey, findDraft, putDraft } from './topic-editor.queries';

/** editor-pickers.ts reads element text with it from here. */
export { textOf } from './topic-by-standard';

/**
 * A save whose base is the branch head this clone last fetched or pushed less than this long ago
 * skips the fetch: should the remote have moved, its push is refused and the save is merged again
 * on a fetched head, so the window costs speed only, never a merge.
 */
const SKIP_FETCH_MS = 30_000;

const notFoundPath = (path: string) => new AppError(Code.NOT_FOUND, 'explorer.notFound', { path });

const asTopicStatus = (status: string): TopicStatus => {
  const parsed = TopicStatus.safeParse(status);
  return parsed.success ? parsed.data : INITIAL_STATUS;
};

/** Raised under the commit lock when the save, merged on the head there, no longer changes anything. */
class NothingToCommit extends Error {}

/**
 * Other files committed with a save (the map editor's new topics and deleted files), with a
 * check run under the commit lock against the head the commit is made on.
 */
export interface SaveExtra {
  changes: Change[];
  check?: (locked: GitRepo, lockedHead: string) => Promise<void>;
}

export interface EditorDeps {
  db: Db;
  git: LibraryGit;
  libraries: LibraryService;
  runtime: CatalogRuntime;
  tickets: MediaTickets;
  /** A DITA text's check (the app's runs on the content threads). */
  ditaCheck: DitaCheck;
  /** An ATA, flight-operations or XML-profile text's check (the app's runs on the content threads). */
  standardCheck: StandardCheck;
  /** A file's type and title as opened (the app's parses a large text on the content threads). */
  describeTopic: DescribeTopic;
}

/** A library branch's file the caller may reach: the library (access checked), the branch and the path. */
export interface OpenedFile extends FileKey {
  row: LibraryRow;
}

/** The topic editor: open a topic at its branch head, save it as one commit (validated, merged three-way), keep drafts. */
export function topicEditorService({ db, git, libraries, runtime, tickets, ditaCheck, standardCheck, describeTopic: describeOpened }: EditorDeps) {
  const { catalog } = runtime;

  /** The library after the caller's level check, the branch (default when absent) and the path. */
  async function fileOf(auth: AuthContext, target: EditorTarget, need: 'read' | 'write'): Promise<OpenedFile> {
    const row = await libraries.forCall(auth, target.libraryId, need);
    const branch = catalog.branchOf(row, target.branch);
    const path = repoPath(target.path, 'path');
    const standard = standardOf(row.libraryType);
    if (standard.id === 'dita' ? !isDitaContent(path) : !standard.files.isSource(path))
      throw badRequest(standard.id === 's1000d' ? 'editor.notS1000dObject' : 'editor.notTopic', { path });
    // A frozen revision is what its review approves and its dispatch publishes: not edited (the commit refuses it too).
    if (need === 'write') assertNotFrozen(branch);
    return { row, libraryId: row.libraryId, branch, path };
  }

  const isS1000d = (file: OpenedFile) => standardOf(file.row.libraryType).id === 's1000d';

  /** An S1000D object checked against its schema and the branch's BREX layers (at the indexed commit), as editor problems. */
  async function checkS1000d(auth: AuthContext, file: OpenedFile, content: string, lang: Language): Promise<Checked> {
    const { index } = await catalog.openStored(auth, file.libraryId, file.branch);
    const { problems: found, described } = await runtime.indexer.s1000dCheck(
      { libraryId: file.libraryId, libraryType: file.row.libraryType, branch: file.branch, repo: git.repoOf(file.libraryId), commit: index.commit },
      file.path,
      content,
    );
    const problems: EditorProblem[] = found
      .map((p) => ({
        line: p.line,
        column: p.column,
        severity: p.severity === 'error' ? ('error' as const) : ('warning' as const),
        code: p.code,
        message: lang === 'en' ? p.messages.en : p.messages.zh,
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
    // Checked on a content thread, the text was described there and its tree stayed there.
    return described ? { root: undefined, problems, described } : { root: parseXml(content, file.path).root, problems };
  }

  /**
   * How a text of the file is checked on save: an S1000D object against its schema and the
   * branch's BREX layers; a DITA file for well-formedness, DITA structure and its DTD.
   */
  function checkerOf(auth: AuthContext, file: OpenedFile, lang: Language): TextCheck {
    const standard = standardOf(file.row.libraryType).id;
    if (standard === 'ata2300' || standard === 'flightops') return (text) => standardCheck({ standard, text, path: file.path, lang });
    if (standard === 'xmlprofile') {
      const spec = profileSpecOf(db, file.row.libraryType);
      return async (text) => {
        const profile = await spec;
        return standardCheck({ standard, text, path: file.path, lang, ...(profile ? { profile } : {}) });
      };
    }
    if (!isS1000d(file)) return (text) => ditaCheck(text, file.path, lang);
    return (text) => checkS1000d(auth, file, text, lang);
  }

  /**
   * The branch head as the remote has it now: the clone's when the remote's ref advertisement shows
   * it unmoved, else after a fetch (the last fetched copy when the remote cannot be reached); with
   * `base`, the clone's head without a fetch when it is that commit and was in step with the
   * remote less than SKIP_FETCH_MS ago (`fetched` false: the head may be stale).
   */
  async function headOf(file: OpenedFile, base?: string): Promise<{ repo: GitRepo; head: string; fetched: boolean }> {
    if (base !== undefined && git.syncedWithin(file.libraryId, file.branch, SKIP_FETCH_MS)) {
      const repo = git.repoOf(file.libraryId);
      if ((await repo.branchHead(file.branch)) === base) return { repo, head: base, fetched: false };
    }
    const repo = git.repoOf(file.libraryId);
    // The remote's branch is where the clone has it: no fetch (the usual open, and a save on an unmoved branch).
    // A remote that cannot be reached is read from the last fetch, as a failed fetch would be.
    const state = await git.branchState(file.row, file.branch).catch((err: unknown) => {
      if (err instanceof RemoteError) return err;
      throw err;
    });
    if (!(state instanceof RemoteError) && state.current) {
      const head = await repo.branchHead(file.branch);
      if (head) return { repo, head, fetched: true };
    }
    // A reader (no base) reads the remote's head at once when the clone holds it already: a save
    // this node pushed moments ago. A fetch would wait for the library's lock behind the saves.
    if (base === undefined && !(state instanceof RemoteError) && state.held) return { repo, head: state.held, fetched: true };
    const current = state instanceof RemoteError ? state : state.current;
    const fetched = current instanceof RemoteError ? { ok: false as const, reason: current.reason } : await git.fetchNow(file.row);
    if (!fetched.ok && !(await repo.hasFetched())) throw remoteError(fetched.reason, file.branch);
    const head = await repo.branchHead(file.branch);
    if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: file.branch });
    return { repo, head, fetched: true };
  }

  async function statusOf(file: FileKey): Promise<string> {
    return (await findMeta(db, file.libraryId, file.branch, file.path))?.status ?? INITIAL_STATUS;
  }

  /** The file at `commit`: its blob id and text; a 404 when it is not there. */
  async function fileAt(repo: GitRepo, commit: string, path: string) {
    const file = await repo.blobAt(commit, path);
    if (!file) throw notFoundPath(path);
    return { blob: file.oid, text: file.body.toString('utf8') };
  }

  /** The text the caller opened: `baseBlob` must be the file's blob at `baseCommit`. */
  async function baseText(repo: GitRepo, body: EditorSaveBody, path: string): Promise<string> {
    if (!(await repo.resolve(body.baseCommit))) throw badRequest('editor.baseMissing', { field: 'baseCommit' });
    if ((await repo.objectIdAt(body.baseCommit, path)) !== body.baseBlob) throw badRequest('editor.baseMissing', { field: 'baseBlob' });
    return (await fileAt(repo, body.baseCommit, path)).text;
  }

  /**
   * The 409 for a save whose change overlaps one made since its base. It names who wrote the lines
   * that overlap (git blame at the head), not whoever changed the file last: that may be a writer
   * whose change merged cleanly, or the caller. Where their lines were removed, it names who changed
   * the file since the base.
   */
  async function conflictWith(
    repo: GitRepo,
    head: string,
    path: string,
    at: { baseCommit: string; theirsLines: LineRange[]; lang: Language },
    versions: Omit<EditorConflict, 'theirsAuthor' | 'theirsDate'>,
  ) {
    const [last] = await repo.history(head, path, 1);
    let authors = await repo.lineAuthors(head, path, at.theirsLines);
    if (authors.length === 0) authors = await repo.authorsSince(at.baseCommit, head, path).catch(() => []);
    if (authors.length === 0 && last) authors = [last.author];
    const data: EditorConflict = { ...versions, theirsAuthor: authors.join(at.lang === 'zh' ? '、' : ', '), theirsDate: last?.date ?? '' };
    return new AppError(Code.CONFLICT, 'editor.conflict', { path, author: data.theirsAuthor }, data);
  }

  /**
   * What to commit on the head: the caller's text, or the three-way merge with the change made
   * since the base (validated again); a 409 carrying the three versions when the changes overlap.
   */
  async function resolveAgainstHead(repo: GitRepo, head: string, body: EditorSaveBody, path: string, lang: Language, ours: EditorProblem[], check: TextCheck) {
    const theirs = await fileAt(repo, head, path);
    if (theirs.blob === body.baseBlob) return { theirs, text: body.content, merged: false, warnings: ours };
    const base = await baseText(repo, body, path);
    const merge = mergeThreeWay(base, theirs.text, body.content);
    if (!merge.clean)
      throw await conflictWith(
        repo,
        head,
        path,
        { baseCommit: body.baseCommit, theirsLines: merge.theirsLines, lang },
        { base, theirs: theirs.text, ours: body.content, theirsCommit: head, theirsBlob: theirs.blob },
      );
    if (merge.text === body.content) return { theirs, text: merge.text, merged: true, warnings: ours };
    // An error the opened version or the head's already had is not this edit's.
    const { warnings } = await assertNoNewErrorsBy(await check(merge.text), lang, check, async () => [base, theirs.text]);
    return { theirs, text: merge.text, merged: true, warnings };
  }

  /**
   * After a commit: approved (or published) goes back to draft (the approved revision is kept),
   * the branch is reindexed before the save answers (statuses, where-used and compliance flags
   * read the catalogue rows directly, so a queued run would let them answer from the old commit),
   * review comments re-anchor, the draft is dropped.
   */
  async function afterSave(
    auth: AuthContext,
    file: OpenedFile,
    text: string,
    trace: ReturnType<typeof saveTrace>,
    made?: MadeCommit,
    prepared?: PreparedRun | null,
  ): Promise<string> {
    const before = await statusOf(file);
    const after = statusAfterEdit(before);
    if (after !== before) await saveMeta(db, file.libraryId, file.branch, file.path, { status: after }, auth.userName);
    trace.mark('status');
    await catalog.afterCommit(file.row, file.branch, made, prepared);
    trace.mark('reindex');
    await runtime.review?.topicSaved({ libraryId: file.libraryId, branch: file.branch, path: file.path }, text);
    await deleteDraft(db, auth.userId, file);
    return after;
  }

  return {
    fileOf,
    headOf,

    async open(auth: AuthContext, target: EditorTarget): Promise<EditorDocument> {
      const file = await fileOf(auth, target, 'read');
      // The caller's rights, the status and the draft are read while the library is fetched.
      const standard = standardOf(file.row.libraryType).id;
      const [{ repo, head }, { canWrite }, status, draft, spec] = await Promise.all([
        headOf(file),
        catalog.access(auth, file.libraryId, 'read'),
        statusOf(file),
        findDraft(db, auth.userId, file),
        standard === 'xmlprofile' ? profileSpecOf(db, file.row.libraryType) : undefined,
      ]);
      const { blob, text } = await fileAt(repo, head, file.path);
      // A draft identical to the file at head (kept while its save was on the way) has nothing to offer back.
      const kept: EditorDraft | null =
        draft && draft.content !== text
          ? { content: draft.content, baseCommit: draft.baseCommit, baseBlob: draft.baseBlob, savedAt: draft.savedAt.toISOString() }
          : null;
      return {
        libraryId: file.libraryId,
        branch: file.branch,
        path: file.path,
        content: text,
        baseCommit: head,
        baseBlob: blob,
        ...(await describeOpened({ standard, path: file.path, text })),
        standard,
        // The visual view of a profile's file models the profile's vocabulary.
        ...(spec ? { profile: { roots: [...spec.unitRoots, ...spec.documentRoots], vocabulary: spec.vocabulary } } : {}),
        status: asTopicStatus(status),
        canWrite: canWrite && hasPermission(auth, TopicEditorPerm.edit),
        draft: kept,
        ticket: tickets.mint(auth, file.libraryId),
      };
    },

    /**
     * Validates, merges with any change made since the base, commits as the caller and pushes;
     * then status, index and draft follow. Nothing is committed on a refusal.
     */
    async save(auth: AuthContext, body: EditorSaveBody, lang: Language, extra?: SaveExtra): Promise<EditorSaveResult> {
      const trace = saveTrace();
      const file = await fileOf(auth, body, 'write');
      const check = checkerOf(auth, file, lang);
      const checked = await check(body.content);
      const { title } = checked.described ?? describeTopic(standardOf(file.row.libraryType).id, file.path, body.content, checked.root);
      const message = body.message || translate(lang, 'editor.defaultMessage', { title: title || file.path });
      trace.mark('validate');
      const others = extra?.changes ?? [];
      // Merged first on the head as read now: an overlap, or nothing to commit, answers without waiting for the lock.
      const { repo, head } = await headOf(file, body.baseCommit);
      trace.mark('fetch');
      // Only the errors this edit brings refuse it: those the opened version already had are warnings.
      const ours = (await assertNoNewErrorsBy(checked, lang, check, async () => [await baseText(repo, body, file.path)])).warnings;
      let resolved = { ...(await resolveAgainstHead(repo, head, body, file.path, lang, ours, check)), head };
      trace.mark('three-way');
      const nothingToCommit = () => resolved.text === resolved.theirs.text && others.length === 0;
      // Under the library's lock, on the head the commit is built on: merged again when the file moved since (a save
      // queued before this one, or another client's push the remote refused ours for), so edits that do not overlap all land.
      const changesOn = async (locked: GitRepo, lockedHead: string): Promise<Change[]> => {
        if (lockedHead !== resolved.head) {
          const moved = (await locked.objectIdAt(lockedHead, file.path)) !== resolved.theirs.blob;
          resolved = moved
            ? { ...(await resolveAgainstHead(locked, lockedHead, body, file.path, lang, ours, check)), head: lockedHead }
            : { ...resolved, head: lockedHead };
          trace.mark('three-way-again');
        }
        await extra?.check?.(locked, lockedHead);
        if (nothingToCommit()) throw new NothingToCommit();
        return resolved.text === resolved.theirs.text ? others : [{ op: 'put', path: file.path, content: Buffer.from(resolved.text, 'utf8') }, ...others];
      };
      const unchanged = async (): Promise<EditorSaveResult> => {
        await deleteDraft(db, auth.userId, file);
        const status = asTopicStatus(await statusOf(file));
        return {
          commit: resolved.head,
          blob: resolved.theirs.blob,
          unchanged: true,
          merged: resolved.merged,
          content: resolved.text,
          status,
          warnings: resolved.warnings,
        };
      };
      if (nothingToCommit()) return unchanged();
      // The catalogue's run starts on a built commit while it is pushed; written after the push when that commit is what went out.
      let prepared: { commit: string; run: Promise<PreparedRun | null> } | undefined;
      const onBuilt = (built: string, parent: string, changes: Change[]) => {
        prepared = { commit: built, run: catalog.prepareCommit(file.row, file.branch, { commit: built, parent, changes }).catch(() => null) };
      };
      let made: MadeCommit;
      let own: string;
      try {
        // The index moves by what the push moved the branch by: this save, or a batch of saves with it.
        const { commit, batch } = await git.commit(file.row, auth, file.branch, changesOn, message, undefined, { onBuilt });
        made = batch;
        own = commit;
      } catch (err) {
        if (err instanceof NothingToCommit) return unchanged();
        // The remote moved again at every push: someone else keeps pushing to it.
        if (err instanceof RemoteMovedError) throw new AppError(Code.CONFLICT, 'editor.busy', { path: file.path });
        throw err;
      }
      trace.mark('commit-push');
      // Pushed as built on its parent: the file is the text committed, and the index moves by exactly these changes.
      const blob = resolved.text === resolved.theirs.text ? resolved.theirs.blob : objectId('blob', Buffer.from(resolved.text, 'utf8'));
      const run = prepared?.commit === made.commit ? await prepared.run : null;
      const status = asTopicStatus(await afterSave(auth, file, resolved.text, trace, made, run));
      trace.mark('review-draft');
      return { commit: own, blob, unchanged: false, merged: resolved.merged, content: resolved.text, status, warnings: resolved.warnings };
    },

    /** The source view's diagnostics: every problem, located, in the caller's language (200 even when invalid). */
    async validate(auth: AuthContext, body: EditorTarget & { content: string }, lang: Language) {
      const file = await fileOf(auth, body, 'read');
      return { problems: (await checkerOf(auth, file, lang)(body.content)).problems };
    },

    async putDraft(auth: AuthContext, body: EditorTarget & { content: string; baseCommit: string; baseBlob: string }): Promise<EditorDraft> {
      const file = await fileOf(auth, body, 'write');
      const draft = { content: body.content, baseCommit: body.baseCommit, baseBlob: body.baseBlob };
      const savedAt = await putDraft(db, auth.userId, file, draft);
      return { ...draft, savedAt: savedAt.toISOString() };
    },

    async dropDraft(auth: AuthContext, target: EditorTarget): Promise<void> {
      const file = await fileOf(auth, target, 'read');
      await deleteDraft(db, auth.userId, file);
    },
  };
}

export type TopicEditorService = ReturnType<typeof topicEditorService>;
