import type { Messages } from '../types';
import type zh from '../zh/grammar';

const grammar: Messages<typeof zh> = {
  name: 'Name',
  standard: 'Standard',
  kind: 'Content',
  kinds: { dtd: 'DITA DTDs', schema: 'S1000D schemas', brex: 'S1000D default BREX', ata2300: 'ATA Spec 2300 schemas' },
  version: 'Version',
  fileCount: 'Files',
  catalogPath: 'Catalog or folder',
  fileName: 'Uploaded file',
  size: 'Size',
  createBy: 'Installed by',
  createTime: 'Installed at',
  namePlaceholder: 'e.g. dita-1.3',
  nameTip: 'Empty: the zip file name without .zip',
  nameTooLong: 'The name must be at most {{max}} characters',
  nameFormat: 'Letters, digits, dot, dash and underscore only, starting with a letter or digit',
  install: 'Install package',
  installTitle: 'Install a grammar package',
  file: 'Grammar package (zip)',
  pickZip: 'Click or drop one zip file here',
  zipTip:
    'A zip of DITA DTDs (their folder with the OASIS catalog.xml at the top or one folder down), of the schemas of one S1000D issue (the xml_schema_flat folder, or its XSDs at the top) of S1000D default BREX data modules (DMC-S1000D-?-04-10-0301-00A-022A-D…, of one or more issues) or of ATA Spec 2300 schemas (XSDs in the namespace http://www.ataebiz.org/XMLSchema with their folders); what it holds is recognised and checked before it is installed',
  zipOnly: 'Only a zip file can be chosen',
  fileRequired: 'Choose one grammar package (a zip file)',
  installed: 'DITA {{version}} grammar package installed',
  installedSchema: 'S1000D Issue {{version}} schema package installed',
  installedAta2300: 'ATA Spec 2300 schema package installed ({{version}})',
  installedBrex: 'S1000D default BREX installed (Issue {{version}})',
  confirmDelete: 'Delete the grammar package(s) "{{names}}"? Files are then validated against another package (DITA also against the machine catalog).',
  hintTitle: 'No DITA grammar package is installed',
  hintMachine: "Files are validated against the machine catalog's DITA {{version}} DTDs, which refuse DITA 1.3 elements such as <ditavalref>.",
  hintNoMachine: 'This machine has no DITA catalog either: only well-formedness and the DITA structure are checked.',
  hintInstall:
    'Install a package for the DITA version your content uses in System Manager → Settings → Grammar Packages: a zip of the DTD folder with its OASIS catalog.xml (e.g. the DITA Open Toolkit’s plugins/org.oasis-open.dita.v1_3).',
  hintLink: 'Install one',
};
export default grammar;
