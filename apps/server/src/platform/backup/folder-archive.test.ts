import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { BackupRefused } from './backup-manifest';
import { packFolder, unpackInto } from './folder-archive';

const made: string[] = [];
async function temp(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ccms-archive-'));
  made.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes' sha256, by relative path; folders as null. */
async function contents(dir: string, rel = ''): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out[child] = null;
      Object.assign(out, await contents(dir, child));
    } else {
      const bytes = await readFile(path.join(dir, child));
      out[child] = createHash('sha256').update(bytes).digest('hex');
    }
  }
  return out;
}

describe('folder archive (the embedded database in a backup)', () => {
  it('packs a folder one file at a time and unpacks the same folders and bytes', async () => {
    const source = await temp();
    await mkdir(path.join(source, 'base', '16384'), { recursive: true });
    await mkdir(path.join(source, 'pg_wal', 'archive_status'), { recursive: true });
    await writeFile(path.join(source, 'PG_VERSION'), '17\n');
    await writeFile(path.join(source, 'base', '16384', '2619'), randomBytes(3 * 1024 * 1024 + 7));
    await writeFile(path.join(source, 'base', '16384', 'empty'), '');
    const target = path.join(await temp(), 'restored');
    await unpackInto(target, packFolder(source));
    expect(await contents(target)).toEqual(await contents(source));
  });

  it('refuses an archive naming a path outside its folder', async () => {
    const archive = pack();
    archive.entry({ name: '/../escaped', type: 'file', size: 2 }, 'no');
    archive.finalize();
    const parent = await temp();
    await expect(unpackInto(path.join(parent, 'db'), Readable.from(archive))).rejects.toThrow(BackupRefused);
    expect(await readdir(parent)).not.toContain('escaped');
  });

  it("unpacks PGlite's own data folder dump (older backups) into a folder that opens with its rows", async () => {
    const dataDir = await temp();
    const database = await openDatabase({ dataDir });
    await database.executeSql('CREATE TABLE kept (note text)');
    await database.executeSql("INSERT INTO kept VALUES ('from the old backup')");
    const image = await database.dump?.();
    await database.close();
    if (!image) throw new Error('PGlite did not dump');
    const restored = await temp();
    await unpackInto(path.join(restored, 'pglite'), Readable.from(Buffer.from(await image.arrayBuffer())));
    const reopened = await openDatabase({ dataDir: restored });
    try {
      const result = await reopened.db.execute(sql`SELECT note FROM kept`);
      expect((result as unknown as { rows: { note: string }[] }).rows).toEqual([{ note: 'from the old backup' }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
