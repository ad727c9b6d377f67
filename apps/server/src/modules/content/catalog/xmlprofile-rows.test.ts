import { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { PNG_1X1, RECIPE_FILES, RECIPE_PROFILE } from '@ccms/xmlprofile/test/recipe-book';
import { describe, expect, it } from 'vitest';
import type { StoredTocNode } from './toc';
import { xmlProfileRows } from './xmlprofile-rows';

const { libraryType: _t, description: _d, ...written } = RECIPE_PROFILE;
const spec = XmlProfileSpec.parse(written);

function setOf(files: Record<string, string | Buffer>) {
  const entries = new Map(Object.entries(files).map(([p, c], i) => [p, { oid: String(i).padStart(40, '0'), size: c.length }]));
  return { entries, read: (p: string) => (files[p] === undefined ? undefined : Buffer.from(files[p])) };
}

describe('xmlProfileRows', () => {
  it('makes units topics, the grouping file a document with its toc, references links, and located problems', () => {
    const { entries, read } = setOf({
      ...RECIPE_FILES,
      'images/margherita.png': PNG_1X1,
      'menu.xml': '<menu/>',
      'bad.xml': '<recipe id="b">\n<title>x</recipe>',
    });
    const rows = xmlProfileRows(spec, entries, read);
    expect(rows.topics.map((t) => [t.path, t.no, t.title])).toEqual([
      ['recipes/dough.xml', 'dough', 'Pizza dough'],
      ['recipes/margherita.xml', 'margherita', 'Pizza Margherita'],
    ]);
    const [book] = rows.documents;
    expect(book).toMatchObject({ path: 'book.xml', docNbr: 'pizza-book', topicCount: 2, brokenCount: 1 });
    const toc = (book?.toc ?? []) as StoredTocNode[];
    expect(toc.map((n) => [n.t, n.c.map((c) => [c.h, c.p, c.b])])).toEqual([
      ['Basics', [['recipes/dough.xml', 'recipes/dough.xml', false]]],
      [
        'Pizzas',
        [
          ['recipes/margherita.xml', 'recipes/margherita.xml', false],
          ['recipes/calzone.xml', null, true],
        ],
      ],
    ]);
    expect(rows.links.map((l) => [l.sourcePath, l.kind, l.value, l.targetPath])).toEqual([
      ['book.xml', 'topicref', 'recipes/dough.xml', 'recipes/dough.xml'],
      ['book.xml', 'topicref', 'recipes/margherita.xml', 'recipes/margherita.xml'],
      ['book.xml', 'topicref', 'recipes/calzone.xml', null],
      ['recipes/margherita.xml', 'link', 'dough', 'recipes/dough.xml'],
      ['recipes/margherita.xml', 'link', 'tomato-sauce', null],
      ['recipes/margherita.xml', 'image', '../images/margherita.png', 'images/margherita.png'],
    ]);
    expect(rows.resources.map((r) => r.path)).toEqual(['images/margherita.png']);
    expect(rows.problems.map((p) => [p.path, p.code, p.line])).toEqual([
      ['bad.xml', 'xml-syntax', 2],
      ['menu.xml', 'profile-root', 1],
    ]);
    expect(rows.identities.get('recipes/dough.xml')).toBe('dough');
  });

  it('reads only the files of the pattern', () => {
    const { entries, read } = setOf(RECIPE_FILES);
    const rows = xmlProfileRows({ ...spec, filePattern: 'recipes/*.xml' }, entries, read);
    expect(rows.documents).toEqual([]);
    expect(rows.topics).toHaveLength(2);
  });
});
