import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';
import { readMigrations, schemaTableHistory, tableHistory } from './migration-history';

const at = (when: number) => new Date(when);

describe('tableHistory', () => {
  it('dates a table by the migration creating it and the latest later one altering it', () => {
    const history = tableHistory([
      {
        when: 100,
        sql: 'CREATE TABLE "a" ("id" integer);--> statement-breakpoint\nCREATE TABLE IF NOT EXISTS b (id int);\nALTER TABLE "a" ADD CONSTRAINT "fk" FOREIGN KEY ("id") REFERENCES "b"("id");',
      },
      { when: 200, sql: 'ALTER TABLE "a" ADD COLUMN "x" text;\nCREATE INDEX "b_idx" ON "b" USING btree ("id");' },
      { when: 300, sql: 'ALTER TABLE ONLY "public"."a" DROP COLUMN "x";' },
    ]);
    // The ALTER in the creating migration is part of making the table; an index is no ALTER.
    expect(history.get('a')).toEqual({ createTime: at(100), updateTime: at(300) });
    expect(history.get('b')).toEqual({ createTime: at(100), updateTime: null });
  });

  it('follows renames and drops, and reads no statement inside strings or comments', () => {
    const history = tableHistory([
      { when: 100, sql: 'CREATE TABLE "old" (id int); CREATE TABLE "gone" (id int); CREATE TABLE "Mixed" (id int); CREATE TABLE Folded (id int);' },
      { when: 200, sql: 'ALTER TABLE "old" RENAME TO "new"; DROP TABLE IF EXISTS "gone", "nothing" CASCADE;' },
      { when: 300, sql: `-- ALTER TABLE "new" ADD COLUMN c int;\n/* CREATE TABLE "ghost" (id int) */ INSERT INTO t VALUES ('ALTER TABLE "Mixed" x');` },
    ]);
    expect([...history.keys()].sort()).toEqual(['Mixed', 'folded', 'new']);
    expect(history.get('new')).toEqual({ createTime: at(100), updateTime: at(200) });
    expect(history.get('Mixed')).toEqual({ createTime: at(100), updateTime: null });
  });

  it("dates the product's tables by the journal of its migrations", async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    const when = (prefix: string) => at(journal.entries.find((e) => e.tag.startsWith(prefix))?.when ?? Number.NaN);
    const history = await schemaTableHistory();
    expect(history.get('sys_user')).toEqual({ createTime: when('0000_'), updateTime: when('0005_') });
    expect(history.get('gen_table')).toEqual({ createTime: when('0008_'), updateTime: when('0009_') });
    expect(history.get('gen_created_table')).toEqual({ createTime: when('0021_'), updateTime: null });
    expect(history.get('ccms_document_output')).toEqual({ createTime: when('0003_'), updateTime: when('0015_') });
    // Read once per process.
    expect(await schemaTableHistory()).toBe(history);
    expect((await readMigrations()).length).toBe(journal.entries.length);
  });
});
