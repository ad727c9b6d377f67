import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from './client';

/** When the migrations made a table, and when a later one last altered it (null: never). */
export interface TableHistory {
  createTime: Date;
  updateTime: Date | null;
}

export interface Migration {
  /** drizzle's journal `when`: the time the migration was written, in milliseconds. */
  when: number;
  sql: string;
}

// Strings and comments first, so text inside them is never read as a statement.
const NOISE = /'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g;
const NAME = String.raw`(?:"?public"?\.)?("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const STATEMENT = new RegExp(
  String.raw`\b(CREATE)\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}` +
    String.raw`|\b(ALTER)\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?${NAME}(?:\s+RENAME\s+TO\s+${NAME})?` +
    String.raw`|\b(DROP)\s+TABLE\s+(?:IF\s+EXISTS\s+)?${NAME}((?:\s*,\s*${NAME})*)`,
  'gi',
);

/** A name as PostgreSQL stores it: quoted as written, unquoted folded to lower case. */
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name.toLowerCase());

/**
 * Each table the migrations leave, with the `when` of the migration that created it and of the
 * latest later one that altered it (ALTER TABLE, a rename included). ALTERs in the creating
 * migration are part of making the table, not a change; a table dropped again is left out.
 */
export function tableHistory(migrations: readonly Migration[]): Map<string, TableHistory> {
  const tables = new Map<string, { created: number; updated: number | null }>();
  for (const { when, sql } of migrations) {
    for (const m of sql.replace(NOISE, ' ').matchAll(STATEMENT)) {
      if (m[1]) {
        tables.set(unquote(m[2] as string), { created: when, updated: null });
      } else if (m[3]) {
        const name = unquote(m[4] as string);
        const known = tables.get(name);
        if (!known) continue;
        const touched = { created: known.created, updated: when > known.created ? when : known.updated };
        if (m[5]) {
          tables.delete(name);
          tables.set(unquote(m[5]), touched);
        } else tables.set(name, touched);
      } else if (m[6]) {
        const rest = [...(m[8] ?? '').matchAll(new RegExp(NAME, 'g'))].map((x) => x[1] as string);
        for (const name of [m[7] as string, ...rest]) tables.delete(unquote(name));
      }
    }
  }
  return new Map([...tables].map(([name, t]) => [name, { createTime: new Date(t.created), updateTime: t.updated === null ? null : new Date(t.updated) }]));
}

/** The migrations in the order drizzle applies them, read from the folder and its journal. */
export async function readMigrations(folder = migrationsFolder): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  return Promise.all(journal.entries.map(async (e) => ({ when: e.when, sql: await readFile(path.join(folder, `${e.tag}.sql`), 'utf8') })));
}

let cached: Promise<Map<string, TableHistory>> | undefined;

/** The schema's table history, read and parsed once per process (the migrations do not change while it runs). */
export function schemaTableHistory(): Promise<Map<string, TableHistory>> {
  if (!cached) {
    cached = readMigrations().then(tableHistory);
    // A failed read is not kept: the next call tries again.
    cached.catch(() => {
      cached = undefined;
    });
  }
  return cached;
}
