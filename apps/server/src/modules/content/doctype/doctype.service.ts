import type { DoctypeBody, DoctypeQuery, DoctypeUpdate } from '@ccms/contracts/content/doctype';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype, ccmsTemplate } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { S1000dGrammar } from '../grammar/grammar-package';
import type { GrammarRegistry, GrammarSnapshot } from '../grammar/grammar-registry';
import { doctypeNameClash, doctypeOptions, findDoctype, listDoctypes, templatesOfDoctype } from './doctype.queries';

type Row = NonNullable<Awaited<ReturnType<typeof findDoctype>>>;

/** Document types: CRUD with the checks that keep the table usable by validation and new files. */
export function doctypeService(db: Db, grammars: GrammarRegistry) {
  /** The type with the grammar that validates it: the DITA version, and the installed package or the machine's catalog it comes from. */
  async function present({ doctype, defaultTemplateName }: Row, snapshot: GrammarSnapshot, s1000d: S1000dGrammar) {
    const ids = { rootName: doctype.rootElements[0] ?? '', publicId: doctype.publicId, systemId: doctype.systemId };
    const none = { found: false, grammarVersion: null, grammarSource: null, grammarPackage: null };
    // An S1000D type's grammar is there when an S1000D schema package is: its issues as the version.
    const schemas = {
      found: s1000d.issues.length > 0,
      grammarVersion: s1000d.issues.join(', ') || null,
      grammarSource: s1000d.issues.length > 0 ? ('package' as const) : null,
      grammarPackage: null,
    };
    const { found, ...resolution } = doctype.grammar === 'catalog' ? await grammars.describe(snapshot, ids) : doctype.grammar === 's1000d' ? schemas : none;
    return { ...doctype, ...resolution, grammarFound: found, defaultTemplateName };
  }

  async function rowOf(doctypeId: number) {
    const row = await findDoctype(db, doctypeId);
    if (!row) throw notFound('doctype.notFound', { id: doctypeId });
    return row;
  }

  /** The checks shared by create and update; `doctypeId` is absent on create. */
  async function check(body: DoctypeBody, doctypeId?: number) {
    if (await doctypeNameClash(db, body.doctypeName, doctypeId)) throw badRequest('doctype.nameExists', { name: body.doctypeName });
    if (new Set(body.rootElements).size !== body.rootElements.length) throw badRequest('doctype.rootTwice');
    if (body.grammar === 'catalog' && !body.publicId && !body.systemId) throw badRequest('doctype.grammarIds');
    if (body.defaultTemplateId !== null) {
      const [t] = await db.select({ doctypeId: ccmsTemplate.doctypeId }).from(ccmsTemplate).where(eq(ccmsTemplate.templateId, body.defaultTemplateId));
      if (!t) throw badRequest('template.notFound', { id: body.defaultTemplateId });
      if (doctypeId === undefined || t.doctypeId !== doctypeId) throw badRequest('doctype.templateOfOther');
    }
  }

  return {
    async list(q: DoctypeQuery) {
      const [{ rows, total }, snapshot, s1000d] = await Promise.all([listDoctypes(db, q), grammars.snapshot(), grammars.s1000d()]);
      return { rows: await Promise.all(rows.map((r) => present(r, snapshot, s1000d))), total };
    },
    options: () => doctypeOptions(db),
    get: async (doctypeId: number) => present(await rowOf(doctypeId), await grammars.snapshot(), await grammars.s1000d()),

    async create(auth: AuthContext, body: DoctypeBody) {
      await check(body);
      const [row] = await db
        .insert(ccmsDoctype)
        .values({ ...body, createBy: auth.userName })
        .returning({ doctypeId: ccmsDoctype.doctypeId });
      return { doctypeId: row?.doctypeId ?? 0 };
    },

    async update(auth: AuthContext, body: DoctypeUpdate) {
      await rowOf(body.doctypeId);
      await check(body, body.doctypeId);
      const { doctypeId, ...fields } = body;
      await db
        .update(ccmsDoctype)
        .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsDoctype.doctypeId, doctypeId));
    },

    /** Refused while templates belong to a type (delete or move them first). */
    async remove(ids: number[]) {
      for (const id of ids) {
        const row = await rowOf(id);
        const n = await templatesOfDoctype(db, id);
        if (n > 0) throw badRequest('doctype.hasTemplates', { name: row.doctype.doctypeName, count: n });
      }
      await db.delete(ccmsDoctype).where(inArray(ccmsDoctype.doctypeId, ids));
    },
  };
}
