import type { Messages } from '../types';
import type zh from '../zh/portal';

const portal: Messages<typeof zh> = {
  title: 'Document center',
  search: 'Search',
  searchPlaceholder: 'Search the published documents',
  language: 'Language',
  userMenu: 'User menu',
  signOut: 'Sign out',
  administration: 'Administration',
  empty: 'Nothing has been published that you may read yet',
  loadFailed: 'The document center could not be loaded; try again later',
  groupProduct: 'Product: {{name}}',
  groupLibrary: 'Library: {{name}}',
  open: 'Open',
  others: 'Other languages and formats',
  version: 'Version {{version}}',
  revision: 'Revision {{commit}}',
  publishedAt: 'Published {{date}}',
  formats: { html5: 'HTML5', pdf: 'PDF' },
  hits: '{{total}} pages found',
  hitsCapped: '{{total}} pages found; the first {{shown}} are shown',
  noHits: 'Nothing found for "{{q}}"',
  back: 'Back to the document center',
  frameTitle: '{{title}} ({{lang}}, {{format}})',
  cannotOpen: 'This output cannot be opened',
};
export default portal;
