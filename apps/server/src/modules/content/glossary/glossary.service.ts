import type { Language } from '@ccms/contracts/constants';
import {
  GLOSSARY_FOLDERS,
  GlossaryBody,
  type GlossaryEntry,
  type GlossaryFilter,
  type GlossaryKind,
  type GlossaryQuery,
  type GlossaryUpdate,
} from '@ccms/contracts/content/glossary';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { fieldLabel } from '@ccms/contracts/messages/fields';
import { isDitaContent, isDitaMap, TOPIC_EXTENSION } from '@ccms/dita/files';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import { readXlsx, toXlsx } from '../../../platform/http/excel';
import type { ResourceAt, ResourceFiles } from '../graphic/resource-files';
import type { LibraryService } from '../library/library.service';
import type { LibraryGit } from '../library/library-git';
import { baseName, entryName, joinPath, parentOf, repoPath } from '../shared/repo-path';
import { type ExportRow, glossaryColumns } from './glossary.excel';
import { buildEntry, editEntry, idFor, type ParsedEntry, readEntry } from './glossary-xml';

/** Files an entry may be in: topics (.dita or .xml, not maps). */
const isEntryFile = (path: string) => isDitaContent(path) && !isDitaMap(path);
/** A file name without its extension when it is an entry file's. */
const stemOf = (name: string) => (isEntryFile(name) ? name.replace(/\.[^.]+$/, '') : name);
const GLOSSENTRY = /<glossentry[\s>]/;
/** The id of an entry outside the kind's folder: its path, ':' for '/' (one URL segment). */
const idOfPath = (path: string) => path.replaceAll('/', ':');

interface StoredEntry extends ParsedEntry {
  id: string;
  path: string;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.name < b.name ? -1 : 1);

/**
 * Abbreviations or terms of a library: glossentry files in the kind's folder of the branch.
 * Every change is one commit by the signed-in user, through the library's write path.
 */
