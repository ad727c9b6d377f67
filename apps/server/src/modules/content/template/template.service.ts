import type { Language } from '@ccms/contracts/constants';
import {
  S1000D_TEMPLATE_PLACEHOLDERS,
  TEMPLATE_PLACEHOLDERS,
  type TemplateBody,
  type TemplateKind,
  type TemplatePreview,
  type TemplatePreviewBody,
  type TemplateQuery,
  type TemplateUpdate,
} from '@ccms/contracts/content/template';
import { translate } from '@ccms/contracts/messages';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype, ccmsTemplate } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { errorsIn, type GrammarRules, invalid } from '../shared/dita-validation';
import { doctypeById, enabledTemplates, findTemplate, listTemplates, templateNameClash } from './template.queries';
import { inProcessTemplateCheck, kindOf, type TemplateCheck } from './template-check';
import { fillTemplate, type TemplateValues } from './template-fill';

type Doctype = NonNullable<Awaited<ReturnType<typeof doctypeById>>>;

/** The placeholders a type's templates may use. */
const placeholdersFor = (doctype: { grammar: string }) => (doctype.grammar === 's1000d' ? S1000D_TEMPLATE_PLACEHOLDERS : TEMPLATE_PLACEHOLDERS);

const rootParams = (root: string, doctype: Doctype) => ({ root, type: doctype.doctypeName, roots: doctype.rootElements.join(', ') });

const today = () => new Date().toISOString().slice(0, 10);

/** Values the placeholders take when a template is checked or previewed. */
function sampleValues(lang: string, userName: string, title?: string): TemplateValues {
  const zh = lang.startsWith('zh');
  const date = today();
  const [languageIsoCode = 'en', countryIsoCode = 'US'] = lang.split('-');
  return {
    title: title || (zh ? '示例标题' : 'Sample title'),
    id: 'sample_id',
    author: userName,
    date,
    lang,
    product: zh ? '示例产品' : 'Sample product',
    year: date.slice(0, 4),
    month: date.slice(5, 7),
    day: date.slice(8, 10),
    languageIsoCode,
    countryIsoCode,
    enterpriseCode: '00000',
  };
}

/**
 * Topic and map templates: validated against their type when saved, previewed, and filled for new
 * files. `check` checks and renders a template's text: on the content threads in the server
 * (template.routes.ts); in this process by default, for the services that only fill templates.
 */
