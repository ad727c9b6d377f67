import type { Language } from '@ccms/contracts/constants';
import type { TemplateBody, TemplatePreview, TemplatePreviewBody, TemplateQuery, TemplateUpdate } from '@ccms/contracts/content/template';
import { translate } from '@ccms/contracts/messages';
import { loadProject, MemorySource, renderTopicPreview } from '@ccms/dita';
import { isDitaMap } from '@ccms/dita/files';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype, ccmsTemplate } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { checkDita, errorsIn, type GrammarRules, invalid } from '../topic-editor/dita-validation';
import { doctypeById, enabledTemplates, findTemplate, listTemplates, templateNameClash } from './template.queries';
import { fillTemplate, type TemplateValues } from './template-fill';

type Doctype = NonNullable<Awaited<ReturnType<typeof doctypeById>>>;

/** A map type's files are maps; everything else is a topic. */
export const kindOf = (fileSuffix: string) => (isDitaMap(fileSuffix) ? 'map' : 'topic');

/** The type's own grammar rule, whatever other types say about the same root; its DTDs where the app finds them. */
const grammarOf = (doctype: Doctype, grammar: GrammarRules): GrammarRules => ({
  checksGrammar: async () => doctype.grammar === 'catalog',
  dtdsFor: (d) => grammar.dtdsFor(d),
});

const rootParams = (root: string, doctype: Doctype) => ({ root, type: doctype.doctypeName, roots: doctype.rootElements.join(', ') });

const today = () => new Date().toISOString().slice(0, 10);

/** Values the placeholders take when a template is checked or previewed. */
function sampleValues(lang: string, userName: string, title?: string): TemplateValues {
  const zh = lang.startsWith('zh');
  return {
    title: title || (zh ? '示例标题' : 'Sample title'),
    id: 'sample_id',
    author: userName,
    date: today(),
    lang,
    product: zh ? '示例产品' : 'Sample product',
  };
}

/** Topic and map templates: validated against their type when saved, previewed, and filled for new files. */
export function templateService(db: Db, grammar: GrammarRules) {
  async function doctypeOf(doctypeId: number) {
    const doctype = await doctypeById(db, doctypeId);
    if (!doctype) throw badRequest('doctype.notFound', { id: doctypeId });
    return doctype;
  }

  /** The filled text checked as a file of the type: well-formed, DITA structure, its grammar, a root the type names. */
  async function checked(doctype: Doctype, text: string, lang: Language) {
    const result = await checkDita(text, `template${doctype.fileSuffix}`, lang, grammarOf(doctype, grammar));
    const root = result.root?.name;
    const rootOk = root === undefined || doctype.rootElements.includes(root);
    return { ...result, rootOk, rootName: root ?? '' };
  }

  async function assertUsable(auth: AuthContext, body: TemplateBody, lang: Language, exceptId?: number) {
    const doctype = await doctypeOf(body.doctypeId);
    if (await templateNameClash(db, body.templateName, body.lang, exceptId)) throw badRequest('template.nameExists', { name: body.templateName });
    const result = await checked(doctype, fillTemplate(body.content, sampleValues(body.lang, auth.userName)), lang);
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
    kind: kindOf(row.fileSuffix),
  });

  return {
    async list(q: TemplateQuery) {
      const { rows, total } = await listTemplates(db, q);
      return { rows: rows.map(present), total };
    },
    async options(kind?: 'topic' | 'map') {
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

    /** The filled text, its problems (200 even when invalid) and, for a topic, the engine's rendering. */
    async preview(auth: AuthContext, body: TemplatePreviewBody, lang: Language): Promise<TemplatePreview> {
      const doctype = await doctypeOf(body.doctypeId);
      const xml = fillTemplate(body.content, sampleValues(body.lang, auth.userName, body.title));
      const result = await checked(doctype, xml, lang);
      const problems = result.problems.map(({ line, column, severity, message }) => ({ line, column, severity, message }));
      if (!result.rootOk)
        problems.unshift({ line: 1, column: 1, severity: 'error', message: translate(lang, 'template.rootMismatch', rootParams(result.rootName, doctype)) });
      if (!result.root || kindOf(doctype.fileSuffix) === 'map' || errorsIn(result.problems).length > 0) return { xml, html: '', problems };
      const source = new MemorySource({ 'template.dita': xml, 'preview.ditamap': '<map><topicref href="template.dita"/></map>' });
      const project = await loadProject({ source, map: 'preview.ditamap' });
      const { html } = await renderTopicPreview(project, 'template.dita');
      return { xml, html, problems };
    },

    /** A new file's text from a template: placeholders filled with the caller's values, ${lang} with the template's language. */
    async instantiate(templateId: number, values: Omit<TemplateValues, 'lang'>) {
      const row = await rowOf(templateId);
      if (row.template.status !== '0') throw badRequest('template.disabled', { name: row.template.templateName });
      return { text: fillTemplate(row.template.content, { ...values, lang: row.template.lang }), kind: kindOf(row.fileSuffix), doctype: row.doctypeName };
    },
  };
}

export type TemplateService = ReturnType<typeof templateService>;
