import { schemaTemplateText, TEMPLATE_SCHEMAS, type TemplateSchema } from '@ccms/s1000d';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { ccmsDefaultEditor, ccmsDoctype, ccmsTemplate } from '../schema';
import { seedXmlProfiles } from './xml-profile';

/** The DITA 1.3 types the engine knows, with the DOCTYPE identifiers of the OASIS catalogue. */
export const SEED_DOCTYPES = [
  { doctypeName: 'topic', rootElements: ['topic'], publicId: '-//OASIS//DTD DITA Topic//EN', systemId: 'topic.dtd', fileSuffix: '.dita', editor: 'topic' },
  {
    doctypeName: 'concept',
    rootElements: ['concept'],
    publicId: '-//OASIS//DTD DITA Concept//EN',
    systemId: 'concept.dtd',
    fileSuffix: '.dita',
    editor: 'topic',
  },
  { doctypeName: 'task', rootElements: ['task'], publicId: '-//OASIS//DTD DITA Task//EN', systemId: 'task.dtd', fileSuffix: '.dita', editor: 'topic' },
  {
    doctypeName: 'reference',
    rootElements: ['reference'],
    publicId: '-//OASIS//DTD DITA Reference//EN',
    systemId: 'reference.dtd',
    fileSuffix: '.dita',
    editor: 'topic',
  },
  {
    doctypeName: 'glossentry',
    rootElements: ['glossentry'],
    publicId: '-//OASIS//DTD DITA Glossary Entry//EN',
    systemId: 'glossentry.dtd',
    fileSuffix: '.dita',
    editor: 'topic',
  },
  {
    doctypeName: 'troubleshooting',
    rootElements: ['troubleshooting'],
    publicId: '-//OASIS//DTD DITA 1.3 Troubleshooting//EN',
    systemId: 'troubleshooting.dtd',
    fileSuffix: '.dita',
    editor: 'topic',
  },
  { doctypeName: 'map', rootElements: ['map'], publicId: '-//OASIS//DTD DITA Map//EN', systemId: 'map.dtd', fileSuffix: '.ditamap', editor: 'map' },
  {
    doctypeName: 'bookmap',
    rootElements: ['bookmap'],
    publicId: '-//OASIS//DTD DITA BookMap//EN',
    systemId: 'bookmap.dtd',
    fileSuffix: '.ditamap',
    editor: 'map',
  },
  {
    doctypeName: 'subjectScheme',
    rootElements: ['subjectScheme'],
    publicId: '-//OASIS//DTD DITA Subject Scheme Map//EN',
    systemId: 'subjectScheme.dtd',
    fileSuffix: '.ditamap',
    editor: 'source',
  },
] as const;

