import type { Connection, DocumentProps, DocumentQuery } from '@ccms/contracts/content/document';
import type { StandardFiles } from '@ccms/contracts/content/standard';
import { type DocumentStatus, nextDocumentStatuses, type TocNodeStatusBody } from '@ccms/contracts/content/status';
import { Code } from '@ccms/contracts/http';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { AppError, badRequest } from '../../../platform/http/errors';
import { linksFrom, linksTo } from '../catalog/catalog.queries';
import { type CatalogRuntime, indexedAt } from '../catalog/catalog.service';
import { assertOwner, changeStatus, saveMeta } from '../catalog/catalog-meta';
import { nodeAt, presentToc, type StoredTocNode, type TopicFacet, tocPaths } from '../catalog/toc';
import { standardOf } from '../standard/registry';
import { documentsAt, findDocument, listDocuments, listOutputs, topicFacets } from './document.queries';

export const documentMissing = () => new AppError(Code.NOT_FOUND, 'document.notExist');

const IMAGE = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?)$/i;
const VIDEO = /\.(mp4|webm|ogv|ogg|mov|avi|mkv|m4v)$/i;
/** A connection's type: documents and units as the library's standard names them (a DITA map, an S1000D publication module is a map). */
function typeOf(files: StandardFiles, path: string): Connection['type'] {
  const role = files.roleOf(path);
  return role === 'document' ? 'map' : role === 'unit' ? 'topic' : IMAGE.test(path) ? 'image' : VIDEO.test(path) ? 'video' : 'other';
}

