import { holdsContent } from '@ccms/contracts/content/standard';
import type { AssignBody, PathTagsQuery, TagBody, TaggedQuery, TagQuery, TagUpdate } from '@ccms/contracts/content/tag';
import { Code } from '@ccms/contracts/http';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsTag, ccmsTagAssignment } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';
import type { LibraryService } from '../library/library.service';
import type { LibraryGit, LibraryRow } from '../library/library-git';
import { repoPath } from '../shared/repo-path';
import { standardOf } from '../standard/registry';
import { findTag, listTags, taggedPaths, tagNameClash, tagOptions, tagsById, tagsOfPaths } from './tag.queries';

/**
 * Tags of a library and their assignments to document and topic paths of a branch. Reading
 * needs the read level on the library, any change the write level.
 */
export function tagService(db: Db, git: LibraryGit, libraries: LibraryService) {
  async function tagFor(auth: AuthContext, tagId: number, need: 'read' | 'write') {
    const tag = await findTag(db, tagId);
    if (!tag) throw notFound('tag.notFound', { id: tagId });
    await libraries.forCall(auth, tag.libraryId, need);
    return tag;
  }

  const branchOf = (row: LibraryRow, branch: string | undefined) => branch || row.defaultBranch;

  /** A document or topic path (as the library's standard names them) that exists at the head of the branch. */
  async function taggablePath(row: LibraryRow, branch: string, raw: string): Promise<string> {
    const path = repoPath(raw, 'path');
    if (!holdsContent(standardOf(row.libraryType).files, path)) throw badRequest('tag.notTaggable', { path });
    const { repo } = await git.ready(row);
    const head = await repo.resolve(branch);
    if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: branch });
    if ((await repo.typeOf(head, path)) !== 'blob') throw new AppError(Code.NOT_FOUND, 'explorer.notFound', { path });
    return path;
  }

  async function tagsOfLibrary(libraryId: number, tagIds: number[]) {
    const tags = await tagsById(db, tagIds);
    for (const id of tagIds) {
      if (!tags.some((t) => t.tagId === id && t.libraryId === libraryId)) throw notFound('tag.notFound', { id });
    }
  }

  async function pathTags(libraryId: number, branch: string, path: string) {
    const tags = (await tagsOfPaths(db, { libraryId, branch, paths: [path] })).get(path) ?? [];
    return { libraryId, branch, path, tags };
  }

  return {
    async list(auth: AuthContext, q: TagQuery) {
      await libraries.forCall(auth, q.libraryId, 'read');
      return listTags(db, q);
    },
    async options(auth: AuthContext, libraryId: number) {
      await libraries.forCall(auth, libraryId, 'read');
      return tagOptions(db, libraryId);
    },
    get: (auth: AuthContext, tagId: number) => tagFor(auth, tagId, 'read'),

    async create(auth: AuthContext, body: TagBody) {
      await libraries.forCall(auth, body.libraryId, 'write');
      if (await tagNameClash(db, body.libraryId, body.tagName)) throw badRequest('tag.nameExists', { name: body.tagName });
      const [row] = await db
        .insert(ccmsTag)
        .values({ ...body, createBy: auth.userName })
        .returning({ tagId: ccmsTag.tagId });
      return { tagId: row?.tagId ?? 0 };
    },

    async update(auth: AuthContext, body: TagUpdate) {
      const tag = await tagFor(auth, body.tagId, 'write');
      if (await tagNameClash(db, tag.libraryId, body.tagName, body.tagId)) throw badRequest('tag.nameExists', { name: body.tagName });
      const { tagId, ...fields } = body;
      await db
        .update(ccmsTag)
        .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
        .where(and(eq(ccmsTag.tagId, tagId), eq(ccmsTag.libraryId, tag.libraryId)));
    },

    /** Deletes tags and their assignments. */
    async remove(auth: AuthContext, tagIds: number[]) {
      for (const id of tagIds) await tagFor(auth, id, 'write');
      await db.transaction(async (tx) => {
        await tx.delete(ccmsTagAssignment).where(inArray(ccmsTagAssignment.tagId, tagIds));
        await tx.delete(ccmsTag).where(inArray(ccmsTag.tagId, tagIds));
      });
    },

    async ofPath(auth: AuthContext, q: PathTagsQuery) {
      const row = await libraries.forCall(auth, q.libraryId, 'read');
      return pathTags(row.libraryId, branchOf(row, q.branch), repoPath(q.path, 'path'));
    },

    async assign(auth: AuthContext, body: AssignBody) {
      const row = await libraries.forCall(auth, body.libraryId, 'write');
      const branch = branchOf(row, body.branch);
      const path = await taggablePath(row, branch, body.path);
      const tagIds = [...new Set(body.tagIds)];
      await tagsOfLibrary(row.libraryId, tagIds);
      await db
        .insert(ccmsTagAssignment)
        .values(tagIds.map((tagId) => ({ tagId, libraryId: row.libraryId, branch, path, createBy: auth.userName })))
        .onConflictDoNothing();
      return pathTags(row.libraryId, branch, path);
    },

    async unassign(auth: AuthContext, body: AssignBody) {
      const row = await libraries.forCall(auth, body.libraryId, 'write');
      const branch = branchOf(row, body.branch);
      const path = repoPath(body.path, 'path');
      await db
        .delete(ccmsTagAssignment)
        .where(
          and(
            eq(ccmsTagAssignment.libraryId, row.libraryId),
            eq(ccmsTagAssignment.branch, branch),
            eq(ccmsTagAssignment.path, path),
            inArray(ccmsTagAssignment.tagId, body.tagIds),
          ),
        );
      return pathTags(row.libraryId, branch, path);
    },

    async tagged(auth: AuthContext, tagId: number, q: TaggedQuery) {
      await tagFor(auth, tagId, 'read');
      return taggedPaths(db, tagId, q);
    },
  };
}
