import type { Messages } from '../types';
import type zh from '../zh/template';

const template: Messages<typeof zh> = {
  templateName: 'Template name',
  doctype: 'Document type',
  doctypeRequired: 'Choose a document type',
  kind: 'Kind',
  kinds: { topic: 'Topic', map: 'Map', s1000d: 'S1000D' },
  lang: 'Language',
  langs: { 'zh-CN': 'Chinese', 'en-US': 'English' },
  content: 'Template content',
  status: 'Status',
  remark: 'Remark',
  createTime: 'Created',
  namePlaceholder: 'Template name',
  addTitle: 'Add template',
  editTitle: 'Edit template',
  confirmDelete: 'Delete the template(s) "{{names}}"?',
  placeholders: 'Placeholders: {{names}}',
  preview: 'Preview',
  previewTitle: 'Preview title',
  previewHint: 'The placeholders filled with sample values, checked against the document type and shown.',
  problems: 'Problems',
  noProblems: 'No problems',
  line: 'line {{line}}, column {{column}}',
  xml: 'XML',
  rendered: 'Rendered',
  noRendering: 'A map, publication module or data module list template shows its XML only',
};
export default template;
