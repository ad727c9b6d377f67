import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { GrammarResolution, GrammarSource, GrammarStatus } from '@ccms/contracts/content/grammar';
import { compareVersions, type Doctype, type DtdValidation, ditaVersionIn, ditaVersionOf } from '@ccms/dita';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { Storage } from '../../../platform/storage/storage';
import { machineDtds } from '../shared/dita-validation';
import { type InstalledGrammar, installedGrammars } from './grammar.queries';
import { composeS1000d, freeGrammar, type LoadedGrammar, type PackageRef, readPackage, type S1000dGrammar, unpackZip } from './grammar-package';

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
 * The installed grammar packages as validation uses them: DITA's through `snapshot`/`resolve`,
 * S1000D's through `s1000d()`. The list is read from the database on every use (a handful of
 * rows), so a package installed or deleted through any node is used or dropped by every node at
 * its next check. Each node unpacks a package from file storage under `<data>/cache/grammars/<uuid>`
 * on first use and compiles its DTDs or XSDs once; a package no longer listed has its compiled
 * grammar freed and its copy removed.
 */
export function grammarRegistry(deps: { db: Db; storage: Storage; dataDir: string; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;
  const cacheDir = path.join(deps.dataDir, 'cache', 'grammars');
  const tmpDir = path.join(deps.dataDir, 'tmp', 'grammars');
  const compiled = new Map<string, Promise<LoadedGrammar>>();
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

  /** Reads a package as its kind wants it, unpacked on this node. */
  const load = async (pkg: InstalledGrammar): Promise<LoadedGrammar> => readPackage({ ...pkg, dir: await unpacked(pkg) });

  /** A package as validation uses it, read once per node; a failure is logged and tried again at the next use. */
  function loaded(pkg: InstalledGrammar): Promise<LoadedGrammar | undefined> {
    let found = compiled.get(pkg.storageKey);
    if (found === undefined) {
      found = load(pkg);
      compiled.set(pkg.storageKey, found);
      // A failed unpack (storage unreachable, say) is tried again at the next use.
      found.catch(() => compiled.delete(pkg.storageKey));
    }
    return found.catch((err: unknown) => {
      log.warn({ err, grammar: pkg.name }, 'grammar package could not be unpacked; skipped');
      return undefined;
    });
  }

  /** Frees a package's grammar (later: a validation may hold it) and removes this node's copy. */
  function drop(storageKey: string) {
    const held = compiled.get(storageKey);
    compiled.delete(storageKey);
    held?.then(
      (g) => setTimeout(() => freeGrammar(g), DISPOSE_AFTER_MS).unref(),
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

  /** Every installed package, read from the database; what is gone since the last read is dropped. */
  async function installed() {
    const rows = await installedGrammars(db);
    await forgetGone(rows);
    return rows;
  }

  async function snapshot(): Promise<GrammarSnapshot> {
    const rows = (await installed()).filter((r) => r.standard === 'DITA');
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
          const g = await loaded(pkg);
          const dtds = g?.kind === 'dtd' ? g.dtds : undefined;
          if (dtds?.dtdFor(doctype) !== undefined) return { dtds, version: pkg.version, source: 'package', packageName: pkg.name };
        }
        const machine = await machineDtds();
        if (machine?.dtdFor(doctype) !== undefined) return { dtds: machine, version: await machineVersionOf(machine), source: 'machine', packageName: null };
        return undefined;
      },
    };
  }

  /**
   * The S1000D schema and default BREX packages installed, read (schemas compiled on first use)
   * once per node, for what checks S1000D on the request loop (templates, the authoring
   * helpers, the document types), as DITA's validation calls `resolve`: a package installed or
   * deleted on any node counts at once. The catalogue and the editor's save checks read the
   * packages on their threads instead (`s1000dPackages`).
   */
  async function s1000d(): Promise<S1000dGrammar> {
    const rows = (await installed()).filter((r) => r.standard === 'S1000D');
    // The query's order, the last installed first.
    return composeS1000d(await Promise.all(rows.map(loaded)));
  }

  /** A package unpacked on this node, as a content thread reads it itself; undefined (logged) when it cannot be unpacked. */
  async function refOf(r: InstalledGrammar): Promise<PackageRef | undefined> {
    try {
      return { key: r.storageKey, dir: await unpacked(r), standard: r.standard, kind: r.kind, catalogPath: r.catalogPath, name: r.name };
    } catch (err) {
      log.warn({ err, grammar: r.name }, 'grammar package could not be unpacked; skipped');
      return undefined;
    }
  }

  /**
   * The S1000D packages installed, unpacked on this node, as a content thread reads them itself
   * (thread-s1000d.ts): the last installed first, as `s1000d()` takes them. A package that cannot
   * be unpacked is logged and left out, as `s1000d()` leaves it out.
   */
  async function s1000dPackages(): Promise<PackageRef[]> {
    const rows = (await installed()).filter((r) => r.standard === 'S1000D' && (r.kind === 'schema' || r.kind === 'brex'));
    return (await Promise.all(rows.map(refOf))).filter((r) => r !== undefined);
  }

  /** The ATA Spec 2300 schema package installed (of several, the last installed), unpacked on this node, as a content thread reads it; undefined when none is. */
  async function ata2300Package(): Promise<PackageRef | undefined> {
    for (const r of (await installed()).filter((row) => row.standard === 'ATA2300' && row.kind === 'schema')) {
      const ref = await refOf(r);
      if (ref) return ref;
    }
    return undefined;
  }

  return {
    snapshot,
    s1000d,
    s1000dPackages,
    ata2300Package,
    resolve: async (doctype: Doctype | undefined) => (await snapshot()).resolve(doctype),

    /** What Doctypes shows for a type's identifiers. */
    async describe(snap: GrammarSnapshot, ids: { rootName: string; publicId: string; systemId: string }): Promise<GrammarResolution & { found: boolean }> {
      const r = await snap.resolve({ rootName: ids.rootName, publicId: ids.publicId || undefined, systemId: ids.systemId || undefined });
      return { found: r !== undefined, grammarVersion: r?.version ?? null, grammarSource: r?.source ?? null, grammarPackage: r?.packageName ?? null };
    },

    /** How many DITA packages are installed (S1000D's do not count), and the DITA version of the machine's catalog (null when the machine has none). */
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

    /** A package just installed through this node: its grammar, compiled or read by the install's check, used at once. */
    adopt(storageKey: string, grammar: LoadedGrammar) {
      installing.delete(storageKey);
      compiled.set(storageKey, Promise.resolve(grammar));
    },

    /** A package deleted, or an install that failed, through this node. */
    forget(storageKey: string) {
      installing.delete(storageKey);
      return drop(storageKey);
    },
  };
}

export type GrammarRegistry = ReturnType<typeof grammarRegistry>;
