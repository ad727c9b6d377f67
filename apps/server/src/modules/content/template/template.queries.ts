import type { TemplateQuery } from '@ccms/contracts/content/template';
import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype, ccmsTemplate } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { badRequest } from '../../../platform/http/errors';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { templateName: ccmsTemplate.templateName, lang: ccmsTemplate.lang, createTime: ccmsTemplate.createTime };

const filters = (q: Partial<TemplateQuery>): SQL | undefined =>
  and(
    contains(ccmsTemplate.templateName, q.templateName),
    q.doctypeId ? eq(ccmsTemplate.doctypeId, q.doctypeId) : undefined,
    q.lang ? eq(ccmsTemplate.lang, q.lang) : undefined,
    q.status ? eq(ccmsTemplate.status, q.status) : undefined,
  );

const columns = { template: ccmsTemplate, doctypeName: ccmsDoctype.doctypeName, fileSuffix: ccmsDoctype.fileSuffix, grammar: ccmsDoctype.grammar };

export async function listTemplates(db: Db, q: TemplateQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(ccmsTemplate)
      .innerJoin(ccmsDoctype, eq(ccmsDoctype.doctypeId, ccmsTemplate.doctypeId))
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(ccmsTemplate.doctypeId)), asc(ccmsTemplate.templateId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsTemplate).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findTemplate(db: Db, templateId: number) {
  const [row] = await db
    .select(columns)
    .from(ccmsTemplate)
    .innerJoin(ccmsDoctype, eq(ccmsDoctype.doctypeId, ccmsTemplate.doctypeId))
    .where(eq(ccmsTemplate.templateId, templateId));
  return row;
}

export const enabledTemplates = (db: Db) =>
  db
    .select(columns)
    .from(ccmsTemplate)
    .innerJoin(ccmsDoctype, eq(ccmsDoctype.doctypeId, ccmsTemplate.doctypeId))
    .where(and(eq(ccmsTemplate.status, '0'), eq(ccmsDoctype.status, '0')))
    .orderBy(asc(ccmsTemplate.doctypeId), asc(ccmsTemplate.templateId));

export async function templateNameClash(db: Db, name: string, lang: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ccmsTemplate.templateId })
    .from(ccmsTemplate)
    .where(and(eq(ccmsTemplate.templateName, name), eq(ccmsTemplate.lang, lang), exceptId ? ne(ccmsTemplate.templateId, exceptId) : undefined));
  return row !== undefined;
}

export async function doctypeById(db: Db, doctypeId: number) {
  const [row] = await db.select().from(ccmsDoctype).where(eq(ccmsDoctype.doctypeId, doctypeId));
  return row;
}

/**
 * The text a new S1000D object of a schema starts from: the given template (enabled, of an S1000D
 * type named by the schema), else the enabled default template of the schema's enabled S1000D type;
 * undefined when there is none (the built-in template is used then).
 */
export async function s1000dTemplateOf(db: Db, schema: string, templateId?: number) {
  if (templateId !== undefined) {
    const row = await findTemplate(db, templateId);
    if (!row) throw badRequest('template.notFound', { id: templateId });
    if (row.grammar !== 's1000d' || row.doctypeName !== schema)
      throw badRequest('template.notSchema', { field: 'templateId', name: row.template.templateName, schema });
    if (row.template.status !== '0') throw badRequest('template.disabled', { name: row.template.templateName });
    return row.template;
  }
  const [doctype] = await db
    .select({ defaultTemplateId: ccmsDoctype.defaultTemplateId })
    .from(ccmsDoctype)
    .where(and(eq(ccmsDoctype.doctypeName, schema), eq(ccmsDoctype.grammar, 's1000d'), eq(ccmsDoctype.status, '0')));
  if (!doctype?.defaultTemplateId) return undefined;
  const row = await findTemplate(db, doctype.defaultTemplateId);
  return row && row.template.status === '0' ? row.template : undefined;
}