export function templateService(db: Db, grammar: GrammarRules, check: TemplateCheck = inProcessTemplateCheck(grammar)) {
  async function doctypeOf(doctypeId: number) {
    const doctype = await doctypeById(db, doctypeId);
    if (!doctype) throw badRequest('doctype.notFound', { id: doctypeId });
    return doctype;
  }

  /** The filled text checked as a file of the type (rendered too for a preview); refused when an S1000D type meets no installed schema package. */
  async function checked(doctype: Doctype, xml: string, lang: Language, textsLang: string, render: boolean) {
    const { doctypeName, grammar: kind, fileSuffix, rootElements } = doctype;
    const result = await check({ doctype: { doctypeName, grammar: kind, fileSuffix, rootElements }, xml, lang, textsLang, render });
    if (result.noSchema) throw badRequest('template.s1000dNoSchema');
    return result;
  }

  async function assertUsable(auth: AuthContext, body: TemplateBody, lang: Language, exceptId?: number) {
    const doctype = await doctypeOf(body.doctypeId);
    if (await templateNameClash(db, body.templateName, body.lang, exceptId)) throw badRequest('template.nameExists', { name: body.templateName });
    const xml = fillTemplate(body.content, sampleValues(body.lang, auth.userName), placeholdersFor(doctype));
    const result = await checked(doctype, xml, lang, body.lang, false);
    if (errorsIn(result.problems).length > 0) throw invalid(result.problems);
    if (!result.rootOk) throw badRequest('template.rootMismatch', rootParams(result.rootName, doctype));
  }

  async function rowOf(templateId: number) {
    const row = await findTemplate(db, templateId);
    if (!row) throw notFound('template.notFound', { id: templateId });
    return row;
  }

  const present = (row: NonNullable<Awaited<ReturnType<typeof findTemplate>>>) => ({
    ...row.template,
    doctypeName: row.doctypeName,
    kind: kindOf(row),
  });

  return {
    async list(q: TemplateQuery) {
      const { rows, total } = await listTemplates(db, q);
      return { rows: rows.map(present), total };
    },
    async options(kind?: TemplateKind) {
      const rows = (await enabledTemplates(db)).map(present).filter((t) => kind === undefined || t.kind === kind);
      return rows.map((t) => ({ templateId: t.templateId, templateName: t.templateName, doctypeName: t.doctypeName, kind: t.kind, lang: t.lang }));
    },
    get: async (templateId: number) => present(await rowOf(templateId)),

    async create(auth: AuthContext, body: TemplateBody, lang: Language) {
      await assertUsable(auth, body, lang);
      const [row] = await db
        .insert(ccmsTemplate)
        .values({ ...body, createBy: auth.userName })
        .returning({ templateId: ccmsTemplate.templateId });
      return { templateId: row?.templateId ?? 0 };
    },

    async update(auth: AuthContext, body: TemplateUpdate, lang: Language) {
      const existing = await rowOf(body.templateId);
      await assertUsable(auth, body, lang, body.templateId);
      const { templateId, ...fields } = body;
      await db.transaction(async (tx) => {
        // A template moved to another type stops being its old type's default.
        if (existing.template.doctypeId !== body.doctypeId)
          await tx.update(ccmsDoctype).set({ defaultTemplateId: null }).where(eq(ccmsDoctype.defaultTemplateId, templateId));
        await tx
          .update(ccmsTemplate)
          .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
          .where(eq(ccmsTemplate.templateId, templateId));
      });
    },

    /** Deleting a type's default template leaves the type without one. */
    async remove(ids: number[]) {
      for (const id of ids) await rowOf(id);
      await db.transaction(async (tx) => {
        await tx.update(ccmsDoctype).set({ defaultTemplateId: null }).where(inArray(ccmsDoctype.defaultTemplateId, ids));
        await tx.delete(ccmsTemplate).where(inArray(ccmsTemplate.templateId, ids));
      });
    },

    /** The filled text, its problems (200 even when invalid) and, for a topic or a data module without errors, its rendering. */
    async preview(auth: AuthContext, body: TemplatePreviewBody, lang: Language): Promise<TemplatePreview> {
      const doctype = await doctypeOf(body.doctypeId);
      const xml = fillTemplate(body.content, sampleValues(body.lang, auth.userName, body.title), placeholdersFor(doctype));
      const result = await checked(doctype, xml, lang, body.lang, true);
      const problems = result.problems.map(({ line, column, severity, message }) => ({ line, column, severity, message }));
      if (!result.rootOk)
        problems.unshift({ line: 1, column: 1, severity: 'error', message: translate(lang, 'template.rootMismatch', rootParams(result.rootName, doctype)) });
      return { xml, html: result.html, problems };
    },

    /** A new DITA file's text from a template: placeholders filled with the caller's values, ${lang} with the template's language (an S1000D template is refused). */
    async instantiate(templateId: number, values: Omit<TemplateValues, 'lang'>) {
      const row = await rowOf(templateId);
      if (row.template.status !== '0') throw badRequest('template.disabled', { name: row.template.templateName });
      const kind = kindOf(row);
      // New S1000D objects come from POST /ccms/s1000d/module, /pm, /dmrl-entry.
      if (kind === 's1000d') throw badRequest('template.notDita', { name: row.template.templateName });
      return {
        text: fillTemplate(row.template.content, { ...values, lang: row.template.lang }),
        kind,
        doctype: row.doctypeName,
        name: row.template.templateName,
      };
    },
  };
}

export type TemplateService = ReturnType<typeof templateService>;