const doctypeLine = (root: string, publicId: string, systemId: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ${root} PUBLIC "${publicId}" "${systemId}">\n`;
const head = (type: (typeof SEED_DOCTYPES)[number]['doctypeName']) => {
  const t = SEED_DOCTYPES.find((d) => d.doctypeName === type) as (typeof SEED_DOCTYPES)[number];
  return doctypeLine(t.doctypeName, t.publicId, t.systemId);
};
/** A placeholder as templates write it: ${name}. */
const ph = (name: string) => `$\{${name}}`;
const prolog = `  <prolog>\n    <author>${ph('author')}</author>\n    <critdates><created date="${ph('date')}"/></critdates>\n    <metadata><prodinfo><prodname>${ph('product')}</prodname><vrmlist><vrm version="1.0"/></vrmlist></prodinfo></metadata>\n  </prolog>\n`;

/** Words of the seeded templates in each language. */
const WORDS = {
  'zh-CN': {
    concept: ['概念', '用一两句话说明这个概念是什么、为什么重要。', '在这里展开说明。'],
    task: [
      '任务（含前提和步骤）',
      '用一句话说明这个任务完成什么。',
      '开始之前需要准备的条件。',
      '执行第一步。',
      '执行第二步。',
      '这一步之后看到的结果。',
      '完成后的状态。',
    ],
    reference: ['参考（属性表）', '这个参考主题列出的内容。', '属性', '值', '说明', '名称', '示例值', '这一项的含义。'],
    troubleshooting: ['故障排除', '现象、原因和处理办法。', '出现的现象。', '可能的原因。', '执行处理步骤。'],
    glossentry: ['词汇表条目', '术语的定义。'],
    bookmap: ['书籍骨架', '第一章', '附录'],
  },
  'en-US': {
    concept: ['Concept', 'Say in a sentence or two what this concept is and why it matters.', 'Explain it here.'],
    task: [
      'Task with prerequisites and steps',
      'Say in a sentence what this task achieves.',
      'What must be ready before you start.',
      'Do the first step.',
      'Do the second step.',
      'What you see after this step.',
      'The state when you are done.',
    ],
    reference: [
      'Reference with a properties table',
      'What this reference lists.',
      'Property',
      'Value',
      'Description',
      'Name',
      'Example value',
      'What this item means.',
    ],
    troubleshooting: ['Troubleshooting', 'Symptom, cause and remedy.', 'What happens.', 'Why it may happen.', 'Do the remedy step.'],
    glossentry: ['Glossary entry', 'The definition of the term.'],
    bookmap: ['Book skeleton', 'First chapter', 'Appendix'],
  },
} as const;

/** The seeded templates of one language: a concept, a task, a reference, troubleshooting, a glossary entry, a bookmap. */
export function seedTemplates(lang: keyof typeof WORDS) {
  const w = WORDS[lang];
  const open = (root: string) => `<${root} id="\${id}" xml:lang="\${lang}">\n  <title>\${title}</title>\n`;
  return [
    {
      doctypeName: 'concept',
      templateName: w.concept[0],
      content: `${head('concept')}${open('concept')}  <shortdesc>${w.concept[1]}</shortdesc>\n${prolog}  <conbody>\n    <p>${w.concept[2]}</p>\n  </conbody>\n</concept>\n`,
    },
    {
      doctypeName: 'task',
      templateName: w.task[0],
      content: `${head('task')}${open('task')}  <shortdesc>${w.task[1]}</shortdesc>\n${prolog}  <taskbody>\n    <prereq><p>${w.task[2]}</p></prereq>\n    <steps>\n      <step>\n        <cmd>${w.task[3]}</cmd>\n      </step>\n      <step>\n        <cmd>${w.task[4]}</cmd>\n        <stepresult><p>${w.task[5]}</p></stepresult>\n      </step>\n    </steps>\n    <result><p>${w.task[6]}</p></result>\n  </taskbody>\n</task>\n`,
    },
    {
      doctypeName: 'reference',
      templateName: w.reference[0],
      content: `${head('reference')}${open('reference')}  <shortdesc>${w.reference[1]}</shortdesc>\n${prolog}  <refbody>\n    <properties>\n      <prophead>\n        <proptypehd>${w.reference[2]}</proptypehd>\n        <propvaluehd>${w.reference[3]}</propvaluehd>\n        <propdeschd>${w.reference[4]}</propdeschd>\n      </prophead>\n      <property>\n        <proptype>${w.reference[5]}</proptype>\n        <propvalue>${w.reference[6]}</propvalue>\n        <propdesc>${w.reference[7]}</propdesc>\n      </property>\n    </properties>\n  </refbody>\n</reference>\n`,
    },
    {
      doctypeName: 'troubleshooting',
      templateName: w.troubleshooting[0],
      content: `${head('troubleshooting')}${open('troubleshooting')}  <shortdesc>${w.troubleshooting[1]}</shortdesc>\n${prolog}  <troublebody>\n    <condition>\n      <p>${w.troubleshooting[2]}</p>\n    </condition>\n    <troubleSolution>\n      <cause>\n        <p>${w.troubleshooting[3]}</p>\n      </cause>\n      <remedy>\n        <steps>\n          <step>\n            <cmd>${w.troubleshooting[4]}</cmd>\n          </step>\n        </steps>\n      </remedy>\n    </troubleSolution>\n  </troublebody>\n</troubleshooting>\n`,
    },
    {
      doctypeName: 'glossentry',
      templateName: w.glossentry[0],
      content: `${head('glossentry')}<glossentry id="\${id}" xml:lang="\${lang}">\n  <glossterm>\${title}</glossterm>\n  <glossdef>${w.glossentry[1]}</glossdef>\n</glossentry>\n`,
    },
    {
      doctypeName: 'bookmap',
      templateName: w.bookmap[0],
      content: `${head('bookmap')}<bookmap id="\${id}" xml:lang="\${lang}">\n  <booktitle>\n    <mainbooktitle>\${title}</mainbooktitle>\n  </booktitle>\n  <bookmeta>\n    <author>\${author}</author>\n    <metadata><prodinfo><prodname>\${product}</prodname><vrmlist><vrm version="1.0"/></vrmlist></prodinfo></metadata>\n  </bookmeta>\n  <frontmatter>\n    <booklists>\n      <toc/>\n    </booklists>\n  </frontmatter>\n  <chapter navtitle="${w.bookmap[1]}"/>\n  <appendix navtitle="${w.bookmap[2]}"/>\n  <backmatter>\n    <booklists>\n      <indexlist/>\n    </booklists>\n  </backmatter>\n</bookmap>\n`,
    },
  ];
}

/** The S1000D schemas a new object is made from, each a document type (grammar s1000d) of its root element. */
const S1000D_SCHEMA_WORDS: Record<TemplateSchema, { root: string; zh: string; en: string }> = {
  proced: { root: 'dmodule', zh: '程序', en: 'Procedure' },
  descript: { root: 'dmodule', zh: '描述', en: 'Description' },
  fault: { root: 'dmodule', zh: '故障信息', en: 'Fault information' },
  ipd: { root: 'dmodule', zh: '图解零件数据', en: 'Illustrated parts data' },
  crew: { root: 'dmodule', zh: '机组/操作员信息', en: 'Crew/Operator information' },
  pm: { root: 'pm', zh: '出版物模块', en: 'Publication module' },
  dml: { root: 'dml', zh: '数据模块需求清单', en: 'Data module requirement list' },
};

/** S1000D types: one per schema, the PM's opening in the map editor. */
export const SEED_S1000D_DOCTYPES = TEMPLATE_SCHEMAS.map((schema) => ({
  doctypeName: schema,
  rootElements: [S1000D_SCHEMA_WORDS[schema].root],
  publicId: '',
  systemId: '',
  fileSuffix: '.xml',
  grammar: 's1000d',
  editor: schema === 'pm' ? 'map' : 'topic',
  remark: `S1000D ${schema}.xsd (${S1000D_SCHEMA_WORDS[schema].en})`,
}));

/**
 * The S1000D templates: each schema's new object from the S1000D engine's generator, with its
 * placeholders (one source of truth with the built-in template). One per schema, in English as
 * their words are: a new module's language comes from the DMC builder.
 */
export function seedS1000dTemplates() {
  return TEMPLATE_SCHEMAS.map((schema) => ({
    doctypeName: schema,
    templateName: `S1000D ${schema}: ${S1000D_SCHEMA_WORDS[schema].en}`,
    lang: 'en-US' as const,
    content: schemaTemplateText(schema),
  }));
}

/**
 * The S1000D types and their templates (each its type's default), inserted while no S1000D type
 * exists: on the first start and on the first start after the upgrade that added them. A name an
 * administrator already gave a type or template is left alone.
 */
export async function seedS1000dAuthoring(db: Db | Tx) {
  const [row] = await db.select({ n: count() }).from(ccmsDoctype).where(eq(ccmsDoctype.grammar, 's1000d'));
  if ((row?.n ?? 0) > 0) return;
  const taken = new Set((await db.select({ name: ccmsDoctype.doctypeName }).from(ccmsDoctype)).map((d) => d.name));
  const fresh = SEED_S1000D_DOCTYPES.filter((d) => !taken.has(d.doctypeName));
  if (fresh.length === 0) return;
  const doctypes = await db
    .insert(ccmsDoctype)
    .values(fresh.map((d) => ({ ...d, createBy: 'admin' })))
    .returning({ doctypeId: ccmsDoctype.doctypeId, doctypeName: ccmsDoctype.doctypeName });
  const names = new Set((await db.select({ name: ccmsTemplate.templateName, lang: ccmsTemplate.lang }).from(ccmsTemplate)).map((t) => `${t.lang}/${t.name}`));
  for (const t of seedS1000dTemplates()) {
    const doctype = doctypes.find((d) => d.doctypeName === t.doctypeName);
    if (!doctype || names.has(`${t.lang}/${t.templateName}`)) continue;
    const [made] = await db
      .insert(ccmsTemplate)
      .values({ templateName: t.templateName, doctypeId: doctype.doctypeId, lang: t.lang, content: t.content, createBy: 'admin' })
      .returning({ templateId: ccmsTemplate.templateId });
    if (made) await db.update(ccmsDoctype).set({ defaultTemplateId: made.templateId }).where(eq(ccmsDoctype.doctypeId, doctype.doctypeId));
  }
}

/** What each suffix opens in, unless the administrator changes it. */
export const SEED_DEFAULT_EDITORS = [
  { suffix: '.dita', open: 'topic' },
  { suffix: '.xml', open: 'topic' },
  { suffix: '.ditamap', open: 'map' },
  { suffix: '.bookmap', open: 'map' },
  { suffix: '.ditaval', open: 'source' },
  { suffix: '.svg', open: 'view' },
];

/**
 * Document types, templates (zh and en) and default editors, inserted when the doctype table is
 * empty: on the first start and on the first start after the upgrade that added them; then the
 * S1000D types and templates (seedS1000dAuthoring).
 */
export async function seedAuthoring(db: Db | Tx) {
  await seedDitaAuthoring(db);
  await seedS1000dAuthoring(db);
  await seedXmlProfiles(db);
}

async function seedDitaAuthoring(db: Db | Tx) {
  const [row] = await db.select({ n: count() }).from(ccmsDoctype);
  if ((row?.n ?? 0) > 0) return;
  const doctypes = await db
    .insert(ccmsDoctype)
    .values(SEED_DOCTYPES.map((d) => ({ ...d, rootElements: [...d.rootElements], createBy: 'admin' })))
    .returning({ doctypeId: ccmsDoctype.doctypeId, doctypeName: ccmsDoctype.doctypeName });
  const idOf = (name: string) => doctypes.find((d) => d.doctypeName === name)?.doctypeId ?? 0;
  for (const lang of ['zh-CN', 'en-US'] as const) {
    const templates = await db
      .insert(ccmsTemplate)
      .values(seedTemplates(lang).map((t) => ({ templateName: t.templateName, doctypeId: idOf(t.doctypeName), lang, content: t.content, createBy: 'admin' })))
      .returning({ templateId: ccmsTemplate.templateId, doctypeId: ccmsTemplate.doctypeId });
    // The Chinese templates are the types' defaults (zh is the product's default language).
    if (lang === 'zh-CN')
      for (const t of templates) {
        await db.update(ccmsDoctype).set({ defaultTemplateId: t.templateId }).where(eq(ccmsDoctype.doctypeId, t.doctypeId));
      }
  }
  await db
    .insert(ccmsDefaultEditor)
    .values(SEED_DEFAULT_EDITORS.map((e) => ({ ...e, updateBy: 'admin' })))
    .onConflictDoNothing();
}
