import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishHtml } from '../src/html/html-publisher.js';
import { rebuildHtml } from '../src/html/html-rebuild.js';
import { loadProject } from '../src/project/dita-project.js';
import { FolderSource } from '../src/source/file-source.js';
import type { XmlElement } from '../src/xml/xml-dom.js';
import { childElements, createElement, firstChild, textContent } from '../src/xml/xml-dom.js';
import { CONCEPT, load, MAP, mainOf, publishFixture, tempDir } from './fixture-helpers.js';

/** A prolog as "name(text)[attr=value]" per child, metadata's children in braces. */
function outline(el: XmlElement | undefined): string[] {
  if (el === undefined) return [];
  return [...childElements(el)].map((c) => {
    if (c.name === 'metadata') return `metadata{${outline(c).join(' ')}}`;
    const attrs = Object.entries(c.attrs)
      .filter(([k]) => k !== 'class')
      .map(([k, v]) => `[${k}=${v}]`)
      .join('');
    const text = textContent(c).replace(/\s+/g, ' ').trim();
    return `${c.name}${text !== '' ? `(${text})` : ''}${attrs}`;
  });
}

const TOPIC_PROLOG =
  '<prolog><author>Topic Author</author><source>Topic source</source><publisher>Topic Publisher</publisher>' +
  '<copyright><copyryear year="2020"/><copyrholder>Topic Co</copyrholder></copyright>' +
  '<critdates><created date="2020-01-01"/></critdates><permissions view="all"/>' +
  '<metadata><audience type="user"/><category>topic-cat</category><keywords><keyword>topic-word</keyword></keywords>' +
  '<prodinfo><prodname>TopicProd</prodname></prodinfo><othermeta name="tier" content="bronze"/></metadata>' +
  '<resourceid appid="topic-help"/><data name="level" value="1"/></prolog>';

