import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { DtdValidation, ditaVersionOf, readCatalog } from '@ccms/dita';
import { AppError, badRequest } from '../../../platform/http/errors';
import { withUnpackedZip } from '../explorer/zip';

/** The form field the package travels in: every refusal names it. */
const FIELD = 'file';
const CATALOG = 'catalog.xml';

/** What a checked package holds: its catalog, the DITA version the catalog names, and its DTDs compiled. */
export interface InspectedPackage {
  catalogPath: string;
  version: string;
  fileCount: number;
  dtds: DtdValidation;
}

/**
 * Unpacks a zip into `target` with its paths (entries that would leave it refuse the whole zip, as
 * the explorer's packages do); answers the file paths. A file that is no zip is named as the field.
 */
export async function unpackZip(zipFile: string, target: string): Promise<string[]> {
  try {
    return await withUnpackedZip(zipFile, async (entries) => {
      await mkdir(target, { recursive: true });
      for (const e of entries) {
        const to = path.join(target, e.path);
        await mkdir(path.dirname(to), { recursive: true });
        await rename(e.file, to).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'EXDEV') throw err;
          await copyFile(e.file, to);
        });
      }
      return entries.map((e) => e.path);
    });
  } catch (err) {
    if (err instanceof AppError && err.key === 'explorer.zipInvalid') throw badRequest('grammar.zipOnly', { field: FIELD });
    throw err;
  }
}

/**
 * The package's OASIS catalog: catalog.xml at the top, else the one catalog.xml a folder down (a
 * zip of the folder itself). Several a folder down and none at the top is ambiguous.
 */
export function catalogPathOf(paths: string[]): string {
  if (paths.includes(CATALOG)) return CATALOG;
  const below = paths.filter((p) => p.split('/').length === 2 && p.endsWith(`/${CATALOG}`));
  if (below.length === 0) throw badRequest('grammar.noCatalog', { field: FIELD });
  if (below.length > 1) throw badRequest('grammar.catalogAmbiguous', { field: FIELD, paths: below.slice(0, 5).join(', ') });
  return below[0] as string;
}

const inside = (dir: string, file: string) => file.startsWith(dir + path.sep);

/**
 * Checks an unpacked package: an OASIS catalog whose entries all point at files of the package, a
 * DITA version named by its public ids, and DTDs that libxml2 parses (compiled here and kept for
 * validation). Refusals name the field and the file.
 */
export async function inspectPackage(dir: string, paths: string[]): Promise<InspectedPackage> {
  const root = path.resolve(dir);
  const catalogPath = catalogPathOf(paths);
  const catalogFile = path.join(root, catalogPath);
  const catalog = readCatalog(catalogFile);
  if (catalog.publicIds.size === 0 && catalog.systemIds.size === 0) throw badRequest('grammar.catalogEmpty', { field: FIELD, path: catalogPath });
  for (const file of new Set([...catalog.publicIds.values(), ...catalog.systemIds.values()])) {
    if (!inside(root, file) || !existsSync(file)) throw badRequest('grammar.fileMissing', { field: FIELD, path: path.relative(root, file) });
  }
  const version = ditaVersionOf(catalog);
  if (version === undefined) throw badRequest('grammar.noVersion', { field: FIELD });
  const dtds = await DtdValidation.open(catalogFile);
  if (dtds === undefined || dtds.dtdFiles().length === 0) throw badRequest('grammar.noDtd', { field: FIELD });
  const [failed] = await dtds.compileAll();
  if (failed) {
    dtds.dispose();
    throw badRequest('grammar.dtdInvalid', { field: FIELD, path: path.relative(root, failed.file), detail: failed.error });
  }
  return { catalogPath, version, fileCount: paths.length, dtds };
}
