import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { GrammarResolution, GrammarSource, GrammarStatus } from '@ccms/contracts/content/grammar';
import { compareVersions, type Doctype, DtdValidation, ditaVersionIn, ditaVersionOf } from '@ccms/dita';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { Storage } from '../../../platform/storage/storage';
import { machineDtds } from '../topic-editor/dita-validation';
import { type InstalledGrammar, installedGrammars } from './grammar.queries';
import { unpackZip } from './grammar-package';

/** The DTDs that validate a DOCTYPE, and where they come from. */
export interface ResolvedGrammar {
  dtds: DtdValidation;
  version: string | null;
  source: GrammarSource;
  packageName: string | null;
}

/** The installed packages as read once, resolving any number of DOCTYPEs against them. */
export interface GrammarSnapshot {
  packages: number;
  resolve(doctype: Doctype | undefined): Promise<ResolvedGrammar | undefined>;
}

/** A compiled package is freed this long after it stops being installed (a validation may still hold it). */
const DISPOSE_AFTER_MS = 60_000;

/** Package names as the storage key's file name: `grammars/<uuid>.zip`. */
export const storageKeyOf = (id: string) => `grammars/${id}.zip`;

/**
 * The installed grammar packages as validation uses them. The list is read from the database on
 * every use (a handful of rows), so a package installed or deleted through any node is used or
 * dropped by every node at its next check. Each node unpacks a package from file storage under
 * `<data>/cache/grammars/<uuid>` on first use and compiles its DTDs once; a package no longer
 * listed has its compiled DTDs freed and its copy removed.
 */
