import type { FileRole, StandardFiles } from '@ccms/contracts/content/standard';

/**
 * The flight-operations profile's reading of file paths (docs/flightops-profile.md): a DU is an
 * XML file in a `du` folder, a manual's PSL is `psl.xml`, the fleet `fleet.xml` (the effectivity
 * rules), a revision's highlights `highlights.xml`; images are resources. Any other XML is a
 * source whose root decides once read.
 */
const XML = /\.xml$/i;
const IMAGE = /\.(?:png|jpe?g|gif|svg|webp|cgm|tiff?)$/i;
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1).toLowerCase();
const folderName = (p: string) => {
  const parts = p.split('/');
  return parts.length > 1 ? (parts[parts.length - 2] ?? '').toLowerCase() : '';
};

export const flightopsFiles: StandardFiles = {
  id: 'flightops',
  roleOf(path: string): FileRole {
    const name = baseName(path);
    if (IMAGE.test(name)) return 'resource';
    if (!XML.test(name)) return 'other';
    if (name === 'psl.xml') return 'document';
    if (name === 'fleet.xml') return 'rules';
    if (name === 'highlights.xml') return 'list';
    if (folderName(path) === 'du') return 'unit';
    return 'other';
  },
  isSource: (path: string) => XML.test(path),
};
