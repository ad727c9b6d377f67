import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';

/**
 * Templates (System Manager → Template): topic and map XML per document type with placeholders
 * that new files fill in. A template is validated against its type when saved.
 */
export const TemplatePerm = {
  list: 'ccms:template:list',
  query: 'ccms:template:query',
  add: 'ccms:template:add',
  edit: 'ccms:template:edit',
  remove: 'ccms:template:remove',
} as const;

/** Placeholders a template may use; anything else in `${...}` is refused. */
export const TEMPLATE_PLACEHOLDERS = ['title', 'id', 'author', 'date', 'lang', 'product'] as const;
/**
 * An S1000D template's placeholders: those above and the parts of the date, the language and the
 * enterprise code that S1000D writes as separate attributes. New modules also get their whole ident
 * (code, language, issue 000-01, title, date, enterprise, BREX) from the DMC builder.
 */
export const S1000D_TEMPLATE_PLACEHOLDERS = [...TEMPLATE_PLACEHOLDERS, 'year', 'month', 'day', 'languageIsoCode', 'countryIsoCode', 'enterpriseCode'] as const;
export type TemplatePlaceholder = (typeof S1000D_TEMPLATE_PLACEHOLDERS)[number];

/** What a file from a template is: a DITA topic or map, or an S1000D object (data module, PM, DML). */
export const TEMPLATE_KINDS = ['topic', 'map', 's1000d'] as const;
export const TemplateKind = z.enum(TEMPLATE_KINDS);
export type TemplateKind = z.infer<typeof TemplateKind>;

/** Content languages a template is written in. */
export const TEMPLATE_LANGS = ['zh-CN', 'en-US'] as const;
export const TemplateLang = z.enum(TEMPLATE_LANGS);

/** Largest template text. */
export const TEMPLATE_MAX_CHARS = 200_000;

export const TemplateBody = z.object({
  templateName: z.string().trim().min(1).max(100),
  doctypeId: z.number().int().positive().describe('id of a document type (GET /ccms/doctype/optionselect)'),
  lang: TemplateLang.default('zh-CN').describe('language of the template text (xml:lang of new files)'),
  content: z
    .string()
    .min(1)
    .max(TEMPLATE_MAX_CHARS)
    .describe(`XML with placeholders ${TEMPLATE_PLACEHOLDERS.map((n) => `$\{${n}}`).join(' ')}`),
  status: Status01.default('0'),
  remark: z.string().trim().max(500).default(''),
});
export type TemplateBody = z.infer<typeof TemplateBody>;
export const TemplateUpdate = TemplateBody.extend({ templateId: z.number().int().positive().describe('id of a template (GET /ccms/template/list)') });
export type TemplateUpdate = z.infer<typeof TemplateUpdate>;

export const Template = z.object({
  templateId: z.number(),
  templateName: z.string(),
  doctypeId: z.number(),
  doctypeName: z.string(),
  /** `topic`, `map` or `s1000d`: what a file from this template is. */
  kind: z.string(),
  lang: z.string(),
  content: z.string(),
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateTime: DateTime,
});
export type Template = z.infer<typeof Template>;

export const TemplateQuery = PageQuery.extend({
  templateName: z.string().trim().max(100).optional().describe('part of the name'),
  doctypeId: z.coerce.number().int().positive().optional().describe('id of a document type (GET /ccms/doctype/optionselect)'),
  lang: TemplateLang.optional(),
  status: Status01.optional(),
});
export type TemplateQuery = z.infer<typeof TemplateQuery>;

export const TemplateOption = z.object({ templateId: z.number(), templateName: z.string(), doctypeName: z.string(), kind: z.string(), lang: z.string() });
export type TemplateOption = z.infer<typeof TemplateOption>;
export const TemplateOptionQuery = z.object({
  kind: TemplateKind.optional().describe('only topic, only map or only S1000D templates (an S1000D one names its schema as doctypeName)'),
});

/** Values the placeholders take in a preview (each has a sensible default). An S1000D preview's html is the rendered module. */
export const TemplatePreviewBody = z.object({
  doctypeId: z.number().int().positive().describe('id of a document type (GET /ccms/doctype/optionselect)'),
  lang: TemplateLang.default('zh-CN'),
  content: z.string().min(1).max(TEMPLATE_MAX_CHARS),
  title: z.string().trim().max(500).optional(),
});
export type TemplatePreviewBody = z.infer<typeof TemplatePreviewBody>;

/** A located problem of a template after its placeholders are filled. */
export const TemplateProblem = z.object({ line: z.number(), column: z.number(), severity: z.string(), message: z.string() });
export const TemplatePreview = z.object({ xml: z.string(), html: z.string(), problems: z.array(TemplateProblem) });
export type TemplatePreview = z.infer<typeof TemplatePreview>;

const tag = 'content/template';

/** The templates API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TemplateApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/template/list',
    access: { permission: TemplatePerm.list },
    summary: 'List templates by page',
    tag,
    query: TemplateQuery,
    response: rowsOf(Template),
  }),
  options: endpoint({
    method: 'GET',
    url: '/ccms/template/optionselect',
    access: { authenticated: true },
    summary: 'List the enabled templates, for new topics, maps and S1000D objects',
    tag,
    query: TemplateOptionQuery,
    response: okOf(z.array(TemplateOption)),
  }),
  preview: endpoint({
    method: 'POST',
    url: '/ccms/template/preview',
    access: { permission: [TemplatePerm.add, TemplatePerm.edit] },
    summary: 'Fill a template with sample values, check it against its type and render it',
    tag,
    body: TemplatePreviewBody,
    response: okOf(TemplatePreview),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/template/:id',
    access: { permission: TemplatePerm.query },
    summary: 'Get a template',
    tag,
    params: IdParam,
    response: okOf(Template),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/template',
    access: { permission: TemplatePerm.add },
    summary: 'Create a template (validated against its type)',
    tag,
    body: TemplateBody,
    response: okOf(z.object({ templateId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/template',
    access: { permission: TemplatePerm.edit },
    summary: 'Update a template (validated against its type)',
    tag,
    body: TemplateUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/template/:ids',
    access: { permission: TemplatePerm.remove },
    summary: 'Delete templates',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
