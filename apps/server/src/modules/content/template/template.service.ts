import type { Language } from '@ccms/contracts/constants';
import type { EditorProblem } from '@ccms/contracts/content/problem';
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
import { loadProject, MemorySource, renderTopicPreview } from '@ccms/dita';
import { isDitaMap } from '@ccms/dita/files';
import { describeFile, publishTexts, renderModule, TEMPLATE_SCHEMAS } from '@ccms/s1000d';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype, ccmsTemplate } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { checkS1000dObject } from '../catalog/s1000d-rows';
import type { S1000dGrammar } from '../grammar/grammar-package';
import { checkDita, errorsIn, type GrammarRules, invalid } from '../shared/dita-validation';
import { doctypeById, enabledTemplates, findTemplate, listTemplates, templateNameClash } from './template.queries';
import { fillTemplate, type TemplateValues } from './template-fill';

type Doctype = NonNullable<Awaited<ReturnType<typeof doctypeById>>>;

/** An S1000D type's files are S1000D objects; a DITA map type's files are maps; everything else is a topic. */
export const kindOf = (doctype: { fileSuffix: string; grammar: string }): TemplateKind =>
  doctype.grammar === 's1000d' ? 's1000d' : isDitaMap(doctype.fileSuffix) ? 'map' : 'topic';

/** The placeholders a type's templates may use. */
const placeholdersFor = (doctype: { grammar: string }) => (doctype.grammar === 's1000d' ? S1000D_TEMPLATE_PLACEHOLDERS : TEMPLATE_PLACEHOLDERS);

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
 * An S1000D template's filled text checked as a new object: the installed S1000D schema package of
 * the issue it names and the default BREX chain its brexDmRef names; the schema it names must be
 * its type's (for a type named by a schema). Refused when no S1000D schema package is installed.
 */
async function checkedS1000d(doctype: Doctype, text: string, lang: Language, s1000d: (() => Promise<S1000dGrammar>) | undefined) {
  const g = s1000d ? await s1000d() : undefined;
  if (!g || g.packages.length === 0) throw badRequest('template.s1000dNoSchema');
  const problems: EditorProblem[] = checkS1000dObject(text, 'template.xml', new Map(), g).map((p) => ({
    line: p.line,
    column: p.column,
    severity: p.severity === 'error' ? 'error' : 'warning',
    code: p.code,
    message: lang === 'en' ? p.messages.en : p.messages.zh,
  }));
  const object = describeFile('template.xml', text);
  const schema = object.schema ?? '';
  if (object.root && (TEMPLATE_SCHEMAS as readonly string[]).includes(doctype.doctypeName) && schema !== doctype.doctypeName)
    problems.unshift({
      line: 1,
      column: 1,
      severity: 'error',
      code: 'template.schemaMismatch',
      message: translate(lang, 'template.schemaMismatch', { schema: schema || '-', type: doctype.doctypeName }),
    });
  return { problems, root: object.root, object };
}

/** Topic and map templates: validated against their type when saved, previewed, and filled for new files. */
export function templateService(db: Db, grammar: GrammarRules, s1000d?: () => Promise<S1000dGrammar>) {
  async function doctypeOf(doctypeId: number) {
    const doctype = await doctypeById(db, doctypeId);
    if (!doctype) throw badRequest('doctype.notFound', { id: doctypeId });
    return doctype;
  }

  /** The filled text checked as a file of the type: well-formed, DITA structure, its grammar, a root the type names. */
  async function checked(doctype: Doctype, text: string, lang: Language) {
    if (doctype.grammar === 's1000d') {
      const result = await checkedS1000d(doctype, text, lang, s1000d);
      const rootOk = result.root === undefined || doctype.rootElements.includes(result.root);
      return { problems: result.problems, rootOk, rootName: result.root ?? '', s1000d: result.object };
    }
    const result = await checkDita(text, `template${doctype.fileSuffix}`, lang, grammarOf(doctype, grammar));
    const root = result.root?.name;
    const rootOk = root === undefined || doctype.rootElements.includes(root);
    return { ...result, rootOk, rootName: root ?? '' };
  }

  async function assertUsable(auth: AuthContext, body: TemplateBody, lang: Language, exceptId?: number) {
    const doctype = await doctypeOf(body.doctypeId);
    if (await templateNameClash(db, body.templateName, body.lang, exceptId)) throw badRequest('template.nameExists', { name: body.templateName });
    const result = await checked(doctype, fillTemplate(body.content, sampleValues(body.lang, auth.userName), placeholdersFor(doctype)), lang);
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

    /** The filled text, its problems (200 even when invalid) and, for a topic, the engine's rendering. */
    async preview(auth: AuthContext, body: TemplatePreviewBody, lang: Language): Promise<TemplatePreview> {
      const doctype = await doctypeOf(body.doctypeId);
      const xml = fillTemplate(body.content, sampleValues(body.lang, auth.userName, body.title), placeholdersFor(doctype));
      const result = await checked(doctype, xml, lang);
      const problems = result.problems.map(({ line, column, severity, message }) => ({ line, column, severity, message }));
      if (!result.rootOk)
        problems.unshift({ line: 1, column: 1, severity: 'error', message: translate(lang, 'template.rootMismatch', rootParams(result.rootName, doctype)) });
      const object = 's1000d' in result ? result.s1000d : undefined;
      if (object) {
        // A data module renders as a publication shows it; a PM or a DML has no page of its own.
        const root = object.xml?.root;
        if (root?.name !== 'dmodule' || errorsIn(result.problems).length > 0) return { xml, html: '', problems };
        const context = { texts: publishTexts(body.lang), pageOf: () => undefined, graphic: () => undefined, idPrefix: '' };
        return { xml, html: renderModule(context, object, root).html, problems };
      }
      if ('s1000d' in result || !result.root || kindOf(doctype) === 'map' || errorsIn(result.problems).length > 0) return { xml, html: '', problems };
      const source = new MemorySource({ 'template.dita': xml, 'preview.ditamap': '<map><topicref href="template.dita"/></map>' });
      const project = await loadProject({ source, map: 'preview.ditamap' });
      const { html } = await renderTopicPreview(project, 'template.dita');
      return { xml, html, problems };
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
