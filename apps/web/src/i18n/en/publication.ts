import type { Messages } from '../types';
import type zh from '../zh/publication';

/** Publications: the publication form and list (ccms/publication). */
const publication: Messages<typeof zh> = {
  fields: { name: 'Name', branch: 'Branch', ditaMap: 'DITA map', ditaVal: 'DITAVAL' },
  hints: {
    name: 'Name of the publication',
    branch: 'The branch it publishes from',
    ditaMap: 'Path of the root map in the library, e.g. userguide.ditamap',
    ditaVal: 'A .ditaval file of the library, or the name of one of its filter groups',
  },
  choices: { files: 'DITAVAL files', groups: 'Filter groups', noMaps: 'The branch has no map' },
  s1000d: {
    pm: 'Publication module',
    pmHint: 'A publication module (PMC) of the branch: its data modules are published in its order',
    applic: 'Applicability',
    applicHint: "A product of the PCT (e.g. its serial number), one of the library's filter groups, or property values as ident=value;ident=value",
    products: 'PCT products',
    groups: 'Filter groups',
  },
  addTitle: 'Add publication',
  editTitle: 'Edit publication',
  added: 'Added',
  updated: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete the publications "{{names}}"? Their outputs stay.',
  noLibrary: 'Please add library first',
  chooseLibrary: 'Please select current library first.',
  outputs: 'Outputs',
  outputsOf: 'Outputs of "{{name}}"',
};

export default publication;
