import { readFile } from 'node:fs/promises';
import type { CommentExportBody, CommentImportFields, CommentImportItem, CommentImportResult } from '@ccms/contracts/content/s1000d-comments';
import {
  brexDmRefOf,
  type ComOptions,
  type ComRecord,
  ComRefusal,
  type Csdb,
  type CsdbObject,
  comCodeOf,
  comDmRefOf,
  comFileNameOf,
  compareIssues,
  readCom,
  writeCom,
} from '@ccms/s1000d';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsReviewComment } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import type { ContentServices } from '../../content/content.area';
import type { UploadedFile } from '../../content/document/document-write';
import { s1000dSetOf } from '../../content/s1000d/s1000d-set';
import { withUnpackedZip, writeZip } from '../../content/shared/zip';
import { planCovering } from '../workflow/workflow.queries';
import type { CommentRow } from './review-comment.queries';

/**
 * Review comments of an S1000D library branch exchanged as S1000D comment files (COM).
 *
 * Export: each thread on a data module of the branch is a comment of type q, each of its replies a
 * response (type r) naming the thread's code; the sequence number is the comment's id (so the same
 * comment keeps its code from one export to the next), the year that of its creation, the model
 * ident code that of the module. A resolved thread's last reply is "accepted" (rt01), other replies
 * "pending" (rt02). Threads on objects that are not data modules are not exported.
 *
 * Import: each comment file becomes a thread on the data module its dmRef names (found in the
 * branch's set by code, the issue it names when the branch has it, else the latest), each response a
 * reply in the thread whose code it answers (one of the same upload, or a thread of the branch
 * whose exported code that is; a response may name no module: noReferences). What is already
 * there (same module, text and quote; a reply with the same text in the same thread) is not made
 * again. A response accepted, partly accepted or
 * rejected (rt01, rt03, rt04) resolves its thread.
 */

const FINAL_RESPONSES = new Set(['rt01', 'rt03', 'rt04']);
const seqOf = (id: number) => String(((id - 1) % 99999) + 1).padStart(5, '0');
const yearOf = (d: Date | string) => String(new Date(d).getUTCFullYear()).padStart(4, '0');
const isXmlName = (n: string) => /\.xml$/i.test(n);
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The module a comment names: its code in the set, the issue it names when present, else the latest; the language when it names one. */
function moduleOf(csdb: Csdb, ref: NonNullable<ComRecord['dmRef']>): CsdbObject | undefined {
  const lang = ref.language;
  const held = csdb
    .withCode(ref.code)
    .filter((o) => o.kind === 'dm')
    .filter(
      (o) =>
        lang === undefined ||
        (o.language?.languageIsoCode.toLowerCase() === lang.languageIsoCode.toLowerCase() &&
          o.language?.countryIsoCode.toUpperCase() === lang.countryIsoCode.toUpperCase()),
    );
  const issue = ref.issue;
  const exact = issue === undefined ? undefined : held.find((o) => o.issue !== undefined && compareIssues(o.issue, issue) === 0);
  return exact ?? held[held.length - 1];
}

/** The code a thread is exported under by a sender. */
const threadCode = (t: CommentRow, modelIdentCode: string, senderIdent: string) =>
  comCodeOf({ modelIdentCode, senderIdent, year: yearOf(t.createTime), seqNumber: seqOf(t.commentId), commentType: 'q' });

