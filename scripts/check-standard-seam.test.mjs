import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, isScanned, offencesIn, testsDitaName } from './check-standard-seam.mjs';

describe('check-standard-seam: lines that test file names for DITA extensions', () => {
  it.each([
    ['a regex literal of maps', String.raw`const MAP = /\.(ditamap|bookmap)$/i;`],
    ['a regex literal of one extension', String.raw`.regex(/\.dita$/, { message: 'field.invalidFormat' })`],
    ['DITA among other extensions', String.raw`export const isXmlPath = (path: string) => /\.(xml|dita|ditamap|svg)$/i.test(path);`],
    ['a non-capturing group', String.raw`if (/\.(?:xml|ditaval)$/i.test(p)) return;`],
    ['a file-name pattern', String.raw`{ pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*\.dita$/, message: t('add.badFileName') }`],
    ['a class for the dot', `const TOPIC = /[.]dita$/;`],
    ['a regex without the dot, anchored', `const MAP = /(ditamap|bookmap)$/i;`],
    ['capitals', String.raw`const MAP = /\.DITAMAP$/;`],
    ['a RegExp from a string', String.raw`const re = new RegExp('\\.dita$', 'i');`],
    ['a RegExp from a string without the dot', `const re = new RegExp('(ditamap|bookmap)$');`],
    ['endsWith', `const isFile = ditaVal.toLowerCase().endsWith('.ditaval');`],
    ['endsWith in double quotes', `if (name.endsWith(".ditamap")) open(name);`],
    ['includes', `if (path.includes('.bookmap')) return 'map';`],
    ['drizzle like', `or(like(L.sourcePath, '%.ditamap'), like(L.sourcePath, '%.bookmap')),`],
    ['drizzle ilike', `ilike(T.path, '%.dita')`],
    ['SQL written out', String.raw`sql\`select path from t where path LIKE '%.ditamap'\``],
    ['a comparison with the extension', `const kindOf = (s: string) => (s === '.ditamap' || s === '.bookmap' ? 'map' : 'topic');`],
    ['a comparison the other way round', `if ('.dita' !== suffix) return;`],
  ])('flags %s', (_name, line) => {
    expect(testsDitaName(line)).toBe(true);
  });

  it.each([
    ['a placeholder', '<Input placeholder="maps/guide.ditamap" data-testid="add-map-path" />'],
    ['an attribute value', `spec = { name: 'mapref', attrs: { href, format: 'ditamap' } };`],
    ['an attribute test', `if (n.name === 'mapref' || n.attrs.format === 'ditamap') return <LinkOutlined />;`],
    ['a description', `.describe('library path of the new map, e.g. manuals/guide.ditamap'),`],
    ['a message', `'publication.notMap': 'ditaMap: "{path}" is not a DITA map (.ditamap or .bookmap)',`],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a file name built', 'let name = `${slug}.dita`;'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source, placeholder and all
    ['a name in a template literal before a placeholder', 'const href = `topics/a.dita${fragment}`;'],
    ['an element-name regex', String.raw`const root = /<(map|bookmap)\b[^>]*?(\/?)>/.exec(text);`],
    ['a set of root elements', `const MAP_ROOTS = new Set(['map', 'bookmap', 'subjectScheme']);`],
    ['a seed row', `{ suffix: '.ditamap', open: 'map' },`],
    ['a property named like the standard', 'const ditaval = ditavalPath ? { path: ditavalPath } : undefined;'],
    ['a comment', String.raw`// the catalogue used /\.(ditamap|bookmap)$/i here`],
    ['a block comment line', String.raw` * files matching /\.dita$/ are topics`],
    ['the seam', `if (standardOf(row.libraryType).files.roleOf(path) !== 'document') throw badRequest('publication.notMap', { path });`],
    ['an import of the DITA helpers', `import { isDitaMap, TOPIC_EXTENSION } from '@ccms/dita/files';`],
    ['a division', 'const ratio = dita / total / 2;'],
  ])('passes %s', (_name, line) => {
    expect(testsDitaName(line)).toBe(false);
  });

  it('names the offending lines of a text from 1', () => {
    const text = ["import { z } from 'zod';", '', String.raw`const MAP = /\.(ditamap|bookmap)$/i;`, "const x = 'guide.ditamap';"].join('\n');
    expect(offencesIn(text)).toEqual([{ line: 3, text: String.raw`const MAP = /\.(ditamap|bookmap)$/i;` }]);
  });

  it('scans source, not tests, test kits or test folders', () => {
    expect(isScanned('apps/server/src/modules/content/graphic/where-used.ts')).toBe(true);
    expect(isScanned('apps/web/src/features/content/map-editor/components/AddDialog.tsx')).toBe(true);
    expect(isScanned('apps/server/src/modules/content/graphic/where-used.test.ts')).toBe(false);
    expect(isScanned('apps/web/src/features/content/explorer/xml-highlight.test.ts')).toBe(false);
    expect(isScanned('apps/server/src/modules/content/content-test-kit.ts')).toBe(false);
    expect(isScanned('apps/web/src/features/content/topic-editor/model/testing/generate-topics.ts')).toBe(false);
    expect(isScanned('apps/web/src/test/setup.ts')).toBe(false);
    expect(isScanned('e2e/map-editor.spec.ts')).toBe(false);
    expect(isScanned('apps/web/src/features/content/explorer/explorer.css')).toBe(false);
  });
});

describe('check-standard-seam over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports offences as file:line: text, leaves tests and excepted files out, and names exceptions that no longer hold', () => {
    base = mkdtempSync(path.join(tmpdir(), 'seam-'));
    write('apps/server/src/modules/x/x.service.ts', `import a from 'a';\nconst isMap = (p: string) => p.endsWith('.ditamap');\n`);
    write('apps/server/src/modules/x/x.test.ts', `expect(/\\.dita$/.test('a.dita')).toBe(true);\n`);
    write('apps/web/src/features/y/Y.tsx', '<Input placeholder="maps/guide.ditamap" />\n');
    write('apps/server/src/modules/catalog/index-rows.ts', 'export const TOPIC_FILE = /\\.dita$/i;\n');
    write('packages/contracts/src/z.ts', `export const Z = 1;\n`);
    write('packages/dita/src/files.ts', 'const TOPIC = /\\.dita$/i;\n');
    const exceptions = { 'apps/server/src/modules/catalog/index-rows.ts': 'later', 'packages/contracts/src/z.ts': 'converted already' };
    expect(check(base, exceptions)).toEqual({
      offences: ["apps/server/src/modules/x/x.service.ts:2: const isMap = (p: string) => p.endsWith('.ditamap');"],
      staleExceptions: ['packages/contracts/src/z.ts'],
    });
  });

  it('passes a tree that asks the standard', () => {
    base = mkdtempSync(path.join(tmpdir(), 'seam-'));
    write('apps/server/src/modules/x/x.service.ts', "const isMap = (p: string) => standardOf(type).files.roleOf(p) === 'document';\n");
    expect(check(base, {})).toEqual({ offences: [], staleExceptions: [] });
  });
});
