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
  importedNothing: 'Nothing to write (no commit)',
  report: {
    title: 'Imported: commit {{commit}} (branch {{branch}})',
    noCommit: 'Imported: no file needed writing, no commit',
    counts:
      '{{imported}} segments imported, {{unchanged}} unchanged, {{skipped}} skipped (no translation), {{stale}} need a new translation; {{files}} files written.',
    stale: 'Needs a new translation (the source changed; not imported)',
    file: 'File',
    unit: 'Segment',
    oldSource: 'Source when exported',
    currentSource: 'Current source',
    none: '(not in the file)',
    gone: '(deleted)',
  },
};

export default translation;
