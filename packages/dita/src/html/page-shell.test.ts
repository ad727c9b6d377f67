import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, publishFixture } from '../../test/fixture-helpers.js';

const PROLOG = (author: string, keywords: string[], extra = ''): string =>
  `<prolog><author>${author}</author>${extra}<metadata><keywords>${keywords.map((k) => `<keyword>${k}</keyword>`).join('')}</keywords></metadata></prolog>`;

/** The <head> of a page, which holds the <meta> tags. */
const headOf = (html: string): string => html.slice(0, html.indexOf('</head>'));

describe('the <head> of a page built from several topics', () => {
  it('writes every topic’s resolved prolog: a chunk (chunk="to-content") with its map metadata', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(`<topicref href="p.dita" chunk="to-content">
          <topicref href="c.dita"><topicmeta><audience type="administrator"/></topicmeta></topicref></topicref>`),
      'p.dita': CONCEPT('p', 'Parent', '<p>p</p>', PROLOG('Ann', ['alpha'], '<critdates><created date="2020-01-01"/></critdates>')),
      'c.dita': CONCEPT(
        'c',
        'Child',
        '<p>c</p>',
        PROLOG('Bob', ['alpha', 'beta'], '<publisher>Acme</publisher><critdates><created date="2021-01-01"/></critdates>'),
      ),
    });
    expect(out.written).not.toContain('c.html');
    const head = headOf(out.read('p.html'));
    expect(head).toContain('<meta name="author" content="Ann">\n<meta name="author" content="Bob">');
    // Keywords once each, in the topics' order.
    expect(head).toContain('<meta name="keywords" content="alpha, beta">');
    // A single element: the first topic's that has one.
    expect(head).toContain('<meta name="dcterms.created" content="2020-01-01">');
    expect(head).not.toContain('2021-01-01');
    expect(head).toContain('<meta name="dcterms.publisher" content="Acme">');
    // The second topic's map metadata (its topicref's audience) is there too.
    expect(head).toContain('<meta name="dcterms.audience" content="administrator">');
    out.cleanup();
  });

  it('writes the metadata of every topic of a <dita> document, which is one page', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="both.dita"/>'),
      'both.dita': `<?xml version="1.0" encoding="UTF-8"?>
<dita><concept id="one"><title>One</title>${PROLOG('Ann', ['first'])}<conbody><p>1</p></conbody></concept>
<concept id="two"><title>Two</title>${PROLOG('Cy', ['second'])}<conbody><p>2</p></conbody></concept></dita>`,
    });
    const head = headOf(out.read('both.html'));
    expect(head).toContain('<meta name="author" content="Ann">\n<meta name="author" content="Cy">');
    expect(head).toContain('<meta name="keywords" content="first, second">');
    out.cleanup();
  });
});
