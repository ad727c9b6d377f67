import { ata2300Files } from '@ccms/ata2300/files';
import { type ContentStandardId, type StandardFiles, standardIdOf } from '@ccms/contracts/content/standard';
import { ditaFiles } from '@ccms/dita/files';
import { flightopsFiles } from '@ccms/flightops/files';
import { s1000dFiles } from '@ccms/s1000d/files';
import { xmlProfileFiles } from '@ccms/xmlprofile/files';

/**
 * The content standards the server knows, by id, and the one a library is written in (by its
 * `libraryType`). Modules that serve every library ask this registry what a file is instead of
 * testing its name; see docs/adding-a-content-standard.md.
 */
export interface ContentStandard {
  readonly id: ContentStandardId;
  /** What each file of a library is, by its path. */
  readonly files: StandardFiles;
}

const STANDARDS: Record<ContentStandardId, ContentStandard> = {
  dita: { id: 'dita', files: ditaFiles },
  s1000d: { id: 's1000d', files: s1000dFiles },
  ata2300: { id: 'ata2300', files: ata2300Files },
  flightops: { id: 'flightops', files: flightopsFiles },
  xmlprofile: { id: 'xmlprofile', files: xmlProfileFiles },
};

/** The standard of a library type (DITA for the types that have no implementation of their own yet). */
export function standardOf(libraryType: string | null | undefined): ContentStandard {
  return STANDARDS[standardIdOf(libraryType)];
}

/** A standard by its id. */
export const standardById = (id: ContentStandardId): ContentStandard => STANDARDS[id];
