import { nextTopicStatuses, type TopicStatus } from '@ccms/contracts/content/status';
import type { TopicProps, TopicQuery } from '@ccms/contracts/content/topic';
import { Code } from '@ccms/contracts/http';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { AppError, badRequest } from '../../../platform/http/errors';
import { linksFrom, linksTo } from '../catalog/catalog.queries';
import { type CatalogRuntime, indexedAt } from '../catalog/catalog.service';
import { assertOwner, changeStatus, saveMeta } from '../catalog/catalog-meta';
import type { LibraryGit } from '../library/library-git';
import { sideBySide } from '../shared/text-diff';
import type { ClauseHooks } from './clause-hooks';
import { documentsReading, findTopic, findTopicByPath, listTopics } from './topic.queries';

/** "Topic does not exist": a stale id or path (the file was moved or deleted since). */
export const topicMissing = () => new AppError(Code.NOT_FOUND, 'topic.notExist');

const short = (commit: string) => commit.slice(0, 8);

/** Topics: lists and details from the index, properties and status from the database, history from git. */
export function topicService(db: Db, git: LibraryGit, { catalog, review, clauses: clauseHooks }: CatalogRuntime & { clauses?: ClauseHooks }) {
  async function load(auth: AuthContext, topicId: number, need: 'read' | 'write' = 'read') {
    const topic = await findTopic(db, topicId);
    if (!topic) throw topicMissing();
    const scope = await catalog.openStored(auth, topic.libraryId, topic.branch, need);
    return { topic, ...scope };
  }

  async function detail(auth: AuthContext, topicId: number) {
    return detailOf(await load(auth, topicId));
  }

  async function detailOf({ topic, index, level, canWrite }: Awaited<ReturnType<typeof load>>) {
    const documents = await documentsReading(db, topic.libraryId, topic.branch, topic.path);
    return {
      ...topic,
      status: topic.status as TopicStatus,
      refs: Number(topic.refs),
      ...indexedAt(index),
      documents,
      nextStatuses: [...nextTopicStatuses(topic.status)],
      myLevel: level,
      canWrite,
    };
  }

  /** A commit id the clone knows, or a 400 naming the field. */
  async function commitIn(row: Parameters<LibraryGit['ready']>[0], ref: string, field: string) {
    const { repo } = await git.ready(row);
    const commit = await repo.resolve(ref);
    if (!commit) throw badRequest('revision.missing', { ref, field });
    return { repo, commit };
  }

  return {
    async list(auth: AuthContext, q: TopicQuery) {
      const { index } = await catalog.open(auth, q.libraryId, q.branch);
      const page = await listTopics(db, index.libraryId, index.branch, q);
      return { rows: page.rows.map((r) => ({ ...r, status: r.status as TopicStatus, refs: Number(r.refs) })), total: page.total, ...indexedAt(index) };
    },

    get: detail,

    async byPath(auth: AuthContext, q: { libraryId: number; branch?: string; path: string }) {
      const scope = await catalog.open(auth, q.libraryId, q.branch);
      const topic = await findTopicByPath(db, scope.index.libraryId, scope.index.branch, q.path.replace(/^\/+/, ''));
      if (!topic) throw topicMissing();
      return detailOf({ topic, ...scope });
    },

    async update(auth: AuthContext, body: TopicProps) {
      const { topic } = await load(auth, body.topicId, 'write');
      await assertOwner(db, body.owner);
      const { topicId: _id, ...patch } = body;
      await saveMeta(db, topic.libraryId, topic.branch, topic.path, patch, auth.userName);
    },

    async setStatus(auth: AuthContext, topicId: number, to: TopicStatus) {
      const { topic } = await load(auth, topicId, 'write');
      return changeStatus(db, 'topic', { id: topic.topicId, libraryId: topic.libraryId, branch: topic.branch, path: topic.path }, to, auth, review);
    },

    /**
     * Outgoing (written in the topic) and incoming (pointing at it) references, each with its
     * place, and the regulation clauses linked to the topic or its elements (where used).
     */
    async references(auth: AuthContext, topicId: number) {
      const { topic, index } = await load(auth, topicId);
      const [outgoing, incoming, clauses] = await Promise.all([
        linksFrom(db, topic.libraryId, topic.branch, [topic.path]),
        linksTo(db, topic.libraryId, topic.branch, topic.path),
        clauseHooks ? clauseHooks.clausesAnswered(auth, topic) : [],
      ]);
      return { ...indexedAt(index), outgoing, incoming, clauses };
    },

    /** The file's git log up to the indexed commit. */
    async history(auth: AuthContext, topicId: number, limit: number) {
      const { topic, index, row } = await load(auth, topicId);
      const { repo } = await git.ready(row);
      return { ...indexedAt(index), path: topic.path, commits: await repo.history(index.commit, topic.path, limit) };
    },

    async version(auth: AuthContext, topicId: number, ref: string) {
      const { topic, row } = await load(auth, topicId);
      const { repo, commit } = await commitIn(row, ref, 'commit');
      const content = await repo.readFile(commit, topic.path);
      return { path: topic.path, commit, content: content?.toString('utf8') ?? '', exists: content !== null };
    },

    /** Two versions side by side; `to` defaults to the indexed commit. */
    async diff(auth: AuthContext, topicId: number, q: { from: string; to?: string }) {
      const { topic, row, index } = await load(auth, topicId);
      const from = await commitIn(row, q.from, 'from');
      const to = q.to ? await commitIn(row, q.to, 'to') : { repo: from.repo, commit: index.commit };
      const [left, right] = await Promise.all([from.repo.readFile(from.commit, topic.path), to.repo.readFile(to.commit, topic.path)]);
      const diff = sideBySide(left?.toString('utf8') ?? '', right?.toString('utf8') ?? '');
      return {
        path: topic.path,
        from: { commit: from.commit, label: short(from.commit) },
        to: { commit: to.commit, label: short(to.commit) },
        changed: diff.added + diff.removed > 0,
        ...diff,
      };
    },
  };
}