export type DocumentRecord = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/** Documents: lists and detail tabs from the index, properties and status from the database. */
export function documentService(db: Db, { catalog, review }: CatalogRuntime) {
  /** The document and its branch's index after the caller's check on its library. */
  async function load(auth: AuthContext, documentId: number, need: 'read' | 'write' = 'read') {
    const doc = await findDocument(db, documentId);
    if (!doc) throw documentMissing();
    const scope = await catalog.openStored(auth, doc.libraryId, doc.branch, need);
    return { doc, ...scope };
  }

  const present = (doc: DocumentRecord) => {
    const { toc: _toc, files: _files, problems: _problems, ...row } = doc;
    return { ...row, status: row.status as DocumentStatus };
  };

  async function facetsOf(libraryId: number, branch: string, paths: string[]): Promise<Map<string, TopicFacet>> {
    const rows = await topicFacets(db, libraryId, branch, paths);
    return new Map(rows.map((r) => [r.path, r]));
  }

  return {
    load,

    async list(auth: AuthContext, q: DocumentQuery) {
      const { index } = await catalog.open(auth, q.libraryId, q.branch);
      const page = await listDocuments(db, index.libraryId, index.branch, q);
      return { rows: page.rows.map((r) => ({ ...r, status: r.status as DocumentStatus })), total: page.total, ...indexedAt(index) };
    },

    async get(auth: AuthContext, documentId: number) {
      const { doc, index, level, canWrite } = await load(auth, documentId);
      return { ...present(doc), ...indexedAt(index), problems: doc.problems, nextStatuses: [...nextDocumentStatuses(doc.status)], myLevel: level, canWrite };
    },

    async toc(auth: AuthContext, documentId: number) {
      const { doc, index } = await load(auth, documentId);
      const stored = doc.toc as StoredTocNode[];
      const facets = await facetsOf(doc.libraryId, doc.branch, [...tocPaths(stored)]);
      return { ...indexedAt(index), documentId: doc.documentId, path: doc.path, title: doc.name, nodes: presentToc(stored, facets) };
    },

    async update(auth: AuthContext, body: DocumentProps) {
      const { doc } = await load(auth, body.documentId, 'write');
      await assertOwner(db, body.owner);
      const { documentId: _id, ...patch } = body;
      await saveMeta(db, doc.libraryId, doc.branch, doc.path, patch, auth.userName);
    },

    async setStatus(auth: AuthContext, documentId: number, to: DocumentStatus) {
      const { doc } = await load(auth, documentId, 'write');
      return changeStatus(db, 'document', { id: doc.documentId, libraryId: doc.libraryId, branch: doc.branch, path: doc.path }, to, auth, review);
    },

    /** A toc node's set-status sets the status of the topic it points at. */
    async setNodeStatus(auth: AuthContext, documentId: number, body: TocNodeStatusBody) {
      const { doc } = await load(auth, documentId, 'write');
      const node = nodeAt(doc.toc as StoredTocNode[], body.nodeId);
      if (!node) throw new AppError(Code.NOT_FOUND, 'tocNode.missing', { nodeId: body.nodeId });
      const [topic] = node.p ? await topicFacets(db, doc.libraryId, doc.branch, [node.p]) : [];
      if (!node.p || !topic) throw badRequest('tocNode.noTopic', { title: node.t || node.h || body.nodeId });
      return changeStatus(db, 'topic', { id: topic.topicId, libraryId: doc.libraryId, branch: doc.branch, path: topic.path }, body.status, auth, review);
    },

    /** What the document uses (files it reads, and what they point at) and what uses it. */
    async connections(auth: AuthContext, documentId: number) {
      const { doc, index, row } = await load(auth, documentId);
      const standard = standardOf(row.libraryType).files;
      const isMap = (path: string) => standard.roleOf(path) === 'document';
      const isTopic = (path: string) => standard.roleOf(path) === 'unit';
      const files = (doc.files as string[]).filter((f) => f !== doc.path);
      const outgoing = await linksFrom(db, doc.libraryId, doc.branch, [doc.path, ...files]);
      const kinds = new Map<string, Set<string>>();
      const broken = new Map<string, boolean>();
      const order: string[] = [...files];
      for (const link of outgoing) {
        const target = link.targetPath;
        if (!target || link.status === 'external' || target === doc.path) continue;
        if (!kinds.has(target) && !files.includes(target)) order.push(target);
        kinds.set(target, (kinds.get(target) ?? new Set()).add(link.kind));
        if (link.status === 'broken') broken.set(target, true);
      }
      const paths = [...new Set(order)];
      const topics = await facetsOf(doc.libraryId, doc.branch, paths.filter(isTopic));
      const maps = new Map((await documentsAt(db, doc.libraryId, doc.branch, paths.filter(isMap))).map((d) => [d.path, d]));
      const uses: Connection[] = paths.map((path) => ({
        type: typeOf(standard, path),
        path,
        title: topics.get(path)?.title ?? maps.get(path)?.name ?? path.slice(path.lastIndexOf('/') + 1),
        topicId: topics.get(path)?.topicId ?? null,
        documentId: maps.get(path)?.documentId ?? null,
        kinds: [...(kinds.get(path) ?? [])].sort(),
        broken: broken.get(path) === true,
      }));
      const incoming = await linksTo(db, doc.libraryId, doc.branch, doc.path);
      const bySource = new Map<string, Set<string>>();
      for (const link of incoming) bySource.set(link.sourcePath, (bySource.get(link.sourcePath) ?? new Set()).add(link.kind));
      const sources = [...bySource.keys()];
      const sourceTopics = await facetsOf(doc.libraryId, doc.branch, sources.filter(isTopic));
      const sourceMaps = new Map((await documentsAt(db, doc.libraryId, doc.branch, sources.filter(isMap))).map((d) => [d.path, d]));
      const usedBy: Connection[] = sources.map((path) => ({
        type: typeOf(standard, path),
        path,
        title: sourceTopics.get(path)?.title ?? sourceMaps.get(path)?.name ?? path,
        topicId: sourceTopics.get(path)?.topicId ?? null,
        documentId: sourceMaps.get(path)?.documentId ?? null,
        kinds: [...(bySource.get(path) ?? [])].sort(),
        broken: false,
      }));
      return { ...indexedAt(index), uses, usedBy, links: outgoing.filter((l) => l.sourcePath === doc.path) };
    },

    async outputs(auth: AuthContext, documentId: number, page: { pageNum: number; pageSize: number }) {
      const { doc, index } = await load(auth, documentId);
      return { ...(await listOutputs(db, doc.libraryId, doc.branch, doc.path, page)), ...indexedAt(index) };
    },
  };
}

export type DocumentService = ReturnType<typeof documentService>;
