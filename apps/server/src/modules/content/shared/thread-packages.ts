import type { Ata2300Schemas } from '@ccms/ata2300';
import { keepNewest } from '../../../platform/lru';
import { composeS1000d, type LoadedGrammar, type PackageRef, readPackage, type S1000dGrammar } from '../grammar/grammar-package';

/*
 * The installed grammar packages as a content thread reads them itself (thread-s1000d.ts,
 * thread-standards.ts): from their folders on this node, compiled once per thread and kept by
 * storage key. The server sends only the references (grammar-registry's `s1000dPackages`,
 * `ata2300Package`).
 */

/** Packages read in this thread, by storage key: a few, the installed ones. */
const packagesRead = new Map<string, Promise<LoadedGrammar>>();
const MAX_PACKAGES = 8;

/** A package read in this thread; a failed read is tried again at the next use. */
export function packageInThread(ref: PackageRef): Promise<LoadedGrammar> {
  const known = packagesRead.get(ref.key);
  if (known) return known;
  const reading = readPackage(ref);
  keepNewest(packagesRead, ref.key, reading, MAX_PACKAGES);
  reading.catch(() => packagesRead.delete(ref.key));
  return reading;
}

/** The S1000D packages, the last installed first, composed as the registry's `s1000d()` composes them (one that cannot be read is left out). */
export async function s1000dInThread(refs: readonly PackageRef[]): Promise<S1000dGrammar> {
  return composeS1000d(await Promise.all(refs.map((r) => packageInThread(r).catch(() => undefined))));
}

/** The ATA Spec 2300 schema package as this thread read it (undefined: the package is of another kind). */
export async function ata2300InThread(ref: PackageRef): Promise<Ata2300Schemas | undefined> {
  const loaded = await packageInThread(ref);
  return loaded.kind === 'ata2300' ? loaded.schemas : undefined;
}