export function glossaryService(kind: GlossaryKind, deps: { git: LibraryGit; libraries: LibraryService; files: ResourceFiles }) {
  const { git, libraries, files } = deps;
  const folder = GLOSSARY_FOLDERS[kind];
  const kindText = (lang: Language) => translate(lang, `glossary.kind.${kind}`);
  const notFound = (id: string) => new AppError(Code.NOT_FOUND, `${kind}.notFound`, { id });

  /**
   * Every glossentry of the library at a commit: the files directly in the kind's folder, and
   * glossentry files anywhere else outside both glossary folders (an abbreviation when it has a
   * short form, else a term). Read once per commit (a commit never changes).
   */
  async function entriesAt(where: Pick<ResourceAt, 'repo' | 'commit'>): Promise<StoredEntry[]> {
    const cacheKey = `${where.repo.dir}@${where.commit}`;
    const cached = entryCache.get(cacheKey);
    if (cached) return cached;
    const otherFolders = Object.values(GLOSSARY_FOLDERS).filter((f) => f !== folder);
    const paths = (await where.repo.filesUnder(where.commit, ''))
      .filter((e) => e.type === 'blob' && isEntryFile(e.path))
      .filter((e) => parentOf(e.path) === folder || !otherFolders.some((f) => parentOf(e.path) === f))
      .map((e) => e.path);
    const contents = await where.repo.readFiles(where.commit, paths);
    const out: StoredEntry[] = [];
    paths.forEach((path, i) => {
      const content = contents[i];
      if (!content || !GLOSSENTRY.test(content.subarray(0, 4096).toString('utf8'))) return;
      const parsed = readEntry(content, path);
      if (!parsed) return;
      const inFolder = parentOf(path) === folder;
      if (!inFolder && Boolean(parsed.abbreviated) !== (kind === 'abbreviation')) return;
      out.push({ ...parsed, id: inFolder ? baseName(path) : idOfPath(path), path });
    });
    entryCache.set(cacheKey, out);
    if (entryCache.size > 20) entryCache.delete(entryCache.keys().next().value ?? '');
    return out;
  }

  /** Key names an entry is referenced by: its @id and its file stem. */
  const keysOf = (e: { entryId: string; path: string }) => [...new Set([e.entryId, stemOf(baseName(e.path))].filter(Boolean))];

  /** An entry in its kind's folder by file name; one elsewhere by its path with ':' for '/'. */
  const pathOf = (id: string) => (id.includes(':') ? repoPath(id.replaceAll(':', '/'), 'id') : joinPath(folder, entryName(id, 'id')));
  const entryCache = new Map<string, StoredEntry[]>();

  /** The branch head to change, after the write check. */
  async function writeAt(auth: AuthContext, libraryId: number, branchName: string | undefined) {
    const row = await libraries.forCall(auth, libraryId, 'write');
    const branch = branchName || row.defaultBranch;
    const { repo } = await git.ready(row);
    const head = await repo.resolve(branch);
    if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: branch });
    return { row, branch, repo, commit: head };
  }

  function assertNameFree(entries: StoredEntry[], name: string, exceptPath?: string) {
    if (entries.some((e) => e.name === name && e.path !== exceptPath)) throw badRequest(`${kind}.nameExists`, { name });
  }

  /** A file name for a new entry: the id from its name, numbered when taken. */
  function freshId(name: string, taken: Set<string>): string {
    const stem = idFor(kind, name);
    let id = stem;
    for (let n = 2; taken.has(`${id}${TOPIC_EXTENSION}`); n++) id = `${stem}-${n}`;
    return id;
  }

  /** The last commit of each file, one history walk per folder holding them. */
  async function lastCommitsOf(where: Pick<ResourceAt, 'repo' | 'commit'>, paths: string[]) {
    const byFolder = new Map<string, string[]>();
    for (const p of paths) byFolder.set(parentOf(p), [...(byFolder.get(parentOf(p)) ?? []), p]);
    const maps = await Promise.all([...byFolder].map(([f, ps]) => where.repo.lastCommits(where.commit, f, ps)));
    return new Map(maps.flatMap((m) => [...m]));
  }

  async function filtered(auth: AuthContext, q: GlossaryFilter) {
    const where = await files.at(auth, q.libraryId, q.branch);
    const name = (q.name ?? '').toLowerCase();
    const definition = (q.definition ?? '').toLowerCase();
    const entries = (await entriesAt(where))
      .filter((e) => (!name || e.name.toLowerCase().includes(name)) && (!definition || e.definition.toLowerCase().includes(definition)))
      .sort(byName);
    return { where, entries };
  }

  return {
    async list(auth: AuthContext, q: GlossaryQuery) {
      const { where, entries } = await filtered(auth, q);
      const page = entries.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
      const [last, uses] = await Promise.all([
        lastCommitsOf(
          where,
          page.map((e) => e.path),
        ),
        files.usageAt(where).then((index) => index.usesOf(page.map((e) => ({ path: e.path, keys: keysOf(e) })))),
      ]);
      const rows: GlossaryEntry[] = page.map((e) => {
        const info = last.get(e.path);
        return {
          id: e.id,
          path: e.path,
          entryId: e.entryId,
          name: e.name,
          definition: e.definition,
          refs: uses.get(e.path)?.length ?? 0,
          updateBy: info?.author ?? '',
          updateTime: info?.date ?? null,
          commit: info?.commit ?? '',
        };
      });
      return { rows, total: entries.length, libraryId: where.row.libraryId, branch: where.branch, commit: where.commit };
    },

    async get(auth: AuthContext, id: string, q: { libraryId: number; branch?: string }) {
      const path = pathOf(id);
      const where = await files.at(auth, q.libraryId, q.branch);
      const content = await where.repo.readFile(where.commit, path);
      if (!content) throw notFound(id);
      const parsed = readEntry(content, path);
      if (!parsed) throw badRequest('glossary.notEntry', { path });
      const [info] = await where.repo.history(where.commit, path, 1);
      const uses = await (await files.usageAt(where)).usesOf([{ path, keys: keysOf({ ...parsed, path }) }]);
      return {
        ...parsed,
        id: id.includes(':') ? idOfPath(path) : baseName(path),
        path,
        refs: uses.get(path)?.length ?? 0,
        updateBy: info?.author ?? '',
        updateTime: info?.date ?? null,
        commit: info?.commit ?? '',
        xml: content.toString('utf8'),
        branch: where.branch,
      };
    },

    async usage(auth: AuthContext, id: string, q: { libraryId: number; branch?: string }) {
      const path = pathOf(id);
      const where = await files.at(auth, q.libraryId, q.branch);
      const content = await where.repo.readFile(where.commit, path);
      const parsed = content ? readEntry(content, path) : null;
      if (!parsed) throw notFound(id);
      return files.usage(auth, { ...q, path }, { keys: keysOf({ ...parsed, path }) });
    },

    async create(auth: AuthContext, body: GlossaryBody, lang: Language) {
      const at = await writeAt(auth, body.libraryId, body.branch);
      const entries = await entriesAt(at);
      assertNameFree(entries, body.name);
      const taken = new Set((await at.repo.filesUnder(at.commit, folder)).map((e) => baseName(e.path)));
      const id = freshId(body.name, taken);
      const path = joinPath(folder, `${id}${TOPIC_EXTENSION}`);
      const message = body.message || translate(lang, 'glossary.commitAdd', { kind: kindText(lang), name: body.name });
      const result = await git.commit(at.row, auth, at.branch, [{ op: 'put', path, content: Buffer.from(buildEntry(kind, id, body), 'utf8') }], message);
      return { commit: result.commit, branch: at.branch, paths: [path], ids: [`${id}${TOPIC_EXTENSION}`] };
    },

    async update(auth: AuthContext, body: GlossaryUpdate, lang: Language) {
      const path = pathOf(body.id);
      const at = await writeAt(auth, body.libraryId, body.branch);
      const content = await at.repo.readFile(at.commit, path);
      if (!content) throw notFound(body.id);
      const parsed = readEntry(content, path);
      if (!parsed) throw badRequest('glossary.notEntry', { path });
      assertNameFree(await entriesAt(at), body.name, path);
      const xml = editEntry(kind, content.toString('utf8'), parsed.entryId || stemOf(baseName(path)), body);
      const message = body.message || translate(lang, 'glossary.commitEdit', { kind: kindText(lang), name: body.name });
      const result = await git.commit(at.row, auth, at.branch, [{ op: 'put', path, content: Buffer.from(xml, 'utf8') }], message);
      return { commit: result.commit, branch: at.branch, paths: [path], ids: [baseName(path)] };
    },

    async remove(auth: AuthContext, ids: string[], q: { libraryId: number; branch?: string; message?: string }, lang: Language) {
      const paths = ids.map(pathOf);
      const at = await writeAt(auth, q.libraryId, q.branch);
      const changes: Change[] = paths.map((path) => ({ op: 'delete', path }));
      const message = q.message || translate(lang, 'glossary.commitDelete', { kind: kindText(lang), names: paths.map(baseName).join(', ') });
      const result = await git.commit(at.row, auth, at.branch, changes, message);
      return { commit: result.commit, branch: at.branch, paths, ids: paths.map(baseName) };
    },

    async export(auth: AuthContext, q: GlossaryFilter, lang: Language) {
      const { entries } = await filtered(auth, q);
      const sheet = translate(lang, `glossary.kind.${kind}`);
      return toXlsx(sheet, glossaryColumns, entries, lang);
    },

    /**
     * Rows of a workbook (name, definition) as entries, all in one commit. Every row is checked
     * first; a bad row, a name twice in the sheet, or a name that exists (unless updating) refuses
     * the whole import and nothing is committed.
     */
    async import(
      auth: AuthContext,
      q: { libraryId: number; branch?: string },
      file: { filename: string; buffer: Buffer },
      updateSupport: boolean,
      lang: Language,
    ) {
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('product.needsExcel');
      let records: Awaited<ReturnType<typeof readXlsx<ExportRow>>>;
      try {
        records = await readXlsx(file.buffer, glossaryColumns);
      } catch {
        throw badRequest('product.needsExcel');
      }
      if (records.length === 0) throw badRequest('glossary.importEmpty');
      const rows = records.map((r, i) => {
        const parsed = GlossaryBody.pick({ name: true, definition: true }).safeParse({ name: r.name ?? '', definition: r.definition ?? '' });
        if (!parsed.success) {
          const field = String(parsed.error.issues[0]?.path[0] ?? 'name');
          throw badRequest('field.invalid', { field: translate(lang, 'glossary.importRow', { row: i + 2, field: fieldLabel(lang, field) }) });
        }
        return parsed.data;
      });
      const seen = new Set<string>();
      for (const r of rows) {
        if (seen.has(r.name)) throw badRequest(`${kind}.nameExists`, { name: r.name });
        seen.add(r.name);
      }
      const at = await writeAt(auth, q.libraryId, q.branch);
      const existing = new Map((await entriesAt(at)).map((e) => [e.name, e]));
      const taken = new Set((await at.repo.filesUnder(at.commit, folder)).map((e) => baseName(e.path)));
      const changes: Change[] = [];
      let added = 0;
      let updated = 0;
      for (const r of rows) {
        const old = existing.get(r.name);
        if (old && !updateSupport) throw badRequest(`${kind}.nameExists`, { name: r.name });
        if (old) {
          const content = (await at.repo.readFile(at.commit, old.path))?.toString('utf8') ?? '';
          const xml = editEntry(kind, content, old.entryId || stemOf(baseName(old.path)), r);
          if (xml === content) continue;
          changes.push({ op: 'put', path: old.path, content: Buffer.from(xml, 'utf8') });
          updated++;
        } else {
          const id = freshId(r.name, taken);
          taken.add(`${id}${TOPIC_EXTENSION}`);
          changes.push({ op: 'put', path: joinPath(folder, `${id}${TOPIC_EXTENSION}`), content: Buffer.from(buildEntry(kind, id, r), 'utf8') });
          added++;
        }
      }
      if (changes.length === 0) return { added, updated, commit: null };
      const message = translate(lang, 'glossary.commitImport', { kind: kindText(lang), added, updated });
      const result = await git.commit(at.row, auth, at.branch, changes, message);
      return { added, updated, commit: result.commit };
    },
  };
}
