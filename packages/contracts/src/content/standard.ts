import { z } from 'zod';
import { LIBRARY_TYPES } from '../constants';

/**
 * The seam between the product and a content standard (DITA, S1000D, ...): what a standard tells
 * the product about the files of a library, from their paths alone. Each standard's package
 * exports an implementation (`@ccms/dita/files`, `@ccms/s1000d/files`); the server and the web app
 * pick it by the library's type (docs/adding-a-content-standard.md).
 */

/** Content standards the product has an implementation of. */
export const CONTENT_STANDARDS = ['dita', 's1000d', 'ata2300', 'flightops', 'xmlprofile'] as const;
export type ContentStandardId = (typeof CONTENT_STANDARDS)[number];

/**
 * What a file is to its standard:
 * - document: what is published as a whole and has a table of contents (a DITA map, an S1000D publication module);
 * - unit: what is written, reviewed and reused as one piece (a DITA topic, an S1000D data module);
 * - resource: what units show (images, videos, S1000D ICNs);
 * - list: what lists or transmits other files (S1000D DML, DDN, comments, update files);
 * - rules: what constrains or filters content (DITAVAL, S1000D BREX data modules are units that also are rules);
 * - other: anything else in the repository.
 */
export const FILE_ROLES = ['document', 'unit', 'resource', 'list', 'rules', 'other'] as const;
export type FileRole = (typeof FILE_ROLES)[number];

/** A standard's reading of file paths. Pure functions of the path: no content, no I/O. */
export interface StandardFiles {
  readonly id: ContentStandardId;
  /** What the file is, by its path. */
  roleOf(path: string): FileRole;
  /** Files the standard's engine parses when it indexes a library (its XML). */
  isSource(path: string): boolean;
}

/**
 * Files that hold documents or units: what is tagged, translated and scanned for uses. A source
 * the name leaves open counts (a DITA .xml holds a topic or a map); rules, lists and resources do not.
 */
export function holdsContent(files: StandardFiles, path: string): boolean {
  const role = files.roleOf(path);
  return role === 'document' || role === 'unit' || (role === 'other' && files.isSource(path));
}

export type LibraryType = (typeof LIBRARY_TYPES)[number];

/**
 * The standard a library type is written in. Airbus flight operations libraries are read in the
 * product's DU / solution / PSL profile (docs/flightops-profile.md); FTID and the types an
 * administrator defines by an XML profile are read by their profile (packages/xmlprofile).
 */
export function standardIdOf(libraryType: string | null | undefined): ContentStandardId {
  if (libraryType === 'S1000D') return 's1000d';
  if (libraryType === 'ATA2300') return 'ata2300';
  if (libraryType === 'AirbusFlightOps') return 'flightops';
  // FTID, and a type an administrator made with an XML profile (no built-in type's name), are read by their profile.
  if (libraryType === 'FTID' || (libraryType && !(LIBRARY_TYPES as readonly string[]).includes(libraryType))) return 'xmlprofile';
  return 'dita';
}

/**
 * What a library's standard says of a topic or document beyond the common columns. DITA: none.
 * S1000D: standard, kind (dm, dme, pm), role, issue (e.g. 008-00), issueType (new, changed, ...),
 * qualityAssurance (unverified, firstVerification, secondVerification), applic (display text),
 * s1000dIssue (4.1, 5.0, ...), schema (descript, proced, ...), infoCode.
 */
export const StandardFacts = z
  .record(z.string(), z.string())
  .describe("the content standard's own facts (S1000D: kind, issue, issueType, qualityAssurance, applic, ...)");
export type StandardFacts = z.infer<typeof StandardFacts>;
