import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, type Pack, pack } from 'tar-stream';
import { BackupRefused } from './backup-manifest';

/**
 * A folder as a tar stream and back, one file at a time: a database folder of any size passes
 * through in constant memory. Names are the folder's relative paths with a leading '/', the layout
 * of PGlite's own data folder archive (`dumpDataDir`), so either archive unpacks the same way.
 */

/** Every directory and file under `dir` with its stat, parents first, in a stable order. */
async function* walk(dir: string, rel = ''): AsyncGenerator<{ rel: string; info: Stats }> {
  const names = (await readdir(path.join(dir, rel))).sort();
  for (const name of names) {
    const child = rel ? `${rel}/${name}` : name;
    const info = await lstat(path.join(dir, child));
    if (info.isDirectory()) {
      yield { rel: child, info };
      yield* walk(dir, child);
    } else if (info.isFile()) {
      yield { rel: child, info };
    } else {
      throw new BackupRefused(`${path.join(dir, child)} is neither a file nor a folder: the database folder cannot be archived`);
    }
  }
}

/** A file into an archive entry (tar-stream's streams are streamx ones: piped, not passed to node's pipeline). */
function copyInto(file: string, entry: ReturnType<Pack['entry']>): Promise<void> {
  return new Promise((resolve, reject) => {
    entry.on('error', reject).on('finish', () => resolve());
    createReadStream(file)
      .on('error', (err) => entry.destroy(err))
      .pipe(entry);
  });
}

/** The folder's tar stream (uncompressed); an error reading a file ends it with that error. */
export function packFolder(dir: string): Readable {
  const archive = pack();
  (async () => {
    for await (const { rel, info } of walk(dir)) {
      const file = path.join(dir, rel);
      if (info.isDirectory()) {
        archive.entry({ name: `/${rel}`, type: 'directory', mode: info.mode & 0o777, mtime: info.mtime });
        continue;
      }
      await copyInto(file, archive.entry({ name: `/${rel}`, type: 'file', size: info.size, mode: info.mode & 0o777, mtime: info.mtime }));
    }
    archive.finalize();
  })().catch((err: Error) => archive.destroy(err));
  return Readable.from(archive);
}

/** An archive's name as a path inside `dir`, refusing any that would leave it. */
function inside(dir: string, name: string): string {
  const rel = path.posix.normalize(name.replace(/^\/+/, ''));
  if (rel === '.' || rel === '') return dir;
  if (rel.startsWith('../') || rel === '..' || path.posix.isAbsolute(rel)) throw new BackupRefused(`the database archive names ${name}, outside its folder`);
  return path.join(dir, rel);
}

/** Unpacks a tar stream (uncompressed) into `dir`, which it creates; only folders and plain files. */
export async function unpackInto(dir: string, tar: Readable): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const entries = extract();
  tar.on('error', (err) => entries.destroy(err)).pipe(entries);
  for await (const entry of entries) {
    const target = inside(dir, entry.header.name);
    if (entry.header.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      entry.resume();
    } else if (entry.header.type === 'file') {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(Readable.from(entry), createWriteStream(target, { mode: 0o600 }));
    } else {
      throw new BackupRefused(`the database archive holds ${entry.header.name} of type ${entry.header.type}: only folders and files are restored`);
    }
  }
}
