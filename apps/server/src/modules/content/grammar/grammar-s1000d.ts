import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compareVersions } from '@ccms/dita';
import { type Brex, DEFAULT_BREX_DMCS, loadBrex, SchemaPackage, SchemaPackageError } from '@ccms/s1000d';
import { badRequest } from '../../../platform/http/errors';
import { filesUnder as filesOnDisk } from '../../../platform/storage/storage';

/** The form field the package travels in: every refusal names it. */
const FIELD = 'file';

/** A default BREX data module by its file name (any issue and language): DMC-S1000D-E-04-10-0301-00A-022A-D_012-00_EN-US.XML. */
const DEFAULT_BREX_FILE = /^DMC-(?:S1000D-[A-Z]|AE-A)-04-10-0301-00A-022A-D(?:_[^/]*)?\.xml$/i;
export const isDefaultBrexFile = (p: string) => DEFAULT_BREX_FILE.test(path.posix.basename(p));

const isXsd = (p: string) => /\.xsd$/i.test(p);
const folderOf = (p: string) => (p.includes('/') ? path.posix.dirname(p) : '');

/**
 * The folder whose XSDs make the package: the one xml_schema_flat, else the one folder holding
 * XSDs (the flat XSDs at the top, say). Several of either is ambiguous.
 */
function schemaFolderOf(paths: string[]): string {
  const folders = [...new Set(paths.filter(isXsd).map(folderOf))];
  const flat = folders.filter((f) => path.posix.basename(f) === 'xml_schema_flat');
  const chosen = flat.length > 0 ? flat : folders;
  if (chosen.length > 1)
    throw badRequest('grammar.schemaAmbiguous', {
      field: FIELD,
      paths: chosen
        .slice(0, 5)
        .map((f) => f || '/')
        .join(', '),
    });
  return chosen[0] ?? '';
}

/** The XSDs of one folder of an unpacked package, as the S1000D engine's package (not compiled yet). */
export async function readSchemaPackage(dir: string, folder: string, source: string): Promise<SchemaPackage> {
  const at = path.join(dir, folder);
  const entries = new Map<string, Uint8Array>();
  for (const name of (await readdir(at)).filter(isXsd).sort()) entries.set(name, await readFile(path.join(at, name)));
  return SchemaPackage.fromFiles(entries, source);
}

/** libxml2's words for a schema whose import or include is not in the package (S1000D 5.0's scormcontentpackage.xsd wants ../lom_schema). */
const MISSING_IMPORT = /failed to load|Failed to locate a schema/i;

/**
 * Checks S1000D schemas: the folder's XSDs name their issue (the engine's refusal, in both
 * languages, otherwise) and compile. A schema that only misses a file from outside the folder is
 * kept: validation says so for the objects that name it.
 */
export async function inspectSchemas(dir: string, paths: string[], fileName: string) {
  const folder = schemaFolderOf(paths);
  let schemas: SchemaPackage;
  try {
    schemas = await readSchemaPackage(dir, folder, path.posix.basename(fileName));
  } catch (err) {
    if (err instanceof SchemaPackageError) throw badRequest('grammar.schemaRefused', { field: FIELD, zh: err.messages.zh, en: err.messages.en });
    throw err;
  }
  for (const name of schemas.names) {
    const compiled = schemas.validator(name);
    if (compiled instanceof Error && !MISSING_IMPORT.test(compiled.message)) {
      schemas.dispose();
      const detail = compiled.message.split('\n')[0]?.trim() ?? '';
      throw badRequest('grammar.xsdInvalid', { field: FIELD, path: path.posix.join(folder, name), detail });
    }
  }
  return {
    standard: 'S1000D',
    kind: 'schema',
    catalogPath: folder,
    version: schemas.issue,
    fileCount: paths.length,
    loaded: { kind: 'schema', schemas },
  } as const;
}

/**
 * Reads the default BREX data modules among a package's files: each must be a BREX whose code is
 * a default BREX's and that names its issue. Of one code given twice, the file named last (the
 * higher issue number) is kept.
 */
export async function readDefaultBrex(dir: string, paths: string[]): Promise<Brex[]> {
  const byDmc = new Map<string, Brex>();
  for (const p of paths.filter(isDefaultBrexFile).sort()) {
    const { brex, problems } = loadBrex(await readFile(path.join(dir, p)), p);
    const [problem] = problems;
    if (brex === undefined || problem !== undefined)
      throw badRequest('grammar.brexInvalid', { field: FIELD, path: p, zh: problem?.messages.zh ?? '', en: problem?.messages.en ?? '' });
    if (!DEFAULT_BREX_DMCS.has(brex.dmc)) throw badRequest('grammar.brexNotDefault', { field: FIELD, path: p, dmc: brex.dmc });
    if (brex.issue === undefined) throw badRequest('grammar.brexNoIssue', { field: FIELD, path: p });
    byDmc.set(brex.dmc, brex);
  }
  return [...byDmc.values()];
}

/** The issues a set of default BREX covers, oldest first: "4.1, 5.0". */
export const issuesOf = (brex: Brex[]) => [...new Set(brex.map((b) => b.issue ?? ''))].sort(compareVersions).join(', ');

/** Checks a package of default BREX data modules: its version lists the issues they cover; its folder is the one they share ("" when none). */
export async function inspectDefaultBrex(dir: string, paths: string[]) {
  const brex = await readDefaultBrex(dir, paths);
  const folders = [...new Set(paths.filter(isDefaultBrexFile).map(folderOf))];
  return {
    standard: 'S1000D',
    kind: 'brex',
    catalogPath: folders.length === 1 ? (folders[0] ?? '') : '',
    version: issuesOf(brex),
    fileCount: paths.length,
    loaded: { kind: 'brex', brex },
  } as const;
}

/** Every file of an unpacked package under `folder`, as package paths (for reading it again on another node). */
export async function filesUnder(dir: string, folder: string): Promise<string[]> {
  return (await filesOnDisk(path.join(dir, folder))).map((f) => path.posix.join(folder, f.rel));
}
