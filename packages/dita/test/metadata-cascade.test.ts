import { describe, expect, it } from 'vitest';
import { CONCEPT, load, MAP, publishFixture } from './fixture-helpers.js';

const SUBMAP = (meta: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map>${meta}${body}</map>\n`;

describe('map metadata cascades into topics (DITA 1.3 2.2.4.x, reconciling topic and map metadata)', () => {
  it('follows the map-to-map example: audience on the mapref and in the submap both reach its topics; shortdesc does not', async () => {
    // archSpec "Cascading of metadata elements from map to map", test-2.ditamap / b.ditamap.
    const project = await load({
      'map.ditamap': MAP(
        '<topicref href="a.ditamap" format="ditamap"><topicmeta><shortdesc>This map contains information about Acme defects.</shortdesc></topicmeta></topicref>' +
          '<topicref href="b.ditamap" format="ditamap"><topicmeta><audience type="programmer"/></topicmeta></topicref>',
      ),
      'a.ditamap': SUBMAP('', '<topicref href="a-1.dita"/>'),
      'b.ditamap': SUBMAP('<topicmeta><audience type="writer"/></topicmeta>', '<topicref href="b-1.dita"/><topicref href="b-2.dita"/>'),
      'a-1.dita': CONCEPT('a1', 'A1', '<p>a</p>'),
      'b-1.dita': CONCEPT('b1', 'B1', '<p>b</p>'),
      'b-2.dita': CONCEPT('b2', 'B2', '<p>b</p>'),
    });
    expect(project.problems).toEqual([]);
    // "processed as though they each contained <audience type="programmer"/> <audience type="writer"/>"
    expect(project.metadataOf('b-1.dita')?.audiences).toEqual(['programmer', 'writer']);
    expect(project.metadataOf('b-2.dita')?.audiences).toEqual(['programmer', 'writer']);
    expect(project.metadataOf('a-1.dita')?.audiences).toEqual([]);
  });

  it('adds author, category, prodinfo to nested topicrefs; keywords, othermeta and resourceid stay with their own topicref', async () => {
    const project = await load({
      'map.ditamap': MAP(
        '<topicref href="parent.dita"><topicmeta><author>Jane Doe</author><category>installation</category>' +
          '<prodinfo><prodname>Widget</prodname><vrmlist><vrm version="2"/></vrmlist></prodinfo>' +
          '<keywords><keyword>parent-only</keyword></keywords><othermeta name="tier" content="gold"/><resourceid appid="help-parent"/></topicmeta>' +
          '<topicref href="child.dita"><topicmeta><keywords><keyword>child word</keyword></keywords></topicmeta></topicref></topicref>',
      ),
      'parent.dita': CONCEPT(
        'parent',
        'Parent',
        '<p>p</p>',
        '<prolog><author>Topic Author</author><metadata><keywords><keyword>own</keyword></keywords></metadata></prolog>',
      ),
      'child.dita': CONCEPT('child', 'Child', '<p>c</p>'),
    });
    const parent = project.metadataOf('parent.dita');
    expect(parent).toMatchObject({
      authors: ['Topic Author', 'Jane Doe'],
      keywords: ['own', 'parent-only'],
      categories: ['installation'],
      products: [{ name: 'Widget', version: '2' }],
      othermeta: [{ name: 'tier', content: 'gold' }],
      resourceIds: ['help-parent'],
    });
    const child = project.metadataOf('child.dita');
    expect(child).toMatchObject({
      authors: ['Jane Doe'],
      keywords: ['child word'],
      categories: ['installation'],
      products: [{ name: 'Widget', version: '2' }],
      othermeta: [],
      resourceIds: [],
    });
  });

  it("replaces the topic's critdates, publisher, permissions and source with the nearest map ones (DITA-OT 4.x)", async () => {
    const project = await load({
      'map.ditamap': MAP(
        '<topicmeta><publisher>Map Publisher</publisher></topicmeta>' +
          '<topicref href="t.dita"><topicmeta><critdates><created date="2024-01-01"/><revised modified="2024-06-01"/></critdates><permissions view="internal"/></topicmeta></topicref>' +
          '<topicref href="u.dita"><topicmeta><publisher>Nearer Publisher</publisher></topicmeta></topicref>',
      ),
      't.dita': CONCEPT(
        't',
        'T',
        '<p>t</p>',
        '<prolog><publisher>Topic Publisher</publisher><critdates><created date="2020-01-01"/><revised modified="2021-01-01"/></critdates><permissions view="all"/></prolog>',
      ),
      'u.dita': CONCEPT('u', 'U', '<p>u</p>', '<prolog><publisher>Topic Publisher</publisher></prolog>'),
    });
    expect(project.metadataOf('t.dita')).toMatchObject({ publisher: 'Map Publisher', created: '2024-01-01', revised: ['2024-06-01'], permissions: 'internal' });
    expect(project.metadataOf('u.dita')?.publisher).toBe('Nearer Publisher');
  });

  it('writes the cascaded metadata into the page head', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicmeta><author>Map Author</author><copyright><copyryear year="2025"/><copyrholder>Acme</copyrholder></copyright></topicmeta>' +
          '<topicref href="t.dita"><topicmeta><audience type="administrator"/><keywords><keyword>setup</keyword></keywords></topicmeta></topicref>',
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
    });
    const head = out.read('t.html');
    expect(head).toContain('<meta name="author" content="Map Author">');
    expect(head).toContain('<meta name="keywords" content="setup">');
    expect(head).toContain('<meta name="dcterms.rights" content="© 2025 Acme">');
    expect(head).toContain('<meta name="dcterms.audience" content="administrator">');
    out.cleanup();
  });
});
