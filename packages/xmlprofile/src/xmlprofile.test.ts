import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { parseXml } from '@ccms/s1000d';
import { describe, expect, it } from 'vitest';
import { PNG_1X1, RECIPE_FILES, RECIPE_PROFILE } from '../test/recipe-book';
import { compileProfile, describeProfileFile, profileResolver } from './describe';
import { patternRegExp, profileFiles, xmlProfileFiles } from './files';
import { grammarError, validateGrammar } from './grammar';
import { publishProfile } from './publish';
import { renderUnit } from './render';
import { evaluate, parseXPathLite } from './xpath';

const profile = compileProfile(RECIPE_PROFILE);
/** PDF needs Chromium and pdftotext (absent on some machines: the HTML5 half still runs). */
const canPrint = existsSync('/usr/bin/chromium') && existsSync('/usr/bin/pdftotext');
const file = (p: string) => RECIPE_FILES[p] ?? '';

describe('XPath-lite', () => {
  const root = parseXml('<a id="1"><b><c k="x">one</c></b><c k="y"> two  words </c></a>').root;
  it('reads attributes, text, children and any depth', () => {
    expect(evaluate(parseXPathLite('@id'), root)).toEqual(['1']);
    expect(evaluate(parseXPathLite('c'), root)).toEqual(['two words']);
    expect(evaluate(parseXPathLite('//c/@k'), root)).toEqual(['x', 'y']);
    expect(evaluate(parseXPathLite('b/*/text()'), root)).toEqual(['one']);
    expect(evaluate(parseXPathLite('/a/b/c/@k'), root.children[0] as never)).toEqual(['x']);
    expect(evaluate(parseXPathLite('/z/@id'), root)).toEqual([]);
  });
  it('refuses what it cannot evaluate', () => {
    for (const bad of ['', '@', 'a[1]', 'a/@b/c', '../a', 'count(a)']) expect(() => parseXPathLite(bad), bad).toThrow();
  });
});

describe('files', () => {
  it('matches a pattern on the whole path', () => {
    expect(patternRegExp('**/*.xml').test('a/b/c.xml')).toBe(true);
    expect(patternRegExp('**/*.xml').test('c.xml')).toBe(true);
    expect(patternRegExp('ftid/*.{xml,ftid}').test('ftid/x.ftid')).toBe(true);
    expect(patternRegExp('ftid/*.{xml,ftid}').test('other/x.xml')).toBe(false);
    expect(profileFiles('recipes/*.xml').isSource('book.xml')).toBe(false);
    expect(xmlProfileFiles.roleOf('img/a.png')).toBe('resource');
    expect(xmlProfileFiles.roleOf('a.xml')).toBe('other');
    expect(xmlProfileFiles.isSource('a.xml')).toBe(true);
  });
});

describe('describe', () => {
  it('reads a unit: identity, title, references with lines', () => {
    const o = describeProfileFile('recipes/margherita.xml', file('recipes/margherita.xml'), profile);
    expect(o).toMatchObject({ kind: 'unit', id: 'margherita', title: 'Pizza Margherita', problems: [] });
    expect(o.refs.map((r) => [r.element, r.value, r.line])).toEqual([
      ['ingredient', 'dough', 5],
      ['ingredient', 'tomato-sauce', 6],
      ['photo', '../images/margherita.png', 12],
    ]);
  });
  it('reads a grouping file as a document with its toc', () => {
    const o = describeProfileFile('book.xml', file('book.xml'), profile);
    expect(o.kind).toBe('document');
    expect(o.toc.map((g) => (g.kind === 'group' ? [g.title, g.items.length] : []))).toEqual([
      ['Basics', 1],
      ['Pizzas', 2],
    ]);
  });
  it('resolves by identity and by path', () => {
    const objects = Object.keys(RECIPE_FILES).map((p) => describeProfileFile(p, file(p), profile));
    const { resolve } = profileResolver(objects);
    const m = objects.find((o) => o.id === 'margherita');
    const [dough, sauce, photo] = m?.refs ?? [];
    expect(dough && resolve(dough, 'recipes/margherita.xml')).toBe('recipes/dough.xml');
    expect(sauce && resolve(sauce, 'recipes/margherita.xml')).toBeUndefined();
    expect(photo && resolve(photo, 'recipes/margherita.xml', (p) => p === 'images/margherita.png')).toBe('images/margherita.png');
  });
  it('says what is wrong, located', () => {
    const bad = describeProfileFile('x.xml', '<recipe id="x">\n<title>t</recipe>', profile);
    expect(bad.problems[0]).toMatchObject({ severity: 'error', code: 'xml-syntax', line: 2 });
    expect(describeProfileFile('y.xml', '<menu/>', profile).problems[0]?.code).toBe('profile-root');
  });
});

