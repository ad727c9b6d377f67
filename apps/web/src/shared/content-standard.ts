import { ata2300Files } from '@ccms/ata2300/files';
import { type ContentStandardId, type StandardFiles, standardIdOf } from '@ccms/contracts/content/standard';
import { ditaFiles } from '@ccms/dita/files';
import { flightopsFiles } from '@ccms/flightops/files';
import { s1000dFiles } from '@ccms/s1000d/files';
import { xmlProfileFiles } from '@ccms/xmlprofile/files';

/**
 * The content standards the web app knows, as the server's registry
 * (apps/server/src/modules/content/standard/registry.ts) knows them: screens that serve every
 * library ask what a file is here instead of testing its name (docs/adding-a-content-standard.md).
 * Only the packages' `files` entry points are imported: no engine reaches the bundle.
 */
export interface ContentStandard {
  readonly id: ContentStandardId;
  /** What each file of a library is, by its path. */
  readonly files: StandardFiles;
  /** What "new" makes in a library of this standard: a DITA topic from a topic type, an S1000D data module from the DMC builder, or nothing (an XML profile's files are added in the explorer). */
  readonly newUnit: 'topic' | 'dataModule' | 'none';
}

const STANDARDS: Record<ContentStandardId, ContentStandard> = {
  dita: { id: 'dita', files: ditaFiles, newUnit: 'topic' },
  s1000d: { id: 's1000d', files: s1000dFiles, newUnit: 'dataModule' },
  ata2300: { id: 'ata2300', files: ata2300Files, newUnit: 'dataModule' },
  flightops: { id: 'flightops', files: flightopsFiles, newUnit: 'topic' },
  xmlprofile: { id: 'xmlprofile', files: xmlProfileFiles, newUnit: 'none' },
};

/** The standard of a library type (DITA for the types that have no implementation of their own yet). */
export function standardOf(libraryType: string | null | undefined): ContentStandard {
  return STANDARDS[standardIdOf(libraryType)];
}

/** A standard by its id (a scope that already knows it). */
export const standardById = (id: ContentStandardId): ContentStandard => STANDARDS[id];

/** A file some standard parses (its XML), whatever the library: for views that do not know the library's type. */
export const isStandardSource = (path: string) => Object.values(STANDARDS).some((s) => s.files.isSource(path));
