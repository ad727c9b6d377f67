import type { Messages } from '../types';
import type zh from '../zh/translation';

const translation: Messages<typeof zh> = {
  targetLang: 'Target language',
  version: 'Format',
  export: 'Export XLIFF',
  import: 'Import translation',
  imported: 'Imported {{count}} files (commit {{commit}})',
  total: 'Units',
  translated: 'Translated',
  fuzzy: 'To confirm',
  new: 'New',
  layout: 'Where translations go',
  layoutFolder: 'Language folder (zh-CN/…)',
  layoutBranch: 'Language branch (<branch>-zh-CN)',
  sourceLang: 'Source language',
  saved: 'Saved',
};

export default translation;