describe('grammar', () => {
  const grammar = { kind: 'xsd' as const, name: 'recipe.xsd', text: RECIPE_PROFILE.grammar };
  it('passes a valid file and locates errors', () => {
    expect(validateGrammar(file('recipes/margherita.xml'), grammar)).toEqual([]);
    const problems = validateGrammar('<recipe id="r">\n  <title>t</title>\n  <steps><stp>x</stp></steps>\n</recipe>', grammar);
    expect(problems[0]).toMatchObject({ severity: 'error', code: 'grammar-invalid', line: 3 });
    expect(problems[0]?.messages.en).toContain('stp');
  });
  it('validates against a DTD', () => {
    const dtd = { kind: 'dtd' as const, name: 'r.dtd', text: '<!ELEMENT r (p+)>\n<!ELEMENT p (#PCDATA)>' };
    expect(validateGrammar('<r><p>a</p></r>', dtd)).toEqual([]);
    expect(validateGrammar('<r>\n<q/></r>', dtd).map((p) => p.line)).toEqual([1, 2]);
  });
  it('names a grammar that does not compile', () => {
    expect(grammarError({ kind: 'xsd', name: 'x.xsd', text: '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element/></xs:schema>' })).toBeTruthy();
    expect(grammarError(grammar)).toBeUndefined();
  });
});

describe('render and publish', () => {
  it('renders a unit by the vocabulary', () => {
    const html = renderUnit(file('recipes/dough.xml'), profile);
    expect(html).toContain('<h1 class="x-title">Pizza dough</h1>');
    expect(html).toContain('<ul class="x-steps">');
    expect(html).toContain('<li class="x-step">Let it rise <span class="x-em">two hours</span>.</li>');
  });
  it('publishes the book to HTML5 and PDF (where Chromium is) with the profile CSS', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'xp-'));
    try {
      const src = path.join(dir, 'src');
      for (const [p, text] of Object.entries(RECIPE_FILES)) {
        await mkdir(path.dirname(path.join(src, p)), { recursive: true });
        await writeFile(path.join(src, p), text);
      }
      await mkdir(path.join(src, 'images'));
      await writeFile(path.join(src, 'images/margherita.png'), PNG_1X1);
      const { libraryType: _t, description: _d, ...written } = RECIPE_PROFILE;
      const spec = XmlProfileSpec.parse(written);
      const html = await publishProfile({ dir: src, document: 'book.xml', out: path.join(dir, 'html'), format: 'html5', profile: spec });
      expect(html.units).toEqual(['recipes/dough.xml', 'recipes/margherita.xml']);
      expect(html.missing).toEqual(['recipes/calzone.xml']);
      const page = await readFile(path.join(dir, 'html/recipes_margherita.html'), 'utf8');
      expect(page).toContain('<a href="recipes_dough.html">Dough</a>');
      expect(await readFile(path.join(dir, 'html/profile.css'), 'utf8')).toContain('.x-ingredient { font-weight: bold; }');
      if (!canPrint) return;
      const pdf = await publishProfile({ dir: src, document: 'book.xml', out: path.join(dir, 'pdf'), format: 'pdf', profile: spec });
      const text = execFileSync('pdftotext', [pdf.pdfFile ?? '', '-'], { encoding: 'utf8' });
      expect(text).toContain('The Pizza Book');
      expect(text).toContain('Spread the sauce on the dough.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
