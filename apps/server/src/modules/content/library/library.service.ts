import { LIBRARY_TYPES } from '@ccms/contracts/constants';
import { type LibraryBody, type LibraryLevel, type LibraryQuery, type LibraryUpdate, MASKED_SECRET, type ValidateBody } from '@ccms/contracts/content/library';
import { Code } from '@ccms/contracts/http';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibrary } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { assertLevelAllows } from '../../../platform/auth/grants';
import { assertSecretStays, urlEndpoint } from '../../../platform/crypto/kept-secret';
import { sealSecret } from '../../../platform/crypto/secret-box';
import type { GitAuth } from '../../../platform/git/git-env';
import { GitRepo, RemoteError } from '../../../platform/git/git-repo';
import { checkRemoteUrl } from '../../../platform/git/remote-url';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';
import { allowedPrivateHosts } from '../../system/config/config.queries';
import { findProfileOfType } from '../xml-profile/xml-profile.queries';
import { deptExists, findLibraries, findLibrary, findLibraryForCaller, findNameClash, listLibraries, readableOptions } from './library.queries';
import { type LibraryNeed, levelFromGrants, levelOf, levelsOf, libraryAbilities, libraryGrants } from './library-access';
import type { LibraryGit, LibraryRow } from './library-git';

type Row = { library: LibraryRow; deptName: string | null };

/** A library as the API shows it: the password is only ever the masked marker; the caller's level and abilities with it. */
function present({ library, deptName }: Row, myLevel: LibraryLevel | null) {
  const { credentialSecret, credentialType, credentialName, credentialUsername, delFlag: _delFlag, ...rest } = library;
  return {
    ...rest,
    deptName: deptName ?? '',
    credential: { type: credentialType, name: credentialName, username: credentialUsername, password: credentialSecret ? MASKED_SECRET : '' },
    myLevel,
    abilities: libraryAbilities(myLevel),
  };
}

/** The mask or nothing in a form's password field means "the stored one". */
const keepsStored = (password: string) => password === '' || password === MASKED_SECRET;

export type ConnectionCheck = { state: 'success' | 'failure'; reason: RemoteError['reason'] | null; branches: string[] };