export function reviewCommentComService(db: Db, content: Pick<ContentServices, 'catalog' | 'indexer' | 'git'>) {
  const c = ccmsReviewComment;

  async function setOf(auth: AuthContext, libraryId: number, branch: string | undefined) {
    const scope = await content.catalog.open(auth, libraryId, branch);
    return { scope, csdb: await s1000dSetOf(content.indexer, content.git, scope) };
  }

  return {
    async exportComments(auth: AuthContext, body: CommentExportBody): Promise<{ fileName: string; zip: Buffer; comments: number }> {
      const { scope, csdb } = await setOf(auth, body.libraryId, body.branch);
      const paths = body.paths?.map((p) => p.replace(/^\/+/, ''));
      const threads = await db
        .select()
        .from(c)
        .where(
          and(
            eq(c.libraryId, scope.row.libraryId),
            eq(c.branch, scope.branch),
            isNull(c.parentId),
            body.state === 'open' ? eq(c.state, 'open') : undefined,
            paths !== undefined && paths.length > 0 ? inArray(c.path, paths) : undefined,
          ),
        )
        .orderBy(asc(c.commentId));
      const modules = new Map(csdb.objects.filter((o) => o.kind === 'dm').map((o) => [o.file, o]));
      const onModules = threads.filter((t) => modules.has(t.path));
      if (onModules.length === 0) throw badRequest('s1000dComment.nothingToExport');
      const replies = await db
        .select()
        .from(c)
        .where(
          inArray(
            c.parentId,
            onModules.map((t) => t.commentId),
          ),
        )
        .orderBy(asc(c.commentId));
      const files: Array<{ path: string; content: Buffer }> = [];
      for (const t of onModules) {
        const dm = modules.get(t.path) as CsdbObject;
        const dmRef = comDmRefOf(dm, t.elementId || undefined);
        const base = {
          modelIdentCode: (dmRef.dmCode.modelIdentCode ?? '').toUpperCase(),
          senderIdent: body.senderIdent,
          language: dm.language ?? { languageIsoCode: 'en', countryIsoCode: 'US' },
          dmRef,
          brexDmRef: brexDmRefOf(dm),
        };
        const question: ComOptions = {
          ...base,
          year: yearOf(t.createTime),
          seqNumber: seqOf(t.commentId),
          commentType: 'q',
          ...(dm.title ? { title: dm.title } : {}),
          date: new Date(t.createTime),
          originator: { ...body.from, person: t.authorName },
          quote: t.quote,
          body: t.body,
        };
        files.push({ path: comFileNameOf(question), content: Buffer.from(writeCom(question), 'utf8') });
        const answers = comCodeOf(question);
        const own = replies.filter((r) => r.parentId === t.commentId);
        own.forEach((r, i) => {
          const response: ComOptions = {
            ...base,
            year: yearOf(r.createTime),
            seqNumber: seqOf(r.commentId),
            commentType: 'r',
            date: new Date(r.createTime),
            originator: { ...body.from, person: r.authorName },
            responseType: t.state === 'resolved' && i === own.length - 1 ? 'rt01' : 'rt02',
            answers,
            body: r.body,
          };
          files.push({ path: comFileNameOf(response), content: Buffer.from(writeCom(response), 'utf8') });
        });
      }
      const day = new Date().toISOString().slice(0, 10);
      return { fileName: `COM-${body.senderIdent}-${day}.zip`, zip: await writeZip(files), comments: files.length };
    },

    async assertReadable(auth: AuthContext, libraryId: number) {
      await content.catalog.access(auth, libraryId, 'read');
    },

    async importComments(auth: AuthContext, fields: CommentImportFields, uploads: UploadedFile[]): Promise<CommentImportResult> {
      const { scope, csdb } = await setOf(auth, fields.libraryId, fields.branch);
      const { libraryId } = scope.row;
      const branch = scope.branch;
      // Every file read first: one that is not a comment refuses the upload, naming it.
      const read: Array<{ file: string; com: ComRecord }> = [];
      const take = (file: string, bytes: Buffer) => {
        try {
          read.push({ file, com: readCom(file, bytes) });
        } catch (e) {
          if (e instanceof ComRefusal) throw badRequest(`s1000dComment.${e.reason}`, { file: e.file, detail: e.detail.slice(0, 200) });
          throw e;
        }
      };
      if (uploads.length === 0) throw badRequest('s1000dComment.noFiles');
      for (const u of uploads) {
        if (/\.zip$/i.test(u.filename)) {
          await withUnpackedZip(u.path, async (entries) => {
            for (const entry of entries) {
              if (!isXmlName(entry.path)) throw badRequest('s1000dComment.notXml', { file: `${u.filename}/${entry.path}` });
              take(baseName(entry.path), await readFile(entry.file));
            }
          });
        } else if (isXmlName(u.filename)) take(baseName(u.filename), await readFile(u.path));
        else throw badRequest('s1000dComment.notXml', { file: u.filename });
      }
      if (read.length === 0) throw badRequest('s1000dComment.noFiles');
      // Comments before the responses that answer them.
      read.sort((x, y) => Number(x.com.commentType === 'r') - Number(y.com.commentType === 'r') || x.file.localeCompare(y.file));

      const byCode = new Map<string, number>();
      const items: CommentImportItem[] = [];
      const threadsOn = new Map<string, CommentRow[]>();
      const threadsOf = async (p: string) => {
        let rows = threadsOn.get(p);
        if (rows === undefined) {
          rows = await db
            .select()
            .from(c)
            .where(and(eq(c.libraryId, libraryId), eq(c.branch, branch), eq(c.path, p), isNull(c.parentId)))
            .orderBy(asc(c.commentId));
          threadsOn.set(p, rows);
        }
        return rows;
      };
      const authorOf = (com: ComRecord) => (com.originator.person || auth.userName).slice(0, 64);

      /**
       * The thread a response answers: one of this upload, else a thread of the branch whose
       * exported code that is (its sequence number comes from the thread's id).
       */
      const answered = async (code: string): Promise<CommentRow | undefined> => {
        const known = byCode.get(code);
        if (known !== undefined) return (await db.select().from(c).where(eq(c.commentId, known)))[0];
        const m = /^COM-([A-Z0-9]+)-([A-Z0-9]{5})-\d{4}-(\d{5})-[QI]$/.exec(code);
        if (m === null) return undefined;
        const [, mic = '', sender = '', seq = ''] = m;
        const rows = await db
          .select()
          .from(c)
          .where(and(eq(c.libraryId, libraryId), eq(c.branch, branch), isNull(c.parentId), sql`(${c.commentId} - 1) % 99999 + 1 = ${Number(seq)}`));
        return rows.find((t) => threadCode(t, mic, sender) === code.replace(/-I$/, '-Q'));
      };

      for (const { file, com } of read) {
        const item = { file, code: com.code, commentType: com.commentType, commentId: null, dmCode: com.dmRef?.code ?? null, path: null, reason: null };
        const dm = com.dmRef === undefined ? undefined : moduleOf(csdb, com.dmRef);
        if (com.commentType === 'r') {
          // A response lands in the thread it answers (a response may name no module: noReferences).
          const parent = await answered(com.answers ?? '');
          if (parent === undefined) {
            items.push({ ...item, action: 'skipped', reason: com.dmRef !== undefined && dm === undefined ? 'moduleMissing' : 'answersMissing' });
            continue;
          }
          const at = { ...item, path: parent.path, dmCode: item.dmCode ?? csdb.objects.find((o) => o.file === parent.path)?.code ?? null };
          const [same] = await db
            .select({ commentId: c.commentId })
            .from(c)
            .where(and(eq(c.parentId, parent.commentId), eq(c.body, com.body)));
          if (same) {
            items.push({ ...at, action: 'existing', commentId: same.commentId });
            continue;
          }
          const [created] = await db
            .insert(c)
            .values({
              parentId: parent.commentId,
              libraryId,
              branch,
              path: parent.path,
              planId: parent.planId,
              approvalId: parent.approvalId,
              body: com.body,
              authorId: auth.userId,
              authorName: authorOf(com),
            })
            .returning({ commentId: c.commentId });
          if (!created) continue;
          if (com.responseType !== undefined && FINAL_RESPONSES.has(com.responseType))
            await db.update(c).set({ state: 'resolved', updateBy: auth.userName, updateTime: new Date() }).where(eq(c.commentId, parent.commentId));
          items.push({ ...at, action: 'created', commentId: created.commentId });
          continue;
        }
        if (com.dmRef === undefined || dm === undefined) {
          items.push({ ...item, action: 'skipped', reason: com.dmRef === undefined ? 'noModule' : 'moduleMissing' });
          continue;
        }
        const at = { ...item, path: dm.file };
        const threads = await threadsOf(dm.file);
        const same = threads.find((t) => t.body === com.body && t.quote === com.quote);
        if (same) {
          byCode.set(com.code, same.commentId);
          items.push({ ...at, action: 'existing', commentId: same.commentId });
          continue;
        }
        const covering = await planCovering(db, libraryId, branch, dm.file);
        const fragment = com.dmRef.referredFragment ?? '';
        const [created] = await db
          .insert(c)
          .values({
            libraryId,
            branch,
            path: dm.file,
            planId: covering?.planId ?? null,
            approvalId: covering?.approvalId ?? null,
            elementId: fragment,
            // Without a fragment the comment is on the module as a whole: its root element.
            elementPath: fragment ? '' : `/${dm.root ?? 'dmodule'}`,
            quote: com.quote.slice(0, 2000),
            body: com.body,
            authorId: auth.userId,
            authorName: authorOf(com),
          })
          .returning();
        if (!created) continue;
        threads.push(created);
        byCode.set(com.code, created.commentId);
        items.push({ ...at, action: 'created', commentId: created.commentId });
      }
      const count = (a: CommentImportItem['action']) => items.filter((i) => i.action === a).length;
      return { branch, created: count('created'), existing: count('existing'), skipped: count('skipped'), items };
    },
  };
}
