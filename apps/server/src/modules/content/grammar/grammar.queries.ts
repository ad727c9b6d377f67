import type { GrammarQuery } from '@ccms/contracts/content/grammar';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsGrammar } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { name: ccmsGrammar.name, version: ccmsGrammar.version, createTime: ccmsGrammar.createTime };

export type GrammarRow = typeof ccmsGrammar.$inferSelect;

export async function listGrammars(db: Db, q: GrammarQuery) {
  const where = contains(ccmsGrammar.name, q.name);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ccmsGrammar)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(ccmsGrammar.grammarId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsGrammar).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The installed packages that validation chooses from, the most recently installed first (the version order is the registry's). */
export const installedGrammars = (db: Db) =>
  db
    .select({
      grammarId: ccmsGrammar.grammarId,
      name: ccmsGrammar.name,
      standard: ccmsGrammar.standard,
      kind: ccmsGrammar.kind,
      version: ccmsGrammar.version,
      catalogPath: ccmsGrammar.catalogPath,
      storageKey: ccmsGrammar.storageKey,
    })
    .from(ccmsGrammar)
    .orderBy(desc(ccmsGrammar.createTime), desc(ccmsGrammar.grammarId));

export type InstalledGrammar = Awaited<ReturnType<typeof installedGrammars>>[number];

export const grammarsById = (db: Db, ids: number[]) => db.select().from(ccmsGrammar).where(inArray(ccmsGrammar.grammarId, ids));

export async function grammarNameTaken(db: Db, name: string) {
  const [row] = await db.select({ id: ccmsGrammar.grammarId }).from(ccmsGrammar).where(eq(ccmsGrammar.name, name));
  return row !== undefined;
}

export async function insertGrammar(db: Db, values: typeof ccmsGrammar.$inferInsert) {
  const [row] = await db.insert(ccmsGrammar).values(values).returning({ grammarId: ccmsGrammar.grammarId });
  return row?.grammarId ?? 0;
}

export const deleteGrammars = (db: Db, ids: number[]) => db.delete(ccmsGrammar).where(inArray(ccmsGrammar.grammarId, ids));
