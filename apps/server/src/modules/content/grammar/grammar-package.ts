import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Ata2300Schemas } from '@ccms/ata2300';
import type { GrammarKind, GrammarStandard } from '@ccms/contracts/content/grammar';
import { compareVersions, DtdValidation, ditaVersionOf, readCatalog } from '@ccms/dita';
import type { Brex, SchemaPackage } from '@ccms/s1000d';
import { AppError, badRequest } from '../../../platform/http/errors';
import { withUnpackedZip } from '../shared/zip';
import { inspectAta2300Schemas, isAta2300Package, readAta2300Schemas } from './grammar-ata2300';
import { filesUnder, inspectDefaultBrex, inspectSchemas, isDefaultBrexFile, readDefaultBrex, readSchemaPackage } from './grammar-s1000d';

/** The form field the package travels in: every refusal names it. */
const FIELD = 'file';
const CATALOG = 'catalog.xml';

/** A package as validation uses it: DITA's DTDs compiled, S1000D's schemas compiled, or default BREX read. */
export type LoadedGrammar =
  | { kind: 'dtd'; dtds: DtdValidation | undefined }
  | { kind: 'schema'; schemas: SchemaPackage }
  | { kind: 'brex'; brex: Brex[] }
  | { kind: 'ata2300'; schemas: Ata2300Schemas };

/** An installed package as unpacked on this node: its storage key, folder, standard and kind, where its grammar is in it, and name. */
export interface PackageRef {
  key: string;
  dir: string;
  /** As stored: a GrammarStandard ('DITA', 'S1000D', 'ATA2300'). */
  standard: string;
  /** As stored: a GrammarKind ('dtd', 'schema', 'brex'). */
  kind: string;
  catalogPath: string;
  name: string;
}

/** Reads an unpacked package as its kind wants it: DTDs behind their catalog, the schema folder's XSDs, the default BREX under their folder. */
export async function readPackage(ref: Omit<PackageRef, 'key'>): Promise<LoadedGrammar> {
  const { dir, standard, kind, catalogPath, name } = ref;
  if (kind === 'schema' && standard === 'ATA2300') return { kind: 'ata2300', schemas: await readAta2300Schemas(dir, catalogPath, name) };
  if (kind === 'schema') return { kind: 'schema', schemas: await readSchemaPackage(dir, catalogPath, name) };
  if (kind === 'brex') return { kind: 'brex', brex: await readDefaultBrex(dir, await filesUnder(dir, catalogPath)) };
  return { kind: 'dtd', dtds: await DtdValidation.open(path.join(dir, catalogPath)) };
}

/**
 * The installed S1000D packages, as S1000D validation takes them (`validateObject`'s `packages`
 * and `layers.defaultBrex`).
 */
export interface S1000dGrammar {
  /** One schema package per issue: of two installed for one issue, the later. */
  packages: SchemaPackage[];
  /** The issues those packages are for, oldest first ("4.2", "5.0"). */
  issues: string[];
  /** The installed default BREX data module of this code (DMC-S1000D-E-04-10-0301-00A-022A-D for Issue 4.1); of two, the later installed. */
  defaultBrex(issue: string | undefined, dmc: string): Brex | undefined;
}

/** S1000D's packages read, the last installed first, as validation takes them: the first package of an issue or a BREX code wins. */
export function composeS1000d(loaded: readonly (LoadedGrammar | undefined)[]): S1000dGrammar {
  const packages = new Map<string, SchemaPackage>();
  const brex = new Map<string, Brex>();
  for (const g of loaded) {
    if (g?.kind === 'schema' && !packages.has(g.schemas.issue)) packages.set(g.schemas.issue, g.schemas);
    if (g?.kind === 'brex') for (const b of g.brex) if (!brex.has(b.dmc)) brex.set(b.dmc, b);
  }
  const issues = [...packages.keys()].sort(compareVersions);
  return { packages: issues.map((i) => packages.get(i) as SchemaPackage), issues, defaultBrex: (_issue, dmc) => brex.get(dmc) };
}

/** Frees what a loaded package holds in libxml2 (BREX are plain data). */
export function freeGrammar(loaded: LoadedGrammar) {
  if (loaded.kind === 'dtd') loaded.dtds?.dispose();
  else if (loaded.kind === 'schema' || loaded.kind === 'ata2300') loaded.schemas.dispose();
}

/** What a checked package is and holds: where its grammar is inside it, its version(s), and the grammar loaded. */
export interface InspectedPackage {
  standard: GrammarStandard;
  kind: GrammarKind;
  catalogPath: string;
  version: string;
  fileCount: number;
  loaded: LoadedGrammar;
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

const isCatalog = (p: string) => p.split('/').length <= 2 && (p === CATALOG || p.endsWith(`/${CATALOG}`));
const isDtdFile = (p: string) => /\.(dtd|mod|ent)$/i.test(p);

/**
 * Recognises an unpacked package by what it holds and checks it: an OASIS catalog.xml (or DTDs
 * without one, refused as DITA always was) is DITA; XSDs in the ATA Spec 2300 namespace are its
 * schemas, other XSDs S1000D schemas; default BREX data
 * modules are S1000D's default BREX. Anything else is refused naming the field.
 */
export async function inspectPackage(dir: string, paths: string[], fileName: string): Promise<InspectedPackage> {
  if (paths.some(isCatalog)) return inspectDita(dir, paths);
  // XSDs in ATA Spec 2300's namespace are its schemas; other XSDs S1000D's.
  if (paths.some((p) => /\.xsd$/i.test(p)))
    return (await isAta2300Package(dir, paths)) ? inspectAta2300Schemas(dir, paths, fileName) : inspectSchemas(dir, paths, fileName);
  if (paths.some(isDefaultBrexFile)) return inspectDefaultBrex(dir, paths);
  if (paths.some(isDtdFile)) return inspectDita(dir, paths);
  throw badRequest('grammar.unknownPackage', { field: FIELD });
}

/**
 * Checks an unpacked DITA package: an OASIS catalog whose entries all point at files of the
 * package, a DITA version named by its public ids, and DTDs that libxml2 parses (compiled here and
 * kept for validation). Refusals name the field and the file.
 */
async function inspectDita(dir: string, paths: string[]): Promise<InspectedPackage> {
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
  return { standard: 'DITA', kind: 'dtd', catalogPath, version, fileCount: paths.length, loaded: { kind: 'dtd', dtds } };
}
