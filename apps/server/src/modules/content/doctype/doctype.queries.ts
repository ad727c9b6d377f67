import type { DoctypeQuery } from '@ccms/contracts/content/doctype';
import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype, ccmsTemplate } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { doctypeName: ccmsDoctype.doctypeName, fileSuffix: ccmsDoctype.fileSuffix, createTime: ccmsDoctype.createTime };

const filters = (q: Partial<DoctypeQuery>): SQL | undefined =>
  and(contains(ccmsDoctype.doctypeName, q.doctypeName), q.status ? eq(ccmsDoctype.status, q.status) : undefined);

const columns = { doctype: ccmsDoctype, defaultTemplateName: ccmsTemplate.templateName };

export async function listDoctypes(db: Db, q: DoctypeQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(ccmsDoctype)
      .leftJoin(ccmsTemplate, eq(ccmsTemplate.templateId, ccmsDoctype.defaultTemplateId))
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(ccmsDoctype.doctypeId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsDoctype).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDoctype(db: Db, doctypeId: number) {
  const [row] = await db
    .select(columns)
    .from(ccmsDoctype)
    .leftJoin(ccmsTemplate, eq(ccmsTemplate.templateId, ccmsDoctype.defaultTemplateId))
    .where(eq(ccmsDoctype.doctypeId, doctypeId));
  return row;
}

export const doctypeOptions = (db: Db) =>
  db
    .select({
      doctypeId: ccmsDoctype.doctypeId,
      doctypeName: ccmsDoctype.doctypeName,
      rootElements: ccmsDoctype.rootElements,
      fileSuffix: ccmsDoctype.fileSuffix,
      grammar: ccmsDoctype.grammar,
    })
    .from(ccmsDoctype)
    .where(eq(ccmsDoctype.status, '0'))
    .orderBy(asc(ccmsDoctype.doctypeId));

export async function doctypeNameClash(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ccmsDoctype.doctypeId })
    .from(ccmsDoctype)
    .where(and(eq(ccmsDoctype.doctypeName, name), exceptId ? ne(ccmsDoctype.doctypeId, exceptId) : undefined));
  return row !== undefined;
}

/** How many templates belong to the type. */
export async function templatesOfDoctype(db: Db, doctypeId: number) {
  const [row] = await db.select({ n: count() }).from(ccmsTemplate).where(eq(ccmsTemplate.doctypeId, doctypeId));
  return row?.n ?? 0;
}
