import type { XmlProfileBody } from '@ccms/contracts/content/xml-profile';
import { count } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { ccmsXmlProfile } from '../schema';

/**
 * The FTID profile the product ships: no public definition of FTID exists, so this is a starting
 * point an owner adapts to their own FTID files in System Manager → Doctypes → XML profiles
 * (docs/ftid-profile.md says what each part assumes).
 */
export const FTID_PROFILE: XmlProfileBody = {
  libraryType: 'FTID',
  description: 'FTID: a starting point; adapt the roots, paths and vocabulary to your FTID files (docs/ftid-profile.md)',
  filePattern: '**/*.xml',
  unitRoots: ['ftidModule', 'module', 'task', 'description'],
  documentRoots: ['ftidManual', 'manual'],
  idPath: '@id',
  titlePath: 'title',
  references: [
    { element: 'moduleRef', attribute: 'href', target: 'path' },
    { element: 'xref', attribute: 'href', target: 'path' },
    { element: 'link', attribute: 'target', target: 'id' },
    { element: 'graphic', attribute: 'href', target: 'path' },
  ],
  tocGroups: ['chapter', 'section'],
  vocabulary: {
    blocks: ['para', 'note', 'warning', 'caution', 'section', 'figure', 'graphic'],
    lists: ['list', 'steps'],
    listItems: ['item', 'step'],
    tables: ['table'],
    rows: ['row'],
    cells: ['entry', 'cell'],
    inline: ['emphasis', 'xref', 'link', 'term'],
    titles: ['title'],
  },
  css: [
    '.x-note, .x-warning, .x-caution { border-left: 4px solid #999; padding: 0.3em 0.8em; margin: 0.6em 0; }',
    '.x-warning { border-color: #c00; } .x-caution { border-color: #e80; }',
    '.x-emphasis { font-weight: bold; }',
    '.x-para { margin: 0.4em 0; }',
  ].join('\n'),
  grammarKind: 'none',
  grammarName: '',
  grammar: '',
};

/** The shipped profiles, inserted when the table is empty (the first start, or the first after the upgrade that added it). */
export async function seedXmlProfiles(db: Db | Tx) {
  const [row] = await db.select({ n: count() }).from(ccmsXmlProfile);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(ccmsXmlProfile).values({ ...FTID_PROFILE, createBy: 'admin' });
}
