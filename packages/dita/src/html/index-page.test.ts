import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, tempDir } from '../../test/fixture-helpers.js';
import { DEFAULT_CHROMIUM, publishPdf } from '../pdf/pdf-publisher.js';
import { loadProject } from '../project/dita-project.js';
import { MemorySource } from '../source/file-source.js';

// Entries written from the DITA 1.3 specification's indexing examples (3.4.2.x): nested
// indexterms, index-see, index-see-also, index-sort-as, page ranges with @start/@end, and
// indexterms in the prolog.
const files = {
  'map.ditamap': MAP('<topicref href="cheese.dita"/><topicref href="fish.dita"/><topicref href="zh.dita"/>'),
  'cheese.dita': CONCEPT(
    'cheese',
    'Cheese',
    `<p>Feta<indexterm>cheese<indexterm>sheep's milk</indexterm></indexterm> and Brie<indexterm>cheese<indexterm>cow's milk</indexterm></indexterm>.</p>
     <p>Care<indexterm start="care">cheese care</indexterm> starts here.</p><p>And ends here.<indexterm end="care"/></p>
     <p><indexterm><b>Ämmental</b><index-sort-as>Emmental</index-sort-as></indexterm>Holes.</p>`,
    '<prolog><metadata><keywords><indexterm>dairy</indexterm></keywords></metadata></prolog>',
  ),
  'fish.dita': CONCEPT(
    'fish',
    'Fish',
    `<p>Goldfish<indexterm>goldfish</indexterm><indexterm>Carassius auratus<index-see>goldfish</index-see></indexterm>
     <indexterm>carp<index-see-also>goldfish</index-see-also></indexterm><indexterm>cheese<indexterm>sheep's milk</indexterm></indexterm></p>`,
  ),
  'zh.dita': CONCEPT('zh', '中文', '<p>内容<indexterm>奶酪</indexterm></p>'),
};

describe('index', () => {
  it('writes genindex.html: merged, sorted, grouped entries linking to where each term stands', async () => {
    const out = await publishFixture(files);
    expect(out.written).toContain('genindex.html');
    const html = mainOf(out.read('genindex.html'));
    // Sorted by the collation of the map's language (index-sort-as for Ämmental → E).
    const order = ['Carassius auratus', 'carp', 'cheese', 'cheese care', 'dairy', 'Ämmental', 'goldfish', '奶酪'].map((t) =>
      html.indexOf(`<span class="index-term">${t}</span>`),
    );
    expect(order.every((p) => p >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Letter groups with a letter bar.
    expect(html).toContain('<h2>C</h2>');
    expect(html).toContain('<h2>E</h2>');
    // Nested levels, both places of "sheep's milk", one of "cow's milk".
    const cheese = html.slice(html.indexOf('<span class="index-term">cheese</span>'), html.indexOf('<span class="index-term">cheese care</span>'));
    const sheep =
      /sheep's milk<\/span> <span class="index-locators"><a class="index-locator" href="cheese\.html#([^"]+)">Cheese<\/a>, <a class="index-locator" href="fish\.html#([^"]+)">Fish<\/a><\/span>/.exec(
        cheese,
      );
    const cow = /cow's milk<\/span> <span class="index-locators"><a class="index-locator" href="cheese\.html#([^"]+)">Cheese<\/a><\/span>/.exec(cheese);
    // Each locator leads to an anchor right where its term stands.
    expect(out.read('cheese.html')).toContain(`Feta<span class="indexterm" id="${sheep?.[1]}"></span>`);
    expect(out.read('cheese.html')).toContain(`Brie<span class="indexterm" id="${cow?.[1]}"></span>`);
    expect(out.read('fish.html')).toContain(`<span class="indexterm" id="${sheep?.[2]}"></span>`);
    // index-see: a redirection without a locator; index-see-also: a locator and the redirection.
    expect(html).toContain('<span class="index-term">Carassius auratus</span> <span class="index-see"><em>See</em> goldfish</span>');
    expect(html).toMatch(
      /<span class="index-term">carp<\/span> <span class="index-locators">.*?<\/span> <span class="index-see-also"><em>See also<\/em> goldfish<\/span>/,
    );
    // A prolog indexterm points at the topic.
    expect(html).toContain('<span class="index-term">dairy</span> <span class="index-locators"><a class="index-locator" href="cheese.html#cheese">Cheese</a>');
    // The landing page and every page (through nav.js) link to the index.
    expect(out.read('index.html')).toContain('<a href="genindex.html">Index</a>');
    expect(out.read('nav.js')).toContain('window.CCMS_INDEX={"h":"genindex.html","t":"Index"}');
    out.cleanup();
  });

  it('writes no index page for a publication without indexterms', async () => {
    const out = await publishFixture({ 'map.ditamap': MAP('<topicref href="a.dita"/>'), 'a.dita': CONCEPT('a', 'A', '<p>x</p>') });
    expect(out.written).not.toContain('genindex.html');
    expect(out.read('nav.js')).not.toContain('CCMS_INDEX');
    out.cleanup();
  });

  it.skipIf(!existsSync(DEFAULT_CHROMIUM) || !existsSync('/usr/bin/pdftotext'))(
    'ends the PDF with a back-of-book index that gives page numbers, each page once',
    async () => {
      const long = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>'.repeat(40);
      const project = await loadProject({
        source: new MemorySource({
          'map.ditamap': MAP('<topicref href="one.dita"/><topicref href="two.dita"/>'),
          'one.dita': CONCEPT(
            'one',
            'One',
            `<p>Valve<indexterm>valve</indexterm><indexterm>valve</indexterm><indexterm start="seal">seal</indexterm></p>${long}<p>x<indexterm end="seal"/></p>`,
          ),
          'two.dita': CONCEPT('two', 'Two', '<p>Valve again<indexterm>valve</indexterm><indexterm>pump<index-see>valve</index-see></indexterm></p>'),
        }),
        map: 'map.ditamap',
      });
      const out = tempDir();
      const r = await publishPdf(project, { out });
      expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', r.pdfFile ?? '', '-'], { encoding: 'utf8' });
      const pages = text.split('\f');
      const last = pages.filter((p) => p.trim() !== '').at(-1) ?? '';
      expect(last).toContain('Index');
      const pageOf = (word: string): number => pages.findIndex((p, i) => i > 1 && p.includes(word)) + 1;
      const one = pageOf('Valve');
      const two = pageOf('Valve again');
      expect(two).toBeGreaterThan(one + 1);
      // "valve" stands twice on one page and once on another: two numbers.
      expect(last).toMatch(new RegExp(`valve\\s+${one}, ${two}\\b`));
      // The range runs from the first page of "One" to where its end marker is.
      expect(last).toMatch(new RegExp(`seal\\s+${one}–${two - 1}\\b`));
      expect(last).toMatch(/pump\s+See valve/);
      expect(readFileSync(`${out}/print.html`, 'utf8')).toContain('class="print-index"');
    },
  );
});
