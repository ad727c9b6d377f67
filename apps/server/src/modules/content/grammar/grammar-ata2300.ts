import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ATA2300_NAMESPACE, Ata2300SchemaError, Ata2300Schemas } from '@ccms/ata2300';
import { badRequest } from '../../../platform/http/errors';

/** The form field the package travels in: every refusal names it. */
const FIELD = 'file';
const isXsd = (p: string) => /\.xsd$/i.test(p);

/** Whether an unpacked package's XSDs are Spec 2300's: one of them targets its namespace. */
export async function isAta2300Package(dir: string, paths: string[]): Promise<boolean> {
  for (const p of paths.filter(isXsd)) {
    const head = (await readFile(path.join(dir, p))).subarray(0, 16384).toString('utf8');
    if (head.includes(`targetNamespace="${ATA2300_NAMESPACE}"`) || head.includes(`targetNamespace='${ATA2300_NAMESPACE}'`)) return true;
  }
  return false;
}

/**
 * The folder the package's schemas sit under: the deepest folder all its XSDs share ("" when they
 * are at the top), so the paths objects name (Procedures/NonNormalProcedure.xsd) are relative to it.
 */
export function schemaRootOf(paths: string[]): string {
  const folders = paths.filter(isXsd).map((p) => p.split('/').slice(0, -1));
  const first = folders[0] ?? [];
  let n = 0;
  while (n < first.length && folders.every((f) => f[n] === first[n])) n++;
  return first.slice(0, n).join('/');
}

/** The XSDs under a package's schema root, by their paths below it. */
export async function readAta2300Schemas(dir: string, root: string, source: string): Promise<Ata2300Schemas> {
  const at = path.join(dir, root);
  const entries = new Map<string, Uint8Array>();
  for (const e of await readdir(at, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !isXsd(e.name)) continue;
    const full = path.join(e.parentPath, e.name);
    entries.set(path.relative(at, full).split(path.sep).join('/'), await readFile(full));
  }
  return Ata2300Schemas.fromFiles(entries, source);
}

/**
 * Checks an ATA Spec 2300 schema package (A4A's, installed by an administrator): XSDs in Spec
 * 2300's namespace whose entry schemas (those the objects name, which include the common ones)
 * compile. A refusal names the field and the file.
 */
export async function inspectAta2300Schemas(dir: string, paths: string[], fileName: string) {
  const root = schemaRootOf(paths);
  let schemas: Ata2300Schemas;
  try {
    schemas = await readAta2300Schemas(dir, root, path.posix.basename(fileName));
  } catch (err) {
    if (err instanceof Ata2300SchemaError) throw badRequest('grammar.schemaRefused', { field: FIELD, zh: err.messages.zh, en: err.messages.en });
    throw err;
  }
  for (const name of schemas.names) {
    const compiled = schemas.validator(name);
    if (compiled instanceof Error) {
      schemas.dispose();
      const detail = compiled.message.split('\n')[0]?.trim() ?? '';
      throw badRequest('grammar.xsdInvalid', { field: FIELD, path: path.posix.join(root, name), detail });
    }
  }
  return {
    standard: 'ATA2300',
    kind: 'schema',
    catalogPath: root,
    version: schemas.version,
    fileCount: paths.length,
    loaded: { kind: 'ata2300', schemas },
  } as const;
}