// DITA 1.3 "Reconciling topic and map metadata elements" (the topicmeta table) and DITA-OT's move-meta-entries.
describe('map metadata reaches the resolved prolog of the topic (move-meta)', () => {
  it('adds every many-valued element of the topicref to the topic, and replaces the single ones', async () => {
    const project = await load({
      'map.ditamap': MAP(
        '<topicref href="t.dita"><topicmeta><navtitle>Nav</navtitle><shortdesc>Link text only</shortdesc>' +
          '<author>Map Author</author><source>Map source</source><publisher>Map Publisher</publisher>' +
          '<copyright><copyryear year="2025"/><copyrholder>Map Co</copyrholder></copyright>' +
          '<critdates><created date="2025-01-01"/><revised modified="2025-02-01"/></critdates><permissions view="internal"/>' +
          '<audience type="administrator"/><category>map-cat</category><keywords><keyword>map-word</keyword></keywords>' +
          '<prodinfo><prodname>MapProd</prodname></prodinfo><othermeta name="tier" content="gold"/><resourceid appid="map-help"/>' +
          '<data name="level" value="2"/><data-about href="t.dita"><data name="about" value="x"/></data-about>' +
          '<foreign outputclass="f">foreign stuff</foreign><unknown outputclass="u">unknown stuff</unknown></topicmeta></topicref>',
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>', TOPIC_PROLOG),
    });
    expect(project.problems).toEqual([]);
    expect(outline(project.prologOf('t.dita'))).toEqual([
      // author, copyright: added after the topic's own.
      'author(Topic Author)',
      'author(Map Author)',
      // source, publisher, critdates, permissions: the map's replaces the topic's (DITA-OT's unique set).
      'source(Map source)',
      'publisher(Map Publisher)',
      'copyright(Topic Co)',
      'copyright(Map Co)',
      'critdates',
      'permissions[view=internal]',
      // The topic's metadata, then the map's audience, category, keywords, prodinfo, othermeta in a metadata of their own.
      'metadata{audience[type=user] category(topic-cat) keywords(topic-word) prodinfo(TopicProd) othermeta[name=tier][content=bronze]}',
      'metadata{audience[type=administrator] category(map-cat) keywords(map-word) prodinfo(MapProd) othermeta[name=tier][content=gold]}',
      'resourceid[appid=topic-help]',
      'resourceid[appid=map-help]',
      'data[name=level][value=1]',
      'data[name=level][value=2]',
      'data-about[href=t.dita]',
      'foreign(foreign stuff)[outputclass=f]',
      'unknown(unknown stuff)[outputclass=u]',
    ]);
    const critdates = firstChild(project.prologOf('t.dita') ?? createElement('prolog'), 'critdates');
    expect(outline(critdates)).toEqual(['created[date=2025-01-01]', 'revised[modified=2025-02-01]']);
    // The topic itself is not modified: it keeps its own prolog for other references.
    const topic = project.docs.get('t.dita')?.firstTopic;
    expect(outline(topic !== undefined ? firstChild(topic, 'prolog') : undefined)).toContain('publisher(Topic Publisher)');
    expect(project.metadataOf('t.dita')).toMatchObject({
      authors: ['Topic Author', 'Map Author'],
      source: 'Map source',
      publisher: 'Map Publisher',
      copyrights: ['2020 Topic Co', '2025 Map Co'],
      created: '2025-01-01',
      revised: ['2025-02-01'],
      permissions: 'internal',
      audiences: ['user', 'administrator'],
      categories: ['topic-cat', 'map-cat'],
      keywords: ['topic-word', 'map-word'],
      products: [{ name: 'TopicProd' }, { name: 'MapProd' }],
      othermeta: [
        { name: 'tier', content: 'bronze' },
        { name: 'tier', content: 'gold' },
      ],
      resourceIds: ['topic-help', 'map-help'],
      data: [
        { name: 'level', value: '1' },
        { name: 'level', value: '2' },
      ],
    });
  });

  it("keeps the topic's own single-valued elements where no map level defines them", async () => {
    const project = await load({
      'map.ditamap': MAP('<topicref href="t.dita"><topicmeta><author>Map Author</author></topicmeta></topicref>'),
      't.dita': CONCEPT('t', 'T', '<p>t</p>', TOPIC_PROLOG),
    });
    expect(project.metadataOf('t.dita')).toMatchObject({
      authors: ['Topic Author', 'Map Author'],
      source: 'Topic source',
      publisher: 'Topic Publisher',
      created: '2020-01-01',
      permissions: 'all',
    });
    expect(outline(project.prologOf('t.dita')).slice(0, 4)).toEqual([
      'author(Topic Author)',
      'author(Map Author)',
      'source(Topic source)',
      'publisher(Topic Publisher)',
    ]);
  });

  it('takes the nearest definition of a single-valued element: topicref, then enclosing topicref, then the map', async () => {
    const project = await load({
      'map.ditamap': MAP(
        '<topicmeta><publisher>Map Publisher</publisher><permissions view="all"/><critdates><created date="2001-01-01"/></critdates></topicmeta>' +
          '<topicref href="outer.dita"><topicmeta><publisher>Outer Publisher</publisher></topicmeta>' +
          '<topicref href="inner.dita"><topicmeta><permissions view="internal"/></topicmeta></topicref></topicref>',
      ),
      'outer.dita': CONCEPT('outer', 'Outer', '<p>o</p>'),
      'inner.dita': CONCEPT('inner', 'Inner', '<p>i</p>', '<prolog><publisher>Inner Topic Publisher</publisher></prolog>'),
    });
    expect(project.metadataOf('outer.dita')).toMatchObject({ publisher: 'Outer Publisher', permissions: 'all', created: '2001-01-01' });
    expect(project.metadataOf('inner.dita')).toMatchObject({ publisher: 'Outer Publisher', permissions: 'internal', created: '2001-01-01' });
    expect(outline(project.prologOf('inner.dita')).filter((c) => c.startsWith('publisher') || c.startsWith('permissions'))).toEqual([
      'publisher(Outer Publisher)',
      'permissions[view=internal]',
    ]);
  });

  it('replaces the topic\'s search title with the topicref\'s (searchtitle: "Replace", does not cascade)', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref href="t.dita"><topicmeta><searchtitle>Map search title</searchtitle></topicmeta><topicref href="u.dita"/></topicref><topicref href="v.dita"/>',
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>', '<titlealts><searchtitle>Topic search title</searchtitle></titlealts>'),
      'u.dita': CONCEPT('u', 'U', '<p>u</p>'),
      'v.dita': CONCEPT('v', 'V', '<p>v</p>', '<titlealts><searchtitle>V search title</searchtitle></titlealts>'),
    });
    expect(out.project.metadataOf('t.dita')?.searchtitle).toBe('Map search title');
    expect(out.project.metadataOf('u.dita')?.searchtitle).toBeUndefined();
    expect(out.project.metadataOf('v.dita')?.searchtitle).toBe('V search title');
    // The search title titles the page's window, as in DITA-OT; the page's heading keeps the topic's title.
    expect(out.read('t.html')).toContain('<title>Map search title - Test map</title>');
    expect(mainOf(out.read('t.html'))).toContain('>T</h1>');
    expect(out.read('v.html')).toContain('<title>V search title - Test map</title>');
    expect(out.read('u.html')).toContain('<title>U - Test map</title>');
    out.cleanup();
  });

  it("brings the map's own topicmeta (cascading elements) to every topic, nested and in submaps", async () => {
    const project = await load({
      'map.ditamap': MAP(
        '<topicmeta><author>Map Author</author><audience type="programmer"/><copyright><copyryear year="2026"/><copyrholder>Acme</copyrholder></copyright>' +
          '<keywords><keyword>map-only</keyword></keywords></topicmeta>' +
          '<topicref href="a.dita"><topicref href="b.dita"><topicref href="c.dita"/></topicref></topicref><mapref href="sub.ditamap"/>',
      ),
      'sub.ditamap':
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map><topicref href="d.dita"/></map>\n',
      'a.dita': CONCEPT('a', 'A', '<p>a</p>'),
      'b.dita': CONCEPT('b', 'B', '<p>b</p>'),
      'c.dita': CONCEPT('c', 'C', '<p>c</p>'),
      'd.dita': CONCEPT('d', 'D', '<p>d</p>'),
    });
    expect(project.problems).toEqual([]);
    for (const file of ['a.dita', 'b.dita', 'c.dita', 'd.dita']) {
      expect(outline(project.prologOf(file)), file).toEqual(['author(Map Author)', 'copyright(Acme)', 'metadata{audience[type=programmer]}']);
      // keywords do not cascade ("Does it cascade": No), so the map-level one applies to no topic.
      expect(project.metadataOf(file)?.keywords, file).toEqual([]);
    }
  });
});