export function grammarRegistry(deps: { db: Db; storage: Storage; dataDir: string; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;
  const cacheDir = path.join(deps.dataDir, 'cache', 'grammars');
  const tmpDir = path.join(deps.dataDir, 'tmp', 'grammars');
  const compiled = new Map<string, Promise<DtdValidation | undefined>>();
  /** Packages being installed through this node: unpacked in place, not yet listed. */
  const installing = new Set<string>();
  let seen: string | undefined;
  let machineVersion: Promise<string | null> | undefined;

  /** This node's copy of a stored package (by its storage key). */
  const localDir = (storageKey: string) => path.join(cacheDir, path.basename(storageKey, '.zip'));

  /** The package unpacked on this node: from file storage the first time, moved into place whole. */
  async function unpacked(pkg: InstalledGrammar): Promise<string> {
    const dir = localDir(pkg.storageKey);
    if (existsSync(path.join(dir, pkg.catalogPath))) return dir;
    await mkdir(tmpDir, { recursive: true });
    const id = randomUUID();
    const zip = path.join(tmpDir, `${id}.zip`);
    const staging = path.join(tmpDir, id);
    try {
      await pipeline(await storage.read(pkg.storageKey), createWriteStream(zip, { mode: 0o600 }));
      await unpackZip(zip, staging);
      await mkdir(cacheDir, { recursive: true });
      // Another process on the same data directory may have put it there first.
      await rename(staging, dir).catch((err: unknown) => {
        if (!existsSync(path.join(dir, pkg.catalogPath))) throw err;
      });
      return dir;
    } finally {
      await rm(zip, { force: true });
      await rm(staging, { recursive: true, force: true });
    }
  }

  function dtdsOf(pkg: InstalledGrammar): Promise<DtdValidation | undefined> {
    let dtds = compiled.get(pkg.storageKey);
    if (dtds === undefined) {
      dtds = unpacked(pkg).then((dir) => DtdValidation.open(path.join(dir, pkg.catalogPath)));
      compiled.set(pkg.storageKey, dtds);
      // A failed unpack (storage unreachable, say) is tried again at the next use.
      dtds.catch(() => compiled.delete(pkg.storageKey));
    }
    return dtds;
  }

  /** Frees a package's DTDs (later: a validation may hold them) and removes this node's copy. */
  function drop(storageKey: string) {
    const dtds = compiled.get(storageKey);
    compiled.delete(storageKey);
    dtds?.then(
      (d) => setTimeout(() => d?.dispose(), DISPOSE_AFTER_MS).unref(),
      () => undefined,
    );
    return rm(localDir(storageKey), { recursive: true, force: true });
  }

  /** When the installed list changed since the last read: what is gone is dropped, and copies left from before (a restart) removed. */
  async function forgetGone(rows: InstalledGrammar[]) {
    const stamp = rows.map((r) => r.storageKey).join('\n');
    if (stamp === seen) return;
    seen = stamp;
    const keep = new Set([...rows.map((r) => r.storageKey), ...installing].map((key) => path.basename(key, '.zip')));
    for (const key of compiled.keys()) if (!keep.has(path.basename(key, '.zip'))) void drop(key);
    const held = await readdir(cacheDir).catch(() => [] as string[]);
    for (const name of held) if (!keep.has(name)) await rm(path.join(cacheDir, name), { recursive: true, force: true });
  }

  async function machineVersionOf(dtds: DtdValidation) {
    machineVersion ??= Promise.resolve(ditaVersionOf(dtds.catalog) ?? null);
    return machineVersion;
  }

  async function snapshot(): Promise<GrammarSnapshot> {
    const rows = await installedGrammars(db, 'DITA');
    await forgetGone(rows);
    // The newest version first; of one version, the last installed (the query's order).
    const packages = [...rows].sort((a, b) => compareVersions(b.version, a.version));
    return {
      packages: packages.length,
      async resolve(doctype) {
        if (doctype === undefined || (!doctype.publicId && !doctype.systemId)) return undefined;
        // "-//OASIS//DTD DITA 1.3 Map//EN" wants 1.3; "-//OASIS//DTD DITA Map//EN" takes the newest that knows it.
        const wanted = ditaVersionIn(doctype.publicId);
        for (const pkg of packages) {
          if (wanted !== undefined && pkg.version !== wanted) continue;
          const dtds = await dtdsOf(pkg).catch((err: unknown) => {
            log.warn({ err, grammar: pkg.name }, 'grammar package could not be unpacked; skipped');
            return undefined;
          });
          if (dtds?.dtdFor(doctype) !== undefined) return { dtds, version: pkg.version, source: 'package', packageName: pkg.name };
        }
        const machine = await machineDtds();
        if (machine?.dtdFor(doctype) !== undefined) return { dtds: machine, version: await machineVersionOf(machine), source: 'machine', packageName: null };
        return undefined;
      },
    };
  }

  return {
    snapshot,
    resolve: async (doctype: Doctype | undefined) => (await snapshot()).resolve(doctype),

    /** What Doctypes shows for a type's identifiers. */
    async describe(snap: GrammarSnapshot, ids: { rootName: string; publicId: string; systemId: string }): Promise<GrammarResolution & { found: boolean }> {
      const r = await snap.resolve({ rootName: ids.rootName, publicId: ids.publicId || undefined, systemId: ids.systemId || undefined });
      return { found: r !== undefined, grammarVersion: r?.version ?? null, grammarSource: r?.source ?? null, grammarPackage: r?.packageName ?? null };
    },

    /** How many DITA packages are installed, and the DITA version of the machine's catalog (null when the machine has none). */
    async status(): Promise<GrammarStatus> {
      const [snap, machine] = await Promise.all([snapshot(), machineDtds()]);
      return { installed: snap.packages, machineVersion: machine ? await machineVersionOf(machine) : null };
    },

    /** A new package's storage key, and the folder it is unpacked in on this node (its place once installed). */
    beginInstall() {
      const storageKey = storageKeyOf(randomUUID());
      installing.add(storageKey);
      return { storageKey, dir: localDir(storageKey) };
    },

    /** A package just installed through this node: its DTDs, compiled by the install's check, used at once. */
    adopt(storageKey: string, dtds: DtdValidation) {
      installing.delete(storageKey);
      compiled.set(storageKey, Promise.resolve(dtds));
    },

    /** A package deleted, or an install that failed, through this node. */
    forget(storageKey: string) {
      installing.delete(storageKey);
      return drop(storageKey);
    },
  };
}

export type GrammarRegistry = ReturnType<typeof grammarRegistry>;
