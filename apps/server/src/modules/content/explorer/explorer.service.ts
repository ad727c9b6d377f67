import type { Language } from '@ccms/contracts/constants';
import type { FileRow, FolderNode } from '@ccms/contracts/content/explorer';
import type { StandardFiles } from '@ccms/contracts/content/standard';
import { Code } from '@ccms/contracts/http';
import { isDitaContent } from '@ccms/dita/files';
import type { AuthContext } from '../../../platform/auth/access';
import { type Change, type GitRepo, isValidBranchName } from '../../../platform/git/git-repo';
import { AppError, badRequest, conflict } from '../../../platform/http/errors';
import type { LibraryService } from '../library/library.service';
import type { LibraryGit, LibraryRow } from '../library/library-git';
import { assertValidEdit, type DitaCheck } from '../shared/dita-validation';
import { baseName, entryName, joinPath, parentOf, repoPath } from '../shared/repo-path';
import { withUnpackedZip, writeZip } from '../shared/zip';
import { standardOf } from '../standard/registry';

const CONTENT_TYPES: Record<string, string> = {
  xml: 'application/xml',
  xsd: 'application/xml',
  dtd: 'application/xml-dtd',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  json: 'application/json',
  mp4: 'video/mp4',
};

/** A file's content type: XML for the sources of the library's standard (.dita, .ditamap, ...), else by its extension. */
export const contentTypeOf = (files: StandardFiles, path: string) =>
  files.isSource(path) ? 'application/xml' : (CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream');

/** Text when it has no NUL byte and is valid UTF-8. */
function isText(buffer: Buffer): boolean {
  if (buffer.subarray(0, 8000).includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

const notFoundPath = (path: string) => new AppError(Code.NOT_FOUND, 'explorer.notFound', { path: path || '/' });

export interface WriteRequest {
  libraryId: number;
  branch?: string;
  message: string;
}

/** An uploaded file: its name and the temp file holding it (see platform/http/multipart). */
export interface Upload {
  filename: string;
  path: string;
}

export function explorerService(git: LibraryGit, libraries: LibraryService, ditaCheck: DitaCheck) {
  /** The clone and commit a read targets, after the read check. */
  async function at(auth: AuthContext, libraryId: number, ref: string | undefined) {
    const row = await libraries.forCall(auth, libraryId, 'read');
    const { repo, stale } = await git.ready(row);
    const { commit, branch } = await git.resolveRef(repo, row, ref);
    return { row, repo, commit, branch, stale };
  }

  function branchOf(row: LibraryRow, branch: string | undefined): string {
    const name = branch?.trim() || row.defaultBranch;
    if (!isValidBranchName(name)) throw badRequest('field.invalidFormat', { field: 'branch' });
    return name;
  }

  /**
   * Under the commit's lock: each path must be what it was at `baseCommit` (same blob or tree, or
   * absent in both), else someone changed it since the caller read it and the write is a 409.
   */
  const unchangedSince = (baseCommit: string, paths: string[]) => async (repo: GitRepo, head: string) => {
    if (!(await repo.resolve(baseCommit))) throw badRequest('field.invalid', { field: 'baseCommit' });
    if (baseCommit === head) return;
    for (const path of paths) {
      const [before, now] = await Promise.all([repo.objectIdAt(baseCommit, path), repo.objectIdAt(head, path)]);
      if (before !== now) throw conflict('explorer.stale', { path });
    }
  };

  /** One commit on a branch with `changes`, as the caller, after the write check; `base` guards the paths read at a commit. */
  async function write(
    auth: AuthContext,
    req: WriteRequest,
    changes: (row: LibraryRow, head: Head) => Promise<Change[]>,
    base?: { commit: string; paths: string[] },
  ) {
    const row = await libraries.forCall(auth, req.libraryId, 'write');
    const branch = branchOf(row, req.branch);
    const { repo } = await git.ready(row);
    const head = await repo.resolve(branch);
    if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: branch });
    const list = await changes(row, { typeOf: (p) => repo.typeOf(head, p) });
    const result = await git.commit(row, auth, branch, list, req.message, base && unchangedSince(base.commit, base.paths));
    const paths = list.map((c) => (c.op === 'move' ? c.to : c.path));
    return { commit: result.commit, branch, paths };
  }

  interface Head {
    typeOf(path: string): Promise<'blob' | 'tree' | 'commit' | null>;
  }

  return {
    /** The write check alone: an upload runs it before its files are read. */
    async assertWritable(auth: AuthContext, libraryId: number): Promise<void> {
      await libraries.forCall(auth, libraryId, 'write');
    },

    /** Every folder at a branch or commit, as a tree under the root. */
    async tree(auth: AuthContext, q: { libraryId: number; ref?: string }) {
      const { row, repo, commit, stale } = await at(auth, q.libraryId, q.ref);
      const root: FolderNode = { name: row.name, path: '', children: [] };
      const byPath = new Map<string, FolderNode>([['', root]]);
      for (const folder of await repo.folders(commit)) {
        const node: FolderNode = { name: baseName(folder), path: folder, children: [] };
        byPath.set(folder, node);
        byPath.get(parentOf(folder))?.children.push(node);
      }
      return { commit, stale, tree: root };
    },

    /** One page of a folder: folders first, then files, by name; each with its last commit. */
    async list(auth: AuthContext, q: { libraryId: number; ref?: string; path: string; pageNum: number; pageSize: number }) {
      const folder = repoPath(q.path, 'path', { root: true });
      const { repo, commit, stale } = await at(auth, q.libraryId, q.ref);
      const entries = await repo.listFolder(commit, folder);
      if (!entries) throw notFoundPath(folder);
      entries.sort((a, b) => (a.type === b.type ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.type === 'tree' ? -1 : 1));
      const page = entries.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
      const last = await repo.lastCommits(
        commit,
        folder,
        page.map((e) => e.path),
      );
      const rows: FileRow[] = page.map((e) => {
        const info = last.get(e.path);
        return {
          name: e.name,
          path: e.path,
          type: e.type === 'tree' ? 'folder' : 'file',
          size: e.size,
          commit: info?.commit ?? null,
          author: info?.author ?? null,
          date: info?.date ?? null,
          message: info?.message ?? null,
        };
      });
      return { rows, total: entries.length, commit, stale };
    },

    /** A file's content: text as UTF-8, anything else as base64, with its content type. */
    async read(auth: AuthContext, q: { libraryId: number; ref?: string; path: string }) {
      const path = repoPath(q.path, 'path');
      const { row, repo, commit, stale } = await at(auth, q.libraryId, q.ref);
      const content = await repo.readFile(commit, path);
      if (!content) throw notFoundPath(path);
      const text = isText(content);
      return {
        path,
        commit,
        size: content.length,
        contentType: contentTypeOf(standardOf(row.libraryType).files, path),
        encoding: text ? ('utf8' as const) : ('base64' as const),
        content: content.toString(text ? 'utf8' : 'base64'),
        stale,
      };
    },

    /** A file as is, or a folder (the root too) as a zip. */
    async download(auth: AuthContext, q: { libraryId: number; ref?: string; path: string }) {
      const path = repoPath(q.path, 'path', { root: true });
      const { row, repo, commit } = await at(auth, q.libraryId, q.ref);
      const kind = await repo.typeOf(commit, path);
      if (kind === 'blob') {
        const content = await repo.readFile(commit, path);
        if (!content) throw notFoundPath(path);
        return { fileName: baseName(path), contentType: contentTypeOf(standardOf(row.libraryType).files, path), body: content };
      }
      if (kind !== 'tree') throw notFoundPath(path);
      const files = (await repo.filesUnder(commit, path)).filter((f) => f.type === 'blob');
      const contents = await repo.readFiles(
        commit,
        files.map((f) => f.path),
      );
      const top = path === '' ? row.name : baseName(path);
      const strip = path === '' ? 0 : path.length + 1;
      const body = await writeZip(files.map((f, i) => ({ path: `${top}/${f.path.slice(strip)}`, content: contents[i] ?? Buffer.alloc(0) })));
      return { fileName: `${top}.zip`, contentType: 'application/zip', body };
    },

    async history(auth: AuthContext, q: { libraryId: number; ref?: string; path: string; limit: number }) {
      const path = repoPath(q.path, 'path', { root: true });
      const { repo, commit } = await at(auth, q.libraryId, q.ref);
      return repo.history(commit, path, q.limit);
    },

    /** A new folder holds an empty .gitkeep: git keeps no empty folders. */
    newFolder(auth: AuthContext, body: WriteRequest & { path: string }) {
      const path = repoPath(body.path, 'path');
      return write(auth, body, async (_row, head) => {
        if (await head.typeOf(path)) throw badRequest('explorer.exists', { path });
        return [{ op: 'put', path: `${path}/.gitkeep`, content: Buffer.alloc(0) }];
      });
    },

    rename(auth: AuthContext, body: WriteRequest & { path: string; newName: string; baseCommit: string }) {
      const from = repoPath(body.path, 'path');
      const to = joinPath(parentOf(from), entryName(body.newName, 'newName'));
      return write(auth, body, async () => [{ op: 'move', from, to }], { commit: body.baseCommit, paths: [from, to] });
    },

    move(auth: AuthContext, body: WriteRequest & { paths: string[]; target: string; baseCommit: string }) {
      const target = repoPath(body.target, 'target', { root: true });
      const froms = body.paths.map((p) => repoPath(p, 'paths'));
      for (const from of froms) {
        // A folder cannot move into itself.
        if (target === from || target.startsWith(`${from}/`)) throw badRequest('explorer.badPath', { field: 'target', path: body.target });
      }
      return write(
        auth,
        body,
        async (_row, head) => {
          if ((await head.typeOf(target)) !== 'tree' && target !== '') throw badRequest('explorer.notFolder', { path: target });
          return froms.map((from) => ({ op: 'move' as const, from, to: joinPath(target, baseName(from)) }));
        },
        { commit: body.baseCommit, paths: [...froms, ...froms.map((from) => joinPath(target, baseName(from)))] },
      );
    },

    remove(auth: AuthContext, body: WriteRequest & { paths: string[]; baseCommit: string }) {
      const paths = body.paths.map((p) => repoPath(p, 'paths'));
      return write(auth, body, async () => paths.map((path) => ({ op: 'delete' as const, path })), { commit: body.baseCommit, paths });
    },

    /** A DITA or XML file is validated first, as the topic editor's saves are (400 with located problems). */
    async save(auth: AuthContext, body: WriteRequest & { path: string; content: string; baseCommit: string }, lang: Language) {
      const path = repoPath(body.path, 'path');
      const row = await libraries.forCall(auth, body.libraryId, 'write');
      // Only the errors this edit brings refuse it: the file as committed at baseCommit (the write checks it is still so) may have had some.
      const committed = async () => {
        const { repo } = await git.ready(row);
        const text = (await repo.resolve(body.baseCommit)) ? await repo.readFile(body.baseCommit, path) : null;
        return text ? [text.toString('utf8')] : [];
      };
      // Validation on save is DITA's (the topic editor's) for now, whatever the library's standard.
      const warnings = isDitaContent(path) ? (await assertValidEdit(body.content, path, lang, ditaCheck, committed)).warnings : [];
      const result = await write(auth, body, async () => [{ op: 'put', path, content: Buffer.from(body.content, 'utf8') }], {
        commit: body.baseCommit,
        paths: [path],
      });
      return { ...result, warnings };
    },

    /** Files into a folder; a name may carry sub-folders (a dropped folder). */
    upload(auth: AuthContext, body: WriteRequest & { path: string }, files: Upload[]) {
      const folder = repoPath(body.path, 'path', { root: true });
      const changes: Change[] = files.map((f) => ({ op: 'put', path: joinPath(folder, repoPath(f.filename, 'file')), file: f.path }));
      return write(auth, body, async () => changes);
    },

    /** A zip package unpacked into a folder; an entry escaping the folder refuses the whole package. */
    async uploadPackage(auth: AuthContext, body: WriteRequest & { path: string }, file: Upload) {
      const folder = repoPath(body.path, 'path', { root: true });
      if (!file.filename.toLowerCase().endsWith('.zip')) throw badRequest('explorer.zipOnly');
      return withUnpackedZip(file.path, (entries) => {
        if (entries.length === 0) throw badRequest('explorer.noFile');
        const changes: Change[] = entries.map((e) => ({ op: 'put', path: joinPath(folder, e.path), file: e.file }));
        return write(auth, body, async () => changes);
      });
    },
  };
}
