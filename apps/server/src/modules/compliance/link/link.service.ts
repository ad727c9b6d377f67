import type { LinkBody, LinkQuery, LinkUpdate } from '@ccms/contracts/compliance/regulation';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogTopic, ccmsRegulationLink, ccmsWorkItem } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { indexedCommit } from '../../content/graphic/where-used.queries';
import type { LibraryService } from '../../content/library/library.service';
import type { LibraryGit } from '../../content/library/library-git';
import { readableProjectCondition } from '../../work/project/project-access';
import { findClause } from '../clause/clause.queries';
import type { RegulationService } from '../regulation/regulation.service';
import { readableRegulations } from '../regulation/regulation-access';
import { findLink, listLinks, sameLink } from './link.queries';
import { clearFlags, flagChangedTopics, type Notify } from './link-flags';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Links from clauses to what answers them: write level on the regulation, read level on the content. */
export function linkService(deps: { db: Db; git: LibraryGit; libraries: LibraryService; regulations: RegulationService; notify: Notify }) {
  const { db, git, libraries, regulations, notify } = deps;

  /** Where the link points, checked to exist and to be readable by the caller. */
  async function target(auth: AuthContext, body: LinkBody) {
    if (body.targetType === 'document') {
      const [doc] = await db
        .select()
        .from(ccmsCatalogDocument)
        .where(eq(ccmsCatalogDocument.documentId, body.documentId ?? 0));
      if (!doc) throw badRequest('regulationLink.targetMissing', { field: 'documentId', id: body.documentId ?? 0 });
      await libraries.forCall(auth, doc.libraryId, 'read');
      return { libraryId: doc.libraryId, branch: doc.branch, path: doc.path, documentId: doc.documentId, targetTitle: doc.name || doc.path };
    }
    if (body.targetType === 'workItem') {
      const [item] = await db
        .select()
        .from(ccmsWorkItem)
        .where(and(eq(ccmsWorkItem.workItemId, body.workItemId ?? 0), eq(ccmsWorkItem.delFlag, '0'), readableProjectCondition(auth, ccmsWorkItem.projectId)));
      if (!item) throw badRequest('regulationLink.targetMissing', { field: 'workItemId', id: body.workItemId ?? 0 });
      if (item.workItemType !== 'requirement') throw badRequest('regulationLink.notRequirement', { id: item.workItemId });
      return { workItemId: item.workItemId, targetTitle: item.title };
    }
    const [topic] = await db
      .select()
      .from(ccmsCatalogTopic)
      .where(eq(ccmsCatalogTopic.topicId, body.topicId ?? 0));
    if (!topic) throw badRequest('regulationLink.targetMissing', { field: 'topicId', id: body.topicId ?? 0 });
    const library = await libraries.forCall(auth, topic.libraryId, 'read');
    const elementId = body.targetType === 'element' ? (body.elementId ?? '') : '';
    if (elementId) {
      const commit = await indexedCommit(db, { libraryId: topic.libraryId, branch: topic.branch });
      const { repo } = await git.ready(library);
      const xml = commit ? ((await repo.readFile(commit, topic.path))?.toString('utf8') ?? '') : '';
      if (!new RegExp(`\\sid\\s*=\\s*["']${escapeRe(elementId)}["']`).test(xml)) throw badRequest('regulationLink.elementMissing', { id: elementId });
    }
    return {
      libraryId: topic.libraryId,
      branch: topic.branch,
      path: topic.path,
      topicId: topic.topicId,
      elementId,
      targetTitle: elementId ? `${topic.title} #${elementId}` : topic.title || topic.path,
      verifiedHash: topic.hash,
      verifiedText: topic.body,
    };
  }

  async function loadLink(auth: AuthContext, linkId: number) {
    const link = await findLink(db, linkId);
    if (!link) throw notFound('regulationLink.notFound', { id: linkId });
    await regulations.forCall(auth, link.regulationId, 'write');
    return link;
  }

  return {
    async list(auth: AuthContext, q: LinkQuery) {
      if (q.regulationId) await regulations.forCall(auth, q.regulationId, 'read');
      await flagChangedTopics(db, notify, { regulationId: q.regulationId, topicIds: q.topicId ? [q.topicId] : undefined });
      return listLinks(db, readableRegulations(auth, ccmsRegulationLink.regulationId), q);
    },

    async create(auth: AuthContext, body: LinkBody) {
      const clause = await findClause(db, body.clauseId);
      if (!clause) throw notFound('clause.notFound', { id: body.clauseId });
      await regulations.forCall(auth, clause.regulationId, 'write');
      const to = await target(auth, body);
      if (await sameLink(db, { ...body, ...to })) throw badRequest('regulationLink.exists');
      const [row] = await db
        .insert(ccmsRegulationLink)
        .values({
          ...to,
          regulationId: clause.regulationId,
          clauseId: clause.clauseId,
          targetType: body.targetType,
          means: body.means,
          comment: body.comment,
          createBy: auth.userName,
        })
        .returning({ linkId: ccmsRegulationLink.linkId });
      return { linkId: row?.linkId ?? 0 };
    },

    async update(auth: AuthContext, body: LinkUpdate) {
      await loadLink(auth, body.linkId);
      await db
        .update(ccmsRegulationLink)
        .set({ means: body.means, comment: body.comment, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsRegulationLink.linkId, body.linkId));
    },

    /** Re-verified: the flags go and the content's current text is the new baseline. */
    async verify(auth: AuthContext, linkIds: number[]) {
      for (const id of linkIds) await loadLink(auth, id);
      await clearFlags(db, linkIds, auth.userName);
    },

    async remove(auth: AuthContext, ids: number[]) {
      for (const id of ids) await loadLink(auth, id);
      await db.delete(ccmsRegulationLink).where(inArray(ccmsRegulationLink.linkId, ids));
    },
  };
}

export type LinkService = ReturnType<typeof linkService>;
