import { Code } from '@ccms/contracts/http';
import type { MessageKey } from '@ccms/contracts/messages';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { MediaTickets } from '../../../platform/auth/media-ticket';
import type { Change, GitRepo, TreeEntry } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { LibraryService } from '../library/library.service';
import type { LibraryGit, LibraryRow } from '../library/library-git';
import { baseName, entryName, joinPath, parentOf, repoPath } from '../shared/repo-path';
import { extensionOf, mediaTypeOf } from './media-types';
import { type Target, type UsageIndex, usageIndex } from './where-used';

/**
 * Files of one kind (graphics, videos) in a library's git branch: list with their last commit
 * and references, read one, upload and delete as commits by the signed-in user. Reads need the
 * read level on the library, writes the write level ("No relevant permissions" otherwise).
 */

export interface ResourceAt {
  row: LibraryRow;
  repo: GitRepo;
  branch: string;
  commit: string;
}

export interface ListedFile {
  entry: TreeEntry;
  author: string;
  date: string | null;
  commit: string;
  refs: number;
}

/** An uploaded file: its name, the temp file holding it, its size and first bytes (see platform/http/multipart). */
export interface Upload {
  filename: string;
  path: string;
  size: number;
  head: Buffer;
}

export function resourceFiles(deps: { db: Db; git: LibraryGit; libraries: LibraryService }) {
  const { db, git, libraries } = deps;
  const usageAt = (where: ResourceAt): Promise<UsageIndex> =>
    usageIndex(db, where.repo, { libraryId: where.row.libraryId, libraryType: where.row.libraryType, branch: where.branch, commit: where.commit });

  /** The branch head to read, after the read check (the default branch when none is named). */
  async function at(auth: AuthContext, libraryId: number, branch: string | undefined): Promise<ResourceAt> {
    const row = await libraries.forCall(auth, libraryId, 'read');
    const { repo } = await git.ready(row);
    const resolved = await git.resolveRef(repo, row, branch);
    return { row, repo, commit: resolved.commit, branch: resolved.branch ?? branch ?? row.defaultBranch };
  }

  const fileIn = (path: string, extensions: readonly string[], notKind: MessageKey) => {
    const clean = repoPath(path, 'path');
    if (!extensions.includes(extensionOf(clean))) throw badRequest(notKind, { path: clean });
    return clean;
  };

  return {
    at,
    usageAt,

    /** One page of the files with these extensions (under `folder`, whose name or path holds `name`), newest last commit data. */
    async list(
      auth: AuthContext,
      q: { libraryId: number; branch?: string; name?: string; folder?: string; pageNum: number; pageSize: number },
      extensions: readonly string[],
    ) {
      const where = await at(auth, q.libraryId, q.branch);
      const folder = q.folder ? repoPath(q.folder, 'folder', { root: true }) : '';
      const needle = (q.name ?? '').toLowerCase();
      const all = (await where.repo.filesUnder(where.commit, folder))
        .filter((e) => e.type === 'blob' && extensions.includes(extensionOf(e.path)))
        .filter((e) => needle === '' || e.path.toLowerCase().includes(needle))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const page = all.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
      const byFolder = new Map<string, string[]>();
      for (const e of page) byFolder.set(parentOf(e.path), [...(byFolder.get(parentOf(e.path)) ?? []), e.path]);
      const commits = new Map<string, { author: string; date: string; commit: string }>();
      for (const [dir, paths] of byFolder) {
        for (const [path, info] of await where.repo.lastCommits(where.commit, dir, paths)) commits.set(path, info);
      }
      const uses = await (await usageAt(where)).usesOf(page.map((e) => ({ path: e.path, contentOnly: true })));
      const rows: ListedFile[] = page.map((entry) => {
        const info = commits.get(entry.path);
        return { entry, author: info?.author ?? '', date: info?.date ?? null, commit: info?.commit ?? '', refs: uses.get(entry.path)?.length ?? 0 };
      });
      return { rows, total: all.length, where };
    },

    /** One file's bytes and blob id (a 400 when it is not of this kind, a 404 when missing). */
    async open(auth: AuthContext, q: { libraryId: number; branch?: string; path: string }, extensions: readonly string[], notKind: MessageKey) {
      const path = fileIn(q.path, extensions, notKind);
      const where = await at(auth, q.libraryId, q.branch);
      const [entry] = (await where.repo.filesUnder(where.commit, path)).filter((e) => e.path === path && e.type === 'blob');
      if (!entry) throw new AppError(Code.NOT_FOUND, 'explorer.notFound', { path });
      return { where, path, oid: entry.oid, size: entry.size ?? 0, contentType: mediaTypeOf(path) };
    },

    /** Where one file is used in the branch. */
    async usage(auth: AuthContext, q: { libraryId: number; branch?: string; path: string }, target?: Partial<Target>) {
      const path = repoPath(q.path, 'path');
      const where = await at(auth, q.libraryId, q.branch);
      const index = await usageAt(where);
      const rows = (await index.usesOf([{ path, contentOnly: !target?.keys, ...(target?.keys ? { keys: target.keys } : {}) }])).get(path) ?? [];
      return { path, branch: where.branch, commit: where.commit, source: index.source, rows };
    },

    /** The write check alone: an upload runs it before reading any file. */
    async assertWritable(auth: AuthContext, libraryId: number) {
      await libraries.forCall(auth, libraryId, 'write');
    },

    /**
     * Puts checked files into a folder in one commit; a file already there is refused unless
     * `overwrite`. Nothing is committed when any file is refused.
     */
    async upload(
      auth: AuthContext,
      fields: { libraryId: number; branch?: string; folder: string; message?: string; overwrite: boolean },
      files: Upload[],
      commitMessage: (names: string) => string,
    ) {
      const folder = repoPath(fields.folder, 'folder', { root: true });
      const paths = files.map((f) => joinPath(folder, entryName(f.filename, 'file')));
      const row = await libraries.forCall(auth, fields.libraryId, 'write');
      const branch = fields.branch || row.defaultBranch;
      const { repo } = await git.ready(row);
      const head = await repo.resolve(branch);
      if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: branch });
      if (!fields.overwrite) {
        for (const path of paths) if (await repo.typeOf(head, path)) throw badRequest('explorer.exists', { path });
      }
      const changes: Change[] = files.map((f, i) => ({ op: 'put', path: paths[i] ?? '', file: f.path }));
      const message = fields.message || commitMessage(paths.map(baseName).join(', '));
      const result = await git.commit(row, auth, branch, changes, message);
      return { commit: result.commit, branch, paths };
    },

    /** Deletes files of this kind in one commit. */
    async remove(
      auth: AuthContext,
      body: { libraryId: number; branch?: string; paths: string[]; message?: string },
      extensions: readonly string[],
      notKind: MessageKey,
      commitMessage: (names: string) => string,
    ) {
      const paths = body.paths.map((p) => fileIn(p, extensions, notKind));
      const row = await libraries.forCall(auth, body.libraryId, 'write');
      const branch = body.branch || row.defaultBranch;
      await git.ready(row);
      const changes: Change[] = paths.map((path) => ({ op: 'delete', path }));
      const result = await git.commit(row, auth, branch, changes, body.message || commitMessage(paths.map(baseName).join(', ')));
      return { commit: result.commit, branch, paths };
    },
  };
}

export type ResourceFiles = ReturnType<typeof resourceFiles>;

/** API-relative URL of a media route for one file, with the caller's ticket. */
export function mediaUrl(route: string, tickets: MediaTickets, auth: AuthContext, where: ResourceAt, path: string): string {
  const query = new URLSearchParams({
    libraryId: String(where.row.libraryId),
    branch: where.branch,
    path,
    ticket: tickets.mint(auth, where.row.libraryId),
  });
  return `${route}?${query.toString()}`;
}
