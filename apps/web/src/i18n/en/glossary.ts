import type { Messages } from '../types';
import type zh from '../zh/glossary';

/** Abbreviations (ccms/abbreviation) and terms (ccms/term). */
const glossary: Messages<typeof zh> = {
  glossary: {
    abbreviation: 'abbreviation',
    term: 'term',
    name: 'Name',
    definition: 'Definition',
    abbreviationName: 'Abbreviation',
    abbreviationDefinition: 'Full form',
    file: 'File',
    updateBy: 'Changed by',
    updateTime: 'Changed',
    namePlaceholder: 'Enter the name',
    definitionPlaceholder: 'Enter the definition',
    nameRequired: 'The name is required',
    definitionRequired: 'The definition is required',
    addTitle: 'Add {{kind}}',
    editTitle: 'Edit {{kind}}',
    added: 'Added (commit {{commit}})',
    updated: 'Saved (commit {{commit}})',
    deleted: 'Deleted (commit {{commit}})',
    confirmDelete: 'Delete the {{kind}} "{{names}}"?',
    importTitle: 'Import {{kind}}',
    importTip: 'Only xlsx files, with the headings "Name" and "Definition".',
    updateSupport: 'Update entries that exist',
    imported: 'Imported: {{added}} added, {{updated}} updated',
    fileRequired: 'Please choose an xlsx file',
  },
};
export default glossary;
