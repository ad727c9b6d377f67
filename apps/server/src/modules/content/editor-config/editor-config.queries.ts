import type { EditorLinkQuery } from '@ccms/contracts/content/editor-config';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDefaultEditor, ccmsDoctype, ccmsEditorLink } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { label: ccmsEditorLink.label, createTime: ccmsEditorLink.createTime };

export async function listLinks(db: Db, q: EditorLinkQuery) {
  const where: SQL | undefined = and(contains(ccmsEditorLink.label, q.label), q.status ? eq(ccmsEditorLink.status, q.status) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ccmsEditorLink)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(ccmsEditorLink.linkId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsEditorLink).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLink(db: Db, linkId: number) {
  const [row] = await db.select().from(ccmsEditorLink).where(eq(ccmsEditorLink.linkId, linkId));
  return row;
}

export const enabledLinks = (db: Db) => db.select().from(ccmsEditorLink).where(eq(ccmsEditorLink.status, '0')).orderBy(asc(ccmsEditorLink.linkId));

export const allDefaults = (db: Db) => db.select().from(ccmsDefaultEditor).orderBy(asc(ccmsDefaultEditor.suffix));

export async function defaultOf(db: Db, suffix: string) {
  const [row] = await db.select().from(ccmsDefaultEditor).where(eq(ccmsDefaultEditor.suffix, suffix));
  return row;
}

/** The editor of the first enabled document type with this suffix, when no default names one. */
export async function doctypeEditorOf(db: Db, suffix: string) {
  const [row] = await db
    .select({ editor: ccmsDoctype.editor })
    .from(ccmsDoctype)
    .where(and(eq(ccmsDoctype.fileSuffix, suffix), eq(ccmsDoctype.status, '0')))
    .orderBy(asc(ccmsDoctype.doctypeId))
    .limit(1);
  return row?.editor;
}
