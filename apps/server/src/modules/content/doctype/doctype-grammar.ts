import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDoctype } from '../../../db/schema';
import type { GrammarRegistry } from '../grammar/grammar-registry';
import type { GrammarRules } from '../shared/dita-validation';

/**
 * The document types table deciding which saves the grammar checks: a root element named by an
 * enabled type is checked when that type validates on save with a catalogue grammar; a root no
 * type names keeps the catalogue's say. S1000D types (grammar s1000d) say nothing about DITA files:
 * a DITA file rooted <dmodule> or <pm> is judged as if no type named its root. Read per save (the table is small), so every node agrees.
 * The DTDs are the installed grammar package's for the DOCTYPE's version, else the machine's catalog.
 */
export function doctypeGrammar(db: Db, grammars: GrammarRegistry): GrammarRules {
  return {
    dtdsFor: async (doctype) => (await grammars.resolve(doctype))?.dtds,
    async checksGrammar(rootName: string) {
      const rows = await db
        .select({ validateOnSave: ccmsDoctype.validateOnSave, grammar: ccmsDoctype.grammar })
        .from(ccmsDoctype)
        .where(and(eq(ccmsDoctype.status, '0'), ne(ccmsDoctype.grammar, 's1000d'), sql`${ccmsDoctype.rootElements} @> ${JSON.stringify([rootName])}::jsonb`));
      if (rows.length === 0) return true;
      return rows.some((r) => r.validateOnSave && r.grammar === 'catalog');
    },
  };
}