describe('the resolved prolog in the published output', () => {
  it("writes the topicref's metadata into the page head <meta>", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicmeta><publisher>Map Publisher</publisher></topicmeta>' +
          '<topicref href="t.dita"><topicmeta><source>Map source</source><permissions view="internal"/><resourceid appid="help-t"/>' +
          '<data name="audience-level" value="expert"/><othermeta name="tier" content="gold"/><prodinfo><prodname>Widget</prodname><vrmlist><vrm version="3"/></vrmlist></prodinfo>' +
          '<critdates><created date="2025-01-01"/><revised modified="2025-03-01"/></critdates><category>setup</category></topicmeta></topicref>',
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>', '<prolog><publisher>Topic Publisher</publisher><critdates><created date="2020-01-01"/></critdates></prolog>'),
    });
    const head = out.read('t.html').split('</head>')[0] ?? '';
    expect(head).toContain('<meta name="dcterms.publisher" content="Map Publisher">');
    expect(head).not.toContain('Topic Publisher');
    expect(head).toContain('<meta name="dcterms.created" content="2025-01-01">');
    expect(head).toContain('<meta name="dcterms.modified" content="2025-03-01">');
    expect(head).toContain('<meta name="dcterms.source" content="Map source">');
    expect(head).toContain('<meta name="dcterms.accessRights" content="internal">');
    expect(head).toContain('<meta name="resourceid" content="help-t">');
    expect(head).toContain('<meta name="audience-level" content="expert">');
    expect(head).toContain('<meta name="tier" content="gold">');
    expect(head).toContain('<meta name="prodname" content="Widget">\n<meta name="version" content="3">');
    expect(head).toContain('<meta name="dcterms.subject" content="setup">');
    out.cleanup();
  });

  it("indexes the indexterms of the topicref's keywords at the topic, and searches its keywords", async () => {
    const out = await publishFixture({
      'map.ditamap': MAP(
        '<topicref href="t.dita"><topicmeta><keywords><keyword>zanzibar</keyword><indexterm>Map entry</indexterm></keywords></topicmeta></topicref><topicref href="u.dita"/>',
      ),
      't.dita': CONCEPT('t', 'T', '<p>t</p>'),
      'u.dita': CONCEPT('u', 'U', '<p>u</p>'),
    });
    expect(out.written).toContain('genindex.html');
    const index = mainOf(out.read('genindex.html'));
    expect(index).toContain('Map entry');
    expect(index).toContain('href="t.html');
    const search = JSON.parse(out.read('search-index.json')) as Array<{ u: string; k: string[] }>;
    expect(search.find((e) => e.u === 't.html')?.k).toContain('zanzibar');
    expect(search.find((e) => e.u === 'u.html')?.k).not.toContain('zanzibar');
    out.cleanup();
  });
});

describe('an incremental rebuild after the map metadata changed', () => {
  it("renders again the pages whose topicref's metadata (own or cascaded) changed, and only those", async () => {
    const work = tempDir();
    const src = path.join(work, 'src');
    mkdirSync(src);
    const map = (author: string): string =>
      MAP(`<topicref href="a.dita"><topicmeta><author>${author}</author></topicmeta><topicref href="b.dita"/></topicref><topicref href="c.dita"/>`);
    writeFileSync(path.join(src, 'map.ditamap'), map('First Author'));
    for (const id of ['a', 'b', 'c']) writeFileSync(path.join(src, `${id}.dita`), CONCEPT(id, id.toUpperCase(), `<p>${id}</p>`));
    try {
      const build = await publishHtml(await loadProject({ source: new FolderSource(src), map: 'map.ditamap' }), { out: path.join(work, 'out') });
      expect(readFileSync(path.join(work, 'out', 'b.html'), 'utf8')).toContain('<meta name="author" content="First Author">');
      writeFileSync(path.join(src, 'map.ditamap'), map('Second Author'));
      const r = await rebuildHtml(build, ['map.ditamap']);
      expect(r.rebuilt.sort()).toEqual(['a.html', 'b.html']);
      for (const page of ['a.html', 'b.html']) {
        const head = readFileSync(path.join(work, 'out', page), 'utf8').split('</head>')[0] ?? '';
        expect(head, page).toContain('<meta name="author" content="Second Author">');
        expect(head, page).not.toContain('First Author');
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
