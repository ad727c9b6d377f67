import type { FileRole, StandardFiles } from '@ccms/contracts/content/standard';

/**
 * ATA Spec 2300's reading of file paths (the content-standard seam). Spec 2300 names no files, so
 * any `.xml` is a source and what its root says (dmodule, dmStatus, pm, pmStatus) wins once read.
 * The names the product writes give the role up front: `DMC-<code>…` a data module's content,
 * `DMS-<code>…` its status, `PMC-<code>…` a publication module, `PMS-<code>…` its status, and
 * `ICN-…` or an image a resource (README.md).
 */
const XML = /\.xml$/i;
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|cgm|tiff?)$/i;
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

export const ata2300Files: StandardFiles = {
  id: 'ata2300',
  roleOf(path: string): FileRole {
    const name = baseName(path).toUpperCase();
    if (name.startsWith('ICN-') || IMAGE.test(name)) return 'resource';
    if (!XML.test(name)) return 'other';
    if (name.startsWith('PMC-')) return 'document';
    if (name.startsWith('DMC-')) return 'unit';
    return 'other';
  },
  isSource: (path: string) => XML.test(path) && !baseName(path).toUpperCase().startsWith('ICN-'),
};
