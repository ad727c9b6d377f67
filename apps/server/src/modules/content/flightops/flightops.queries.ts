import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogTopic } from '../../../db/schema';

/** The DU topics of a flight-operations branch, by path, with their facts (type, manual, solutions). */
export const duTopics = (db: Db, libraryId: number, branch: string) =>
  db
    .select({
      topicId: ccmsCatalogTopic.topicId,
      path: ccmsCatalogTopic.path,
      no: ccmsCatalogTopic.no,
      title: ccmsCatalogTopic.title,
      facts: ccmsCatalogTopic.facts,
    })
    .from(ccmsCatalogTopic)
    .where(and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch), eq(ccmsCatalogTopic.docType, 'du')))
    .orderBy(asc(ccmsCatalogTopic.path));

/** The documents (PSLs) of a branch. */
export const branchDocuments = (db: Db, libraryId: number, branch: string) =>
  db
    .select({ documentId: ccmsCatalogDocument.documentId, path: ccmsCatalogDocument.path, name: ccmsCatalogDocument.name, branch: ccmsCatalogDocument.branch })
    .from(ccmsCatalogDocument)
    .where(and(eq(ccmsCatalogDocument.libraryId, libraryId), eq(ccmsCatalogDocument.branch, branch)))
    .orderBy(asc(ccmsCatalogDocument.path));

/** The documents of every frozen branch (frozen/...) of a library. */
export const frozenDocuments = (db: Db, libraryId: number) =>
  db
    .select({ documentId: ccmsCatalogDocument.documentId, path: ccmsCatalogDocument.path, name: ccmsCatalogDocument.name, branch: ccmsCatalogDocument.branch })
    .from(ccmsCatalogDocument)
    .where(and(eq(ccmsCatalogDocument.libraryId, libraryId), like(ccmsCatalogDocument.branch, 'frozen/%')))
    .orderBy(asc(ccmsCatalogDocument.branch), asc(ccmsCatalogDocument.path));
