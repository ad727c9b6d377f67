import {
  type ClauseApplicability,
  type ClauseBody,
  type ClauseNode,
  type ClauseQuery,
  ClauseBody as ClauseSchema,
  type ClauseUpdate,
} from '@ccms/contracts/compliance/regulation';
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { fieldLabel } from '@ccms/contracts/messages/fields';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsRegulationClause, ccmsRegulationLink } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { isUniqueViolation } from '../../../platform/db/errors';
import { badRequest, notFound } from '../../../platform/http/errors';
import { readXlsx, toXlsx } from '../../../platform/http/excel';
import { flagClauseChange, type Notify } from '../link/link-flags';
import type { RegulationService } from '../regulation/regulation.service';
import { clauseColumns } from './clause.excel';
import { allClauses, type ClauseRow, clauseByNumber, findClause, listClauses, nextOrder } from './clause.queries';
import { parseOutline } from './clause-outline';

/** New clauses per INSERT (nine columns each: well under the 65,535 parameters of a statement). */
const INSERT_BATCH = 1000;

/** A clause to write: number, title, text, parent by number. */
interface Incoming {
  number: string;
  title: string;
  text: string;
  parentNumber: string;
}

type Listed = ClauseRow & { linkCount: number; flaggedCount: number };

const present = (c: Listed) => ({
  clauseId: c.clauseId,
  regulationId: c.regulationId,
  parentId: c.parentId,
  number: c.number,
  title: c.title,
  text: c.text,
  orderNum: c.orderNum,
  level: c.level,
  notApplicable: c.notApplicable,
  justification: c.justification,
  linkCount: c.linkCount,
  flaggedCount: c.flaggedCount,
});

