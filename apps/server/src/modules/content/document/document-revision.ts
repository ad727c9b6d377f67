import type { ChangedTopic, CompareQuery, RevisionBody } from '@ccms/contracts/content/document-revision';
import { Code } from '@ccms/contracts/http';
import { loadProject } from '@ccms/dita';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { classifyRemoteError } from '../../../platform/git/git-env';
import type { GitRepo } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import { changedFiles, pushTag } from '../catalog/catalog-git';
import { CommitSource } from '../catalog/commit-source';
import { topicFacts } from '../catalog/extract';
import { type LibraryGit, remoteError } from '../library/library-git';
import { sideBySide } from '../shared/text-diff';
import { standardOf } from '../standard/registry';
import { findRevision, insertRevision, listRevisions, topicFacets } from './document.queries';
import type { DocumentService } from './document.service';

/** A git tag for a document revision: rev/<map path without extension>/<name>, each segment made safe for a ref. */
export function tagNameFor(mapPath: string, name: string): string {
  const segments = mapPath
    .replace(/\.[^./]+$/, '')
    .split('/')
    .map(
      (s) =>
        s
          .replace(/[^\w.-]/g, '_')
          .replace(/^\.+/, '_')
          .replace(/\.lock$/i, '_lock')
          .replace(/\.+$/, '_')
          .replace(/\.\.+/g, '_') || '_',
    );
  return ['rev', ...segments, name].join('/');
}

const short = (commit: string) => commit.slice(0, 8);

/** The files a map reads at a commit, and what the topics among them say (for titles of removed ones). */
async function documentAt(repo: GitRepo, commit: string, mapPath: string) {
  const listing = await repo.filesUnder(commit, '');
  const source = new CommitSource(repo, commit, new Set(listing.filter((e) => e.type === 'blob').map((e) => e.path)));
  if (!source.files.has(mapPath)) return { files: new Set<string>(), maps: new Set<string>(), title: (_: string) => '' };
  const project = await loadProject({ source, map: mapPath });
  return {
    files: new Set(project.docs.keys()),
    maps: new Set(project.map.maps),
    title: (path: string) => topicFacts(path, project.docs.get(path)?.root, project.scopeOf(path)).title,
  };
}

/** Named revisions of documents (git tags on the remote), their comparison and side-by-side diffs. */
export function revisionService(db: Db, git: LibraryGit, documents: DocumentService) {
  /** A revision name of this document or a commit id, as a commit in the clone; 404 naming it otherwise. */
  async function commitOf(repo: GitRepo, libraryId: number, mapPath: string, ref: string): Promise<{ commit: string; label: string }> {
    const named = await findRevision(db, libraryId, mapPath, ref);
    if (named) return { commit: named.commit, label: named.name };
    if (/^[0-9a-f]{4,40}$/i.test(ref)) {
      const commit = await repo.resolve(ref);
      if (commit) return { commit, label: short(commit) };
    }
    throw new AppError(Code.NOT_FOUND, 'revision.missing', { ref });
  }

  return {
    async list(auth: AuthContext, documentId: number, page: { pageNum: number; pageSize: number }) {
      const { doc } = await documents.load(auth, documentId);
      const result = await listRevisions(db, doc.libraryId, doc.path, page);
      return { rows: result.rows.map((r) => ({ ...r, documentId })), total: result.total };
    },

    /**
     * Names the indexed commit of the document: a tag pushed to the remote, then the row. A name
     * the document already has (or a tag the remote already holds) is refused and nothing changes.
     */
    async create(auth: AuthContext, documentId: number, body: RevisionBody) {
      const { doc, row, index } = await documents.load(auth, documentId, 'write');
      const clash = () => badRequest('revision.exists', { revision: body.name });
      if (await findRevision(db, doc.libraryId, doc.path, body.name)) throw clash();
      const { repo } = await git.ready(row);
      const tagName = tagNameFor(doc.path, body.name);
      const pushed = await pushTag(repo, git.authOf(row), tagName, index.commit);
      if (!pushed.ok) {
        if (pushed.reason === 'exists') throw clash();
        throw remoteError(classifyRemoteError(pushed.detail), doc.branch);
      }
      const created = await insertRevision(db, {
        libraryId: doc.libraryId,
        branch: doc.branch,
        path: doc.path,
        name: body.name,
        commit: index.commit,
        tagName,
        description: body.description,
        createBy: auth.userName,
      });
      if (!created) throw clash();
      return { ...created, documentId };
    },

    /** Which topics of the document differ between two revisions (or commits). */
    async compare(auth: AuthContext, documentId: number, q: CompareQuery) {
      const { doc, row } = await documents.load(auth, documentId);
      const { repo } = await git.ready(row);
      const from = await commitOf(repo, doc.libraryId, doc.path, q.from);
      const to = await commitOf(repo, doc.libraryId, doc.path, q.to);
      const [before, after, changes] = await Promise.all([
        documentAt(repo, from.commit, doc.path),
        documentAt(repo, to.commit, doc.path),
        changedFiles(repo, from.commit, to.commit),
      ]);
      const { files: standard } = standardOf(row.libraryType);
      const paths = [...new Set([...before.files, ...after.files])].filter((p) => standard.roleOf(p) === 'unit').sort();
      const current = new Map((await topicFacets(db, doc.libraryId, doc.branch, paths)).map((t) => [t.path, t]));
      const topics: ChangedTopic[] = [];
      for (const path of paths) {
        const inBefore = before.files.has(path);
        const inAfter = after.files.has(path);
        const change = inBefore && inAfter ? (changes.has(path) ? 'modified' : null) : inAfter ? 'added' : 'removed';
        if (!change) continue;
        topics.push({
          path,
          title: current.get(path)?.title ?? (inAfter ? after.title(path) : before.title(path)),
          topicId: current.get(path)?.topicId ?? null,
          change,
        });
      }
      const mapChanged = [...new Set([...before.maps, ...after.maps])].some((m) => changes.has(m));
      return { documentId, from: { commit: from.commit, label: from.label }, to: { commit: to.commit, label: to.label }, mapChanged, topics };
    },

    /** One file of the document side by side between two revisions. */
    async compareTopic(auth: AuthContext, documentId: number, q: CompareQuery & { path: string }) {
      const { doc, row } = await documents.load(auth, documentId);
      const { repo } = await git.ready(row);
      const from = await commitOf(repo, doc.libraryId, doc.path, q.from);
      const to = await commitOf(repo, doc.libraryId, doc.path, q.to);
      const [before, after] = await Promise.all([documentAt(repo, from.commit, doc.path), documentAt(repo, to.commit, doc.path)]);
      if (!before.files.has(q.path) && !after.files.has(q.path)) throw badRequest('compare.notInDocument', { path: q.path });
      const [left, right] = await Promise.all([repo.readFile(from.commit, q.path), repo.readFile(to.commit, q.path)]);
      const diff = sideBySide(left?.toString('utf8') ?? '', right?.toString('utf8') ?? '');
      return {
        path: q.path,
        from: { commit: from.commit, label: from.label },
        to: { commit: to.commit, label: to.label },
        changed: diff.added + diff.removed > 0,
        ...diff,
      };
    },
  };
}
