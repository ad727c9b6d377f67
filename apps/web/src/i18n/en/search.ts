import type { Messages } from '../types';
import type zh from '../zh/search';

const search: Messages<typeof zh> = {
  box: 'Search content',
  placeholder: 'Type the words to find (Chinese or English); results show as you type',
  hint: 'Searches topic titles, text and metadata, and document names',
  type: 'Type',
  status: 'Status',
  owner: 'Owner',
  types: { topic: 'Topic', document: 'Document' },
  matchedIn: { title: 'title match', text: 'text match', metadata: 'metadata match' },
  total: '{{total}} results ({{ms}} ms)',
  noResults: 'Nothing found for "{{q}}"',
};
export default search;