/** Clauses of a regulation revision: read with read level, written with write level. */
export function clauseService(db: Db, regulations: RegulationService, notify: Notify) {
  /**
   * Writes clauses (new by number, or updates of existing ones) in one transaction, in the
   * given order: parents resolve against the regulation and the earlier rows. New clauses go in
   * batches (an outline of thousands of clauses is a few statements, not one per row); their
   * parents, when new too, are set afterwards in one statement per batch. A changed text flags
   * the clause's links. Callers validated every row before.
   */
  async function upsert(regulationId: number, rows: Incoming[], by: string) {
    let added = 0;
    let updated = 0;
    const changes: { clauseId: number; before: string; after: string }[] = [];
    await db.transaction(async (tx) => {
      const existing = new Map(
        (await tx.select().from(ccmsRegulationClause).where(eq(ccmsRegulationClause.regulationId, regulationId))).map((c) => [c.number, c]),
      );
      let order = (await nextOrder(tx as unknown as Db, regulationId)) - 1;
      // Levels in file order: a parent is earlier in the file or already in the regulation.
      const levels = new Map([...existing].map(([n, c]) => [n, c.level]));
      const planned = rows.map((r) => {
        const level = r.parentNumber && levels.has(r.parentNumber) ? (levels.get(r.parentNumber) ?? 0) + 1 : 1;
        levels.set(r.number, level);
        return { r, level, old: existing.get(r.number) };
      });
      const fresh = planned.filter((p) => !p.old);
      for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
        const batch = fresh.slice(i, i + INSERT_BATCH);
        const inserted = await tx
          .insert(ccmsRegulationClause)
          .values(
            batch.map(({ r, level }) => ({
              regulationId,
              number: r.number,
              title: r.title,
              text: r.text,
              parentId: (r.parentNumber && existing.get(r.parentNumber)?.clauseId) || null,
              level,
              orderNum: ++order,
              createBy: by,
            })),
          )
          .returning();
        for (const row of inserted) existing.set(row.number, row);
        added += inserted.length;
      }
      // New clauses whose parent came in with them: one UPDATE ... FROM (VALUES ...) per batch.
      const pending = fresh
        .filter(({ r }) => r.parentNumber)
        .map(({ r }) => ({ id: existing.get(r.number)?.clauseId, parentId: existing.get(r.parentNumber)?.clauseId }))
        .filter((p): p is { id: number; parentId: number } => p.id !== undefined && p.parentId !== undefined);
      for (let i = 0; i < pending.length; i += INSERT_BATCH) {
        const values = sql.join(
          pending.slice(i, i + INSERT_BATCH).map((p) => sql`(${p.id}::int, ${p.parentId}::int)`),
          sql`, `,
        );
        await tx.execute(
          sql`UPDATE ccms_regulation_clause c SET parent_id = v.parent_id FROM (VALUES ${values}) AS v(clause_id, parent_id) WHERE c.clause_id = v.clause_id AND c.parent_id IS DISTINCT FROM v.parent_id`,
        );
      }
      for (const { r, level, old } of planned) {
        if (!old) continue;
        const parent = r.parentNumber ? existing.get(r.parentNumber) : undefined;
        const [row] = await tx
          .update(ccmsRegulationClause)
          .set({ title: r.title, text: r.text, parentId: parent?.clauseId ?? null, level, updateBy: by, updateTime: new Date() })
          .where(eq(ccmsRegulationClause.clauseId, old.clauseId))
          .returning();
        if (row) existing.set(r.number, row);
        if (old.text !== r.text) changes.push({ clauseId: old.clauseId, before: old.text, after: r.text });
        updated++;
      }
    });
    let flagged = 0;
    for (const c of changes) flagged += await flagClauseChange(db, notify, c.clauseId, c.before, c.after);
    return { added, updated, flagged };
  }

  /**
   * PGlite has no autovacuum, so nothing gathers statistics after a bulk import and the planner
   * keeps guessing for an empty table (nested loops over thousands of clauses in the matrix).
   */
  async function analyze() {
    await db.execute(sql`ANALYZE ccms_regulation_clause, ccms_regulation_link`);
  }

  /** Refuses the whole set (naming row and field) when a row is bad, repeated or has no parent. */
  async function checkRows(regulationId: number, rows: Incoming[], lang: Language, rowLabel: (i: number) => number) {
    const known = new Set((await allClauses(db, regulationId)).map((c) => c.number));
    const inFile = new Set<string>();
    rows.forEach((r, i) => {
      const parsed = ClauseSchema.safeParse({ regulationId, ...r });
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'number');
        throw badRequest('field.invalid', { field: translate(lang, 'clause.importRow', { row: rowLabel(i), field: fieldLabel(lang, field) }) });
      }
      if (inFile.has(r.number)) throw badRequest('clause.importDuplicate', { row: rowLabel(i), number: r.number });
      if (r.parentNumber && !inFile.has(r.parentNumber) && !known.has(r.parentNumber))
        throw badRequest('clause.importParent', { row: rowLabel(i), number: r.parentNumber });
      inFile.add(r.number);
    });
  }

  async function loadClause(auth: AuthContext, clauseId: number, need: 'read' | 'write') {
    const clause = await findClause(db, clauseId);
    if (!clause) throw notFound('clause.notFound', { id: clauseId });
    await regulations.forCall(auth, clause.regulationId, need);
    return clause;
  }

  return {
    async list(auth: AuthContext, q: ClauseQuery) {
      await regulations.forCall(auth, q.regulationId, 'read');
      const { rows, total } = await listClauses(db, q);
      return { rows: rows.map(present), total };
    },

    /** The clauses as a tree (parents before children, in outline order). */
    async tree(auth: AuthContext, regulationId: number): Promise<ClauseNode[]> {
      await regulations.forCall(auth, regulationId, 'read');
      const rows = (await allClauses(db, regulationId)).map((c) => ({ ...present(c), children: [] as ClauseNode[] }));
      const byId = new Map(rows.map((r) => [r.clauseId, r]));
      const roots: ClauseNode[] = [];
      for (const r of rows) {
        const parent = r.parentId ? byId.get(r.parentId) : undefined;
        (parent ? parent.children : roots).push(r);
      }
      const prune = (nodes: ClauseNode[]) => {
        for (const n of nodes) {
          if (n.children?.length) prune(n.children);
          else delete n.children;
        }
      };
      prune(roots);
      return roots;
    },

    async get(auth: AuthContext, clauseId: number) {
      return present(await loadClause(auth, clauseId, 'read'));
    },

    async create(auth: AuthContext, body: ClauseBody) {
      await regulations.forCall(auth, body.regulationId, 'write');
      if (await clauseByNumber(db, body.regulationId, body.number)) throw badRequest('clause.numberExists', { number: body.number });
      if (body.parentNumber && !(await clauseByNumber(db, body.regulationId, body.parentNumber)))
        throw badRequest('clause.parentMissing', { number: body.parentNumber });
      try {
        await upsert(body.regulationId, [body], auth.userName);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('clause.numberExists', { number: body.number });
        throw err;
      }
      const created = await clauseByNumber(db, body.regulationId, body.number);
      return { clauseId: created?.clauseId ?? 0 };
    },

    async update(auth: AuthContext, body: ClauseUpdate) {
      const clause = await loadClause(auth, body.clauseId, 'write');
      if (body.number !== clause.number && (await clauseByNumber(db, clause.regulationId, body.number)))
        throw badRequest('clause.numberExists', { number: body.number });
      let parentId: number | null = null;
      let level = 1;
      if (body.parentNumber) {
        const parent = await clauseByNumber(db, clause.regulationId, body.parentNumber);
        if (!parent) throw badRequest('clause.parentMissing', { number: body.parentNumber });
        // Walk up from the new parent: meeting the clause itself would make a cycle.
        for (let p: ClauseRow | undefined = parent; p; p = p.parentId ? await findClause(db, p.parentId) : undefined)
          if (p.clauseId === clause.clauseId) throw badRequest('clause.parentCycle');
        parentId = parent.clauseId;
        level = parent.level + 1;
      }
      await db
        .update(ccmsRegulationClause)
        .set({ number: body.number, title: body.title, text: body.text, parentId, level, updateBy: auth.userName, updateTime: new Date() })
        .where(eq(ccmsRegulationClause.clauseId, clause.clauseId));
      return { flagged: await flagClauseChange(db, notify, clause.clauseId, clause.text, body.text) };
    },

    async applicability(auth: AuthContext, body: ClauseApplicability) {
      await loadClause(auth, body.clauseId, 'write');
      await db
        .update(ccmsRegulationClause)
        .set({
          notApplicable: body.notApplicable,
          justification: body.notApplicable ? body.justification : '',
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(eq(ccmsRegulationClause.clauseId, body.clauseId));
    },

    async remove(auth: AuthContext, ids: number[]) {
      const rows = await db.select().from(ccmsRegulationClause).where(inArray(ccmsRegulationClause.clauseId, ids));
      if (rows.length !== ids.length) throw notFound('clause.notFound', { id: ids.find((id) => !rows.some((r) => r.clauseId === id)) ?? 0 });
      for (const regulationId of new Set(rows.map((r) => r.regulationId))) await regulations.forCall(auth, regulationId, 'write');
      const [linked] = await db
        .select({ clauseId: ccmsRegulationLink.clauseId })
        .from(ccmsRegulationLink)
        .where(inArray(ccmsRegulationLink.clauseId, ids))
        .limit(1);
      if (linked) throw badRequest('clause.hasLinks', { number: rows.find((r) => r.clauseId === linked.clauseId)?.number ?? '' });
      const children = await db.select({ id: ccmsRegulationClause.clauseId }).from(ccmsRegulationClause).where(inArray(ccmsRegulationClause.parentId, ids));
      const orphans = children.filter((c) => !ids.includes(c.id)).map((c) => c.id);
      if (orphans.length) await db.update(ccmsRegulationClause).set({ parentId: null, level: 1 }).where(inArray(ccmsRegulationClause.clauseId, orphans));
      await db.delete(ccmsRegulationClause).where(inArray(ccmsRegulationClause.clauseId, ids));
    },

    template: (lang: Language) => toXlsx(translate(lang, 'clause.excel.sheet'), clauseColumns, [], lang),

    /** Imports an .xlsx (the template's columns): every row checked first; one bad row and nothing is written. */
    async importExcel(auth: AuthContext, regulationId: number, file: { filename: string; buffer: Buffer }, lang: Language) {
      await regulations.forCall(auth, regulationId, 'write');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('product.needsExcel');
      let records: Awaited<ReturnType<typeof readXlsx<Incoming>>>;
      try {
        records = await readXlsx(file.buffer, clauseColumns);
      } catch {
        throw badRequest('product.needsExcel');
      }
      if (records.length === 0) throw badRequest('clause.importEmpty');
      const rows = records.map((r) => ({ number: r.number ?? '', title: r.title ?? '', text: r.text ?? '', parentNumber: r.parentNumber ?? '' }));
      await checkRows(regulationId, rows, lang, (i) => i + 2);
      const result = await upsert(regulationId, rows, auth.userName);
      await analyze();
      return result;
    },

    /** Imports a text outline: the numbering gives the hierarchy. */
    async importOutline(auth: AuthContext, regulationId: number, outline: string, lang: Language) {
      await regulations.forCall(auth, regulationId, 'write');
      const known = new Set((await allClauses(db, regulationId)).map((c) => c.number));
      const { clauses, badLine } = parseOutline(outline, known);
      if (badLine) throw badRequest('clause.outlineLine', { line: badLine });
      if (clauses.length === 0) throw badRequest('clause.importEmpty');
      await checkRows(regulationId, clauses, lang, (i) => clauses[i]?.line ?? i + 1);
      const result = await upsert(regulationId, clauses, auth.userName);
      await analyze();
      return result;
    },
  };
}

export type ClauseService = ReturnType<typeof clauseService>;
