import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { CommentBody, WorkItemAttachment, WorkItemComment } from '@ccms/contracts/work/work-item-collab';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { ccmsWorkItemAttachment, ccmsWorkItemComment } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { Storage } from '../../../platform/storage/storage';
import { appendHistory, attachmentNamed, attachmentsOf, commentsOf, findAttachment, findComment, lockItem } from './work-item.queries';
import { workItemReader } from './work-item.reader';

/** A safe attachment name: the last path segment, no control characters. */
function cleanFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

export interface AttachmentDownload {
  fileName: string;
  size: number;
  stream: Readable;
}

/** Writes a comment (or a reply) and its history row; the caller holds the item's lock. */
export async function addComment(tx: Tx, auth: AuthContext, workItemId: number, body: CommentBody) {
  if (body.parentCommentId && !(await findComment(tx, workItemId, body.parentCommentId))) throw badRequest('workItem.commentMissing');
  const [row] = await tx
    .insert(ccmsWorkItemComment)
    .values({ workItemId, parentCommentId: body.parentCommentId ?? null, content: body.content, createUserId: auth.userId, createBy: auth.userName })
    .returning();
  await appendHistory(tx, workItemId, auth.userName, [
    { changeType: 'comment', changeField: body.parentCommentId ? 'reply' : 'comment', beforeValue: '', afterValue: body.content },
  ]);
  return row;
}

/** Collaboration on a work item: threaded comments and attachments, each change in its history. */
export function workItemCollabService(db: Db, storage: Storage) {
  const { load } = workItemReader(db);

  return {
    // ---- comments ----

    async comments(auth: AuthContext, workItemId: number): Promise<WorkItemComment[]> {
      await load(auth, workItemId, 'read');
      const rows = await commentsOf(db, workItemId);
      const liveReplyTo = new Set(rows.filter((r) => r.comment.delFlag === '0').map((r) => r.comment.parentCommentId));
      // A deleted comment stays as an empty placeholder only while replies answer it.
      return rows
        .filter((r) => r.comment.delFlag === '0' || liveReplyTo.has(r.comment.commentId))
        .map(({ comment: c, nickName }) => ({
          commentId: c.commentId,
          workItemId: c.workItemId,
          parentCommentId: c.parentCommentId,
          content: c.delFlag === '0' ? c.content : '',
          createBy: c.createBy,
          createUserId: c.createUserId,
          nickName,
          createTime: c.createTime,
          mine: c.createUserId === auth.userId,
          deleted: c.delFlag !== '0',
        }));
    },

    async comment(auth: AuthContext, workItemId: number, body: CommentBody): Promise<number> {
      await load(auth, workItemId, 'write');
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, workItemId))) throw notFound('workItem.missing', { id: workItemId });
        const row = await addComment(tx, auth, workItemId, body);
        if (!row) throw new Error('comment not created');
        return row.commentId;
      });
    },

    async removeComment(auth: AuthContext, workItemId: number, commentId: number) {
      await load(auth, workItemId, 'read');
      const comment = await findComment(db, workItemId, commentId);
      if (!comment) throw notFound('notFound.row', { what: `comment ${commentId}` });
      if (comment.createUserId !== auth.userId) throw forbidden('workItem.commentNotMine');
      await db.transaction(async (tx) => {
        await lockItem(tx, workItemId);
        await tx
          .update(ccmsWorkItemComment)
          .set({ delFlag: '1', updateBy: auth.userName, updateTime: new Date() })
          .where(eq(ccmsWorkItemComment.commentId, commentId));
        await appendHistory(tx, workItemId, auth.userName, [{ changeType: 'comment', changeField: 'comment', beforeValue: comment.content, afterValue: '' }]);
      });
    },

    // ---- attachments ----

    async attachments(auth: AuthContext, workItemId: number): Promise<WorkItemAttachment[]> {
      await load(auth, workItemId, 'read');
      return (await attachmentsOf(db, workItemId)).map(({ storageKey: _k, ...a }) => a);
    },

    async attach(auth: AuthContext, workItemId: number, file: { filename: string; path: string; size: number }, replace: boolean) {
      await load(auth, workItemId, 'write');
      const fileName = cleanFileName(file.filename);
      if (!fileName || fileName.length > 255 || fileName === '.' || fileName === '..') throw badRequest('workItem.fileName');
      if (!replace && (await attachmentNamed(db, workItemId, fileName))) throw conflict('workItem.attachmentExists', { name: fileName });
      const key = `workitem/${workItemId}/${randomUUID()}`;
      await storage.put(key, createReadStream(file.path));
      let replacedKey: string | null = null;
      try {
        await db.transaction(async (tx) => {
          if (!(await lockItem(tx, workItemId))) throw notFound('workItem.missing', { id: workItemId });
          const existing = await attachmentNamed(tx, workItemId, fileName);
          const now = new Date();
          const size = file.size;
          if (existing) {
            if (!replace) throw conflict('workItem.attachmentExists', { name: fileName });
            replacedKey = existing.storageKey;
            await tx
              .update(ccmsWorkItemAttachment)
              .set({ storageKey: key, size, updateBy: auth.userName, updateTime: now })
              .where(eq(ccmsWorkItemAttachment.attachmentId, existing.attachmentId));
            await appendHistory(tx, workItemId, auth.userName, [
              { changeType: 'attachment', changeField: 'replace', beforeValue: `${fileName} (${existing.size} B)`, afterValue: `${fileName} (${size} B)` },
            ]);
          } else {
            await tx.insert(ccmsWorkItemAttachment).values({ workItemId, fileName, storageKey: key, size, createBy: auth.userName });
            await appendHistory(tx, workItemId, auth.userName, [
              { changeType: 'attachment', changeField: 'add', beforeValue: '', afterValue: `${fileName} (${size} B)` },
            ]);
          }
        });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      if (replacedKey) await storage.remove(replacedKey);
    },

    async download(auth: AuthContext, workItemId: number, attachmentId: number): Promise<AttachmentDownload> {
      await load(auth, workItemId, 'read');
      const a = await findAttachment(db, workItemId, attachmentId);
      if (!a) throw notFound('notFound.row', { what: `attachment ${attachmentId}` });
      return { fileName: a.fileName, size: a.size, stream: await storage.read(a.storageKey) };
    },

    async detach(auth: AuthContext, workItemId: number, attachmentId: number) {
      await load(auth, workItemId, 'write');
      const a = await findAttachment(db, workItemId, attachmentId);
      if (!a) throw notFound('notFound.row', { what: `attachment ${attachmentId}` });
      await db.transaction(async (tx) => {
        await lockItem(tx, workItemId);
        await tx.delete(ccmsWorkItemAttachment).where(eq(ccmsWorkItemAttachment.attachmentId, attachmentId));
        await appendHistory(tx, workItemId, auth.userName, [
          { changeType: 'attachment', changeField: 'remove', beforeValue: `${a.fileName} (${a.size} B)`, afterValue: '' },
        ]);
      });
      await storage.remove(a.storageKey);
    },
  };
}