export function libraryService(db: Db, git: LibraryGit, secretKey: string) {
  /** The library row after checking the caller's level on it; a 404 for a missing one (after the check, so ids do not leak). */
  async function load(auth: AuthContext, libraryId: number, need: LibraryNeed): Promise<{ row: Row; level: LibraryLevel }> {
    // The row and the grants reaching the caller on it in one round trip; the level decides first.
    const row = await findLibraryForCaller(db, libraryId, auth);
    if (!row) {
      assertLevelAllows(await levelOf(db, auth, libraryId), need, 'library');
      throw notFound('notFound.row', { what: `library ${libraryId}` });
    }
    const level = assertLevelAllows(levelFromGrants(auth, row.grantLevels), need, 'library');
    return { row: { library: row.library, deptName: row.deptName }, level };
  }

  /** The library for a call that needs `need` on it (a disabled one only for reading), with the caller's level (read once for both). */
  async function forCallWithLevel(auth: AuthContext, libraryId: number, need: LibraryNeed): Promise<{ row: LibraryRow; level: LibraryLevel }> {
    const { row, level } = await load(auth, libraryId, need);
    if (row.library.status !== '0' && need !== 'read') throw new AppError(Code.BAD_REQUEST, 'library.disabled', { name: row.library.name });
    return { row: row.library, level };
  }

  async function checkFields(body: LibraryBody, exceptId?: number) {
    if (await findNameClash(db, body.name, exceptId)) throw badRequest('library.nameExists', { name: body.name });
    if (body.deptId && !(await deptExists(db, body.deptId))) throw badRequest('library.deptMissing');
    // A type that is not built in is one an XML profile defines.
    if (!(LIBRARY_TYPES as readonly string[]).includes(body.libraryType) && !(await findProfileOfType(db, body.libraryType)))
      throw badRequest('xmlProfile.libraryType', { field: 'libraryType', type: body.libraryType });
    const url = await checkRemoteUrl(body.url, await allowedPrivateHosts(db));
    if (!url.ok) throw badRequest(url.reason === 'invalid' ? 'library.invalidUrl' : 'scm.urlRefused');
  }

  /**
   * A stored password only ever goes to the server it was entered for: when the URL points at
   * another server (scheme, host or port), keeping it (mask or nothing) is refused.
   */
  function assertPasswordStays(stored: LibraryRow, url: string, password: string) {
    assertSecretStays(
      { stored: Boolean(stored.credentialSecret), kept: keepsStored(password), from: urlEndpoint(stored.url), to: urlEndpoint(url) },
      'library.passwordAgain',
    );
  }

  /** The password to store: a new one sealed, or the stored one when the form sent the mask or nothing. */
  function secretFor(body: LibraryBody, stored: string): string {
    const password = body.credential?.password ?? '';
    if (keepsStored(password)) return stored;
    return sealSecret(secretKey, password);
  }

  /** ls-remote with the given credential, then the branch: the reason in words on failure. */
  async function probe(url: string, branch: string, auth: GitAuth | null): Promise<ConnectionCheck> {
    const allowed = await checkRemoteUrl(url, await allowedPrivateHosts(db));
    if (!allowed.ok) return { state: 'failure', reason: 'urlRefused', branches: [] };
    try {
      const branches = await GitRepo.listRemoteBranches(url, auth, undefined, allowed.pin);
      if (!branches.includes(branch)) return { state: 'failure', reason: 'branchMissing', branches };
      return { state: 'success', reason: null, branches };
    } catch (err) {
      if (err instanceof RemoteError) return { state: 'failure', reason: err.reason, branches: [] };
      throw err;
    }
  }

  return {
    async list(auth: AuthContext, q: LibraryQuery) {
      const page = await listLibraries(db, auth, q);
      const levels = await levelsOf(
        db,
        auth,
        page.rows.map((r) => r.library.libraryId),
      );
      return { rows: page.rows.map((r) => present(r, levels.get(r.library.libraryId) ?? null)), total: page.total };
    },

    options: (auth: AuthContext) => readableOptions(db, auth),

    async get(auth: AuthContext, libraryId: number) {
      const { row, level } = await load(auth, libraryId, 'read');
      return present(row, level);
    },

    async create(auth: AuthContext, body: LibraryBody) {
      await checkFields(body);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(ccmsLibrary)
          .values({
            name: body.name,
            displayText: body.displayText,
            deptId: body.deptId ?? null,
            status: body.status,
            libraryType: body.libraryType,
            url: body.url,
            scmType: body.scmType,
            defaultBranch: body.defaultBranch,
            credentialType: body.credential?.type ?? 'userpass',
            credentialName: body.credential?.name ?? '',
            credentialUsername: body.credential?.username ?? '',
            credentialSecret: secretFor(body, ''),
            remark: body.remark ?? '',
            createBy: auth.userName,
          })
          .returning({ libraryId: ccmsLibrary.libraryId });
        if (!created) throw new Error('library not created');
        await libraryGrants.grantCreator(tx, created.libraryId, auth);
        return created.libraryId;
      });
    },

    async update(auth: AuthContext, body: LibraryUpdate) {
      const { row } = await load(auth, body.libraryId, 'configure');
      await checkFields(body, body.libraryId);
      assertPasswordStays(row.library, body.url, body.credential?.password ?? '');
      await db
        .update(ccmsLibrary)
        .set({
          name: body.name,
          displayText: body.displayText,
          deptId: body.deptId ?? null,
          status: body.status,
          libraryType: body.libraryType,
          url: body.url,
          scmType: body.scmType,
          defaultBranch: body.defaultBranch,
          credentialType: body.credential?.type ?? row.library.credentialType,
          credentialName: body.credential?.name ?? row.library.credentialName,
          credentialUsername: body.credential?.username ?? row.library.credentialUsername,
          credentialSecret: secretFor(body, row.library.credentialSecret),
          remark: body.remark ?? row.library.remark,
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(eq(ccmsLibrary.libraryId, body.libraryId));
      // A new URL or credential: the next read fetches again.
      git.forget(body.libraryId);
    },

    async remove(auth: AuthContext, libraryIds: number[]) {
      for (const id of libraryIds) await load(auth, id, 'configure');
      await db.update(ccmsLibrary).set({ delFlag: '2', updateBy: auth.userName, updateTime: new Date() }).where(inArray(ccmsLibrary.libraryId, libraryIds));
      for (const id of libraryIds) {
        git.forget(id);
        await git.repoOf(id).remove();
      }
    },

    /** Connection check of a form not yet saved; with libraryId, a masked password means the stored one. */
    async validate(auth: AuthContext, body: ValidateBody): Promise<ConnectionCheck> {
      let stored: LibraryRow | null = null;
      const password = body.credential?.password ?? '';
      if (body.libraryId) {
        stored = (await load(auth, body.libraryId, 'configure')).row.library;
        assertPasswordStays(stored, body.url, password);
      }
      let gitAuth: GitAuth | null = null;
      if (keepsStored(password)) {
        const fromStore = stored ? git.authOf(stored) : null;
        const username = body.credential?.username || fromStore?.username || '';
        gitAuth = username || fromStore ? { username, password: fromStore?.password ?? '' } : null;
      } else {
        gitAuth = { username: body.credential?.username ?? '', password };
      }
      return probe(body.url, body.defaultBranch, gitAuth);
    },

    async validateSaved(auth: AuthContext, libraryId: number): Promise<ConnectionCheck> {
      const { row } = await load(auth, libraryId, 'configure');
      return probe(row.library.url, row.library.defaultBranch, git.authOf(row.library));
    },

    /** Branches from the clone (fetched on demand); `stale` when the remote could not be reached. */
    async branches(auth: AuthContext, libraryId: number) {
      const { row } = await load(auth, libraryId, 'read');
      const { repo, stale } = await git.ready(row.library);
      const fresh = await findLibrary(db, libraryId);
      return {
        branches: await repo.branches(),
        defaultBranch: row.library.defaultBranch,
        lastFetchTime: fresh?.library.lastFetchTime ?? null,
        lastFetchError: fresh?.library.lastFetchError ?? '',
        stale,
      };
    },

    /** Fetch now; the library stays readable from the last fetch when this fails. */
    async fetch(auth: AuthContext, libraryId: number) {
      const { row } = await load(auth, libraryId, 'read');
      const outcome = await git.fetchNow(row.library);
      const fresh = await findLibrary(db, libraryId);
      return { outcome, lastFetchTime: fresh?.library.lastFetchTime ?? null };
    },

    /** The library row for a library-scoped call in another module, after the access check. */
    async forCall(auth: AuthContext, libraryId: number, need: LibraryNeed): Promise<LibraryRow> {
      return (await forCallWithLevel(auth, libraryId, need)).row;
    },

    forCallWithLevel,

    /** Libraries for the scheduled fetch. */
    rowsFor: (libraryIds: number[]) => findLibraries(db, libraryIds),
  };
}

export type LibraryService = ReturnType<typeof libraryService>;
