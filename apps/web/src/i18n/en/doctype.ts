import type { Messages } from '../types';
import type zh from '../zh/doctype';

const doctype: Messages<typeof zh> = {
  doctypeName: 'Type name',
  rootElements: 'Root elements',
  publicId: 'Public identifier',
  systemId: 'System identifier',
  fileSuffix: 'File suffix',
  grammar: 'Grammar',
  grammarFound: 'DTD in the catalogue',
  found: 'Found',
  missing: 'Not found',
  validateOnSave: 'Validate on save',
  defaultTemplate: 'Default template',
  editor: 'Opens in',
  status: 'Status',
  remark: 'Remark',
  createTime: 'Created',
  namePlaceholder: 'Type name',
  rootPlaceholder: 'Type a root element and press Enter, e.g. concept',
  publicIdPlaceholder: 'e.g. -//OASIS//DTD DITA Concept//EN',
  systemIdPlaceholder: 'e.g. concept.dtd',
  suffixPlaceholder: 'e.g. .dita',
  addTitle: 'Add document type',
  editTitle: 'Edit document type',
  confirmDelete: 'Delete the document type(s) "{{names}}"?',
  yes: 'Yes',
  no: 'No',
  grammars: { catalog: 'DTD from the engine’s catalogue', none: 'No grammar (well-formedness and DITA structure only)' },
  editors: { topic: 'Topic editor', map: 'Map editor', source: 'Source editor', view: 'Read-only view' },
  noTemplate: 'None',
};
export default doctype;
