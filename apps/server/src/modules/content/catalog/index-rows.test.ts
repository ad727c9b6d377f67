import { type DitaProject, loadProject, MemorySource, type Reference } from '@ccms/dita';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countResources,
  documentRow,
  keysOf,
  linksOf,
  ORPHAN_MAP,
  orphanMapXml,
  ownersOf,
  projectOf,
  resourceRow,
  resultOf,
  sameReferences,
  statsOf,
  submapsOf,
  topicRow,
  unchangedResult,
} from './index-rows';

const MAP = (title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map><title>${title}</title>${body}</map>\n`;
const CONCEPT = (id: string, title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="${id}"><title>${title}</title><conbody>${body}</conbody></concept>\n`;

const files: Record<string, string> = {
  'a.ditamap': MAP(
    'Guide A',
    '<keydef keys="prod"><topicmeta><keywords><keyword>Widget</keyword></keywords></topicmeta></keydef>' +
      '<topicref href="topics/one.dita"/><topicref href="topics/gone.dita"/><mapref href="sub.ditamap"/>',
  ),
  'sub.ditamap': MAP('Sub', '<topicref href="topics/two.dita"/>'),
  'b.ditamap': MAP('Guide B', '<topicref href="topics/two.dita"/>'),
  'topics/one.dita': CONCEPT('one', 'One <keyword keyref="prod"/>', '<p>First <xref href="two.dita"/> and <xref href="nowhere.dita"/>.</p>'),
  'topics/two.dita': CONCEPT('two', 'Two', '<p>Second.</p>'),
  'topics/map-as-topic.dita': MAP('Not a topic', ''),
};
const entries = new Map([...Object.keys(files), 'images/logo.png', 'video/intro.mp4', 'notes.txt'].map((p, i) => [p, { oid: `oid${i}`, size: 10 * (i + 1) }]));

let a: DitaProject;
let b: DitaProject;
let loose: DitaProject;
beforeAll(async () => {
  const source = new MemorySource(files);
  a = await loadProject({ source, map: 'a.ditamap' });
  b = await loadProject({ source, map: 'b.ditamap' });
  loose = await loadProject({ source, map: 'topics/map-as-topic.dita' });
});

describe('topic rows', () => {
  it('takes the facts from the owning project, keys resolved, in a folder, with a hash of the row', () => {
    const row = topicRow('topics/one.dita', a);
    expect(row).toMatchObject({ path: 'topics/one.dita', folder: 'topics', no: 'one', title: 'One Widget', docType: 'concept' });
    expect(row?.search).toContain('first');
    expect(row?.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(topicRow('topics/one.dita', a)?.hash).toBe(row?.hash);
    expect(topicRow('topics/two.dita', b)?.hash).not.toBe(row?.hash);
  });

  it('is no row for a map saved as .dita', () => {
    expect(topicRow('topics/map-as-topic.dita', loose)).toBeNull();
  });
});

describe('document rows', () => {
  it('counts the topics present, the broken links and whether another map reads it', () => {
    const submaps = submapsOf(new Map([['a.ditamap', a]]));
    expect([...submaps]).toEqual(['sub.ditamap']);
    const row = documentRow('a.ditamap', a, entries, submaps);
    expect(row).toMatchObject({ path: 'a.ditamap', name: 'Guide A', isSubmap: false, isBookmap: false });
    // one.dita and two.dita exist; gone.dita does not.
    expect(row.topicCount).toBe(2);
    expect(row.brokenCount).toBeGreaterThanOrEqual(2);
    expect(row.files).toEqual(expect.arrayContaining(['a.ditamap', 'sub.ditamap', 'topics/one.dita', 'topics/two.dita']));
    expect(documentRow('sub.ditamap', a, entries, submaps).isSubmap).toBe(true);
  });
});

describe('link rows', () => {
  it("lists a file's references in order, the broken ones with their reason", () => {
    const rows = linksOf('topics/one.dita', [a]);
    expect(rows.map((r) => r.value)).toEqual(expect.arrayContaining(['two.dita', 'nowhere.dita']));
    for (let i = 1; i < rows.length; i++)
      expect((rows[i]?.line ?? 0) * 1e6 + (rows[i]?.col ?? 0)).toBeGreaterThanOrEqual((rows[i - 1]?.line ?? 0) * 1e6 + (rows[i - 1]?.col ?? 0));
    const broken = rows.find((r) => r.value === 'nowhere.dita');
    expect(broken).toMatchObject({ status: 'broken', resolved: false, targetPath: 'topics/nowhere.dita' });
    expect(rows.find((r) => r.value === 'two.dita')).toMatchObject({ resolved: true, targetPath: 'topics/two.dita' });
  });

  it('keeps one row per place, a resolved reading over a broken one', () => {
    const [ref] = a.referencesByFile.get('topics/one.dita') ?? [];
    if (!ref) throw new Error('no reference read');
    const resolved: Reference = { ...ref, status: 'resolved', targetFile: 'x.dita' };
    const broken: Reference = { ...ref, status: 'broken', targetFile: undefined, reason: 'missing' };
    const fake = (r: Reference) => ({ referencesByFile: new Map([['f.dita', [r]]]) }) as unknown as DitaProject;
    expect(linksOf('f.dita', [fake(broken), fake(resolved)])).toEqual([expect.objectContaining({ status: 'resolved', targetPath: 'x.dita' })]);
    expect(linksOf('f.dita', [fake(resolved), fake(broken)])).toHaveLength(1);
  });

  it('compares reference lists by what the rows hold', () => {
    const refs = a.referencesByFile.get('topics/one.dita') ?? [];
    expect(sameReferences(refs, refs)).toBe(true);
    expect(
      sameReferences(
        refs.map((r) => ({ ...r })),
        refs,
      ),
    ).toBe(true);
    expect(sameReferences(undefined, refs)).toBe(false);
    expect(
      sameReferences(
        refs.map((r, i) => (i === 0 ? { ...r, line: r.line + 1 } : r)),
        refs,
      ),
    ).toBe(false);
  });
});

describe('key rows', () => {
  it('lists each key definition once, with its text', () => {
    const keys = keysOf(new Map([['a.ditamap', a]]));
    expect(keys).toEqual([expect.objectContaining({ mapPath: 'a.ditamap', key: 'prod', targetPath: null, text: 'Widget' })]);
  });
});

describe('resource rows', () => {
  it('keeps images and videos with their content type, nothing else', () => {
    expect(resourceRow('images/logo.png', { oid: 'o1', size: 5 })).toEqual({
      path: 'images/logo.png',
      type: 'image',
      size: 5,
      contentType: 'image/png',
      oid: 'o1',
    });
    expect(resourceRow('video/intro.MP4', { oid: 'o2', size: 6 })).toMatchObject({ type: 'video', contentType: 'video/mp4' });
    expect(resourceRow('notes.txt', { oid: 'o3', size: 7 })).toBeNull();
    expect(countResources(entries)).toEqual({ images: 1, videos: 1 });
  });
});

describe('owners and the unmapped-topics map', () => {
  it('gives each file to the first map by path that reads it, else to the unmapped-topics project', () => {
    const projects = new Map([
      ['a.ditamap', a],
      ['b.ditamap', b],
    ]);
    const owners = ownersOf(projects, { project: loose, topics: [] });
    expect(owners.get('topics/two.dita')).toBe('a.ditamap');
    expect(owners.get('topics/map-as-topic.dita')).toBe(ORPHAN_MAP);
    expect(projectOf(projects, { project: loose, topics: [] }, ORPHAN_MAP)).toBe(loose);
    expect(projectOf(projects, null, 'b.ditamap')).toBe(b);
    expect(projectOf(projects, null, undefined)).toBeUndefined();
  });

  it('writes a topicref per topic, its path encoded and escaped', () => {
    const xml = orphanMapXml(['a b.dita', 'x#1&y.dita']);
    expect(xml).toContain('<topicref href="a%20b.dita"/>');
    expect(xml).toContain('<topicref href="x%231&amp;y.dita"/>');
    expect(xml.startsWith('<?xml')).toBe(true);
  });
});

describe('run results', () => {
  const target = { libraryId: 3, branch: 'main', commit: 'c2' };

  it('sums the links and reports what was read', () => {
    const links = new Map([
      ['x', { total: 3, broken: 1 }],
      ['y', { total: 2, broken: 2 }],
    ]);
    const stats = statsOf('full', performance.now(), ['f1', 'f2'], 4, 5, 6, 7, 8, links);
    expect(stats).toMatchObject({ mode: 'full', filesRead: 2, documents: 4, topics: 5, images: 6, videos: 7, keys: 8, links: 5, brokenLinks: 3 });
    const write = {
      documents: { upsert: [{}], remove: ['d'] },
      topics: { upsert: [{}, {}], remove: ['t1', 't2'] },
      resources: { upsert: [], remove: ['r'] },
    } as unknown as Parameters<typeof resultOf>[4];
    const readLog = Array.from({ length: 1200 }, (_, i) => `f${i}`);
    const result = resultOf(target, 'c1', 'incremental', readLog, write, performance.now());
    expect(result).toMatchObject({ previousCommit: 'c1', mode: 'incremental', filesReadCount: 1200, documentsUpdated: 1, topicsUpdated: 2, removed: 4 });
    expect(result.filesRead).toHaveLength(1000);
  });

  it('reports an unchanged branch as nothing read and nothing written', () => {
    expect(unchangedResult(target)).toMatchObject({ commit: 'c2', previousCommit: 'c2', mode: 'unchanged', filesReadCount: 0, removed: 0 });
  });
});

describe('catalogue metadata cascade', () => {
  it('takes othermeta, keywords and resourceid that cascade from the map onto the topic; the topic’s own win', async () => {
    const project = await loadProject({
      source: new MemorySource({
        'm.ditamap': MAP(
          'Manual',
          `<topicmeta><metadata><othermeta name="manualType" content="AMM"/></metadata></topicmeta>
           <topicref href="t/a.dita"><topicmeta><metadata><keywords><keyword>hydraulics</keyword></keywords><othermeta name="revision" content="R7"/></metadata></topicmeta></topicref>
           <topicref href="t/b.dita"/>`,
        ),
        't/a.dita': CONCEPT('a', 'A', '<p>a</p>'),
        't/b.dita': CONCEPT('b', 'B', '<p>b</p>').replace(
          '<title>B</title>',
          '<title>B</title><prolog><metadata><othermeta name="manualType" content="CMM"/></metadata></prolog>',
        ),
      }),
      map: 'm.ditamap',
    });
    const a = topicRow('t/a.dita', project);
    const b = topicRow('t/b.dita', project);
    expect(a).toMatchObject({ manualType: 'AMM', revision: 'R7' });
    expect(a?.meta).toContain('hydraulics');
    // The topic's own othermeta wins over the map's.
    expect(b).toMatchObject({ manualType: 'CMM', revision: '' });
  });
});
