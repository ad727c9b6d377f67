import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { s1000dCorpus } from '../../../../../../../test-support/s1000d-corpora';
import { parseXml } from '../../shared/lossless-xml';
import { MapModel } from './map-model';
import { dropPlacement, type MapTreeNode } from './map-tree';
import { emptyPmEntries, PM_VOCABULARY } from './map-vocabulary';

/** The publication modules of the S1000D Bike sample (s1000d-bike-4.1); absent on a plain clone: the suite is skipped. */
const BIKE = s1000dCorpus('s1000d-bike-4.1');
const csdb = path.join(BIKE ?? '', 'csdb');
const read = (name: string) => readFileSync(path.join(csdb, name), 'utf8');
const BRAKE = 'PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML';
const EPWG1 = 'PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
const LOAP1 = 'PMC-S1000DBIKE-C3002-LOAP1-00_000-01_EN-US.XML';

const outline = (nodes: MapTreeNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.name}:${n.href || n.navtitle}`, ...outline(n.children, depth + 1)]);
const flat = (nodes: MapTreeNode[]): MapTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const wellFormed = (text: string) => expect(parseXml(text).errors).toEqual([]);

/** The 121A module of the Bike sample as GET /ccms/topic-editor/dm-refs answers it. */
const DM_121A = {
  dmCode: {
    modelIdentCode: 'S1000DBIKE',
    systemDiffCode: 'AAA',
    systemCode: 'D00',
    subSystemCode: '0',
    subSubSystemCode: '0',
    assyCode: '00',
    disassyCode: '00',
    disassyCodeVariant: 'AA',
    infoCode: '121',
    infoCodeVariant: 'A',
    itemLocationCode: 'A',
  },
  issueInfo: { issueNumber: '001', inWork: '00' },
  language: { languageIsoCode: 'en', countryIsoCode: 'US' },
};

/** The text between <content> and </content>. */
const contentOf = (xml: string) => xml.slice(xml.indexOf('<content>'), xml.indexOf('</content>') + '</content>'.length);

describe.skipIf(BIKE === undefined)('the map model over S1000D publication modules', () => {
  it('gives back every Bike PM byte for byte when nothing is edited, and reads its pmEntry tree', () => {
    const pms = readdirSync(csdb).filter((n) => n.startsWith('PMC-'));
    expect(pms).toHaveLength(4);
    for (const name of pms) {
      const text = read(name);
      const model = MapModel.parse(text, PM_VOCABULARY);
      expect(model.errors, name).toEqual([]);
      expect(model.isMap, name).toBe(true);
      expect(model.toXml(), name).toBe(text);
      expect(model.tree().length, name).toBeGreaterThan(0);
      expect(
        model.tree().every((n) => n.name === 'pmEntry'),
        name,
      ).toBe(true);
    }
    // EPWG1 lists 72 data modules (corpus README fact 1), each shown by its DMC; LOAP1 holds three pmRefs.
    const epwg1 = MapModel.parse(read(EPWG1), PM_VOCABULARY);
    const dmRefs = flat(epwg1.tree()).filter((n) => n.name === 'dmRef');
    expect(dmRefs).toHaveLength(72);
    expect(dmRefs[0]?.href).toBe('DMC-S1000DBIKE-AAA-D00-00-00-00AA-001A-A');
    expect(dmRefs.at(-1)?.href).toBe('DMC-S1000DBIKE-AAA-DA5-30-00-00AA-041A-A');
    expect(dmRefs.every((n) => n.children.length === 0)).toBe(true);
    expect(epwg1.hrefs()).toHaveLength(72);
    const loap = MapModel.parse(read(LOAP1), PM_VOCABULARY);
    expect(loap.tree()[0]?.navtitle).toBe('List of applicable publications');
    expect(
      flat(loap.tree())
        .filter((n) => n.name === 'pmRef')
        .map((n) => n.href),
    ).toEqual(['PMC-S1000DBIKE-C3002-EPWG1-00', 'PMC-BRAKE-C3002-EPWG1-00', 'PMC-S1000DLIGHTING-C3002-EPWG1-00']);
    // A DITA model of the same text shows no tree: the vocabulary decides.
    expect(MapModel.parse(read(BRAKE)).isMap).toBe(false);
  });

  it('shows a dmRef by its DMC and by the title the PM writes for it', () => {
    const model = MapModel.parse(read(BRAKE), PM_VOCABULARY);
    expect(outline(model.tree())).toEqual([
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-D00-00-00-00AA-00WA-D',
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A',
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-DA1-00-00-00AA-341A-A',
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A',
    ]);
    expect(model.tree()[1]?.children[0]?.navtitle).toBe('Brake system - Description of how it is made');
  });

  it('adds a titled pmEntry at the end with a dmRef from a dm-refs answer, indented as the file is (tabs)', () => {
    const text = read(BRAKE);
    const model = MapModel.parse(text, PM_VOCABULARY);
    const entry = model.add({ name: 'pmEntry', title: 'Cleaning & care' }, null);
    expect(model.canAdd('dmRef', null)).toBe(false);
    expect(model.canAdd('dmRef', entry)).toBe(true);
    const ref = model.add({ name: 'dmRef', dmRef: DM_121A }, entry);
    const out = model.toXml();
    wellFormed(out);
    const tail = `\t\t</pmEntry>
\t\t<pmEntry>
\t\t\t<pmEntryTitle>Cleaning &amp; care</pmEntryTitle>
\t\t\t<dmRef>
\t\t\t\t<dmRefIdent>
\t\t\t\t\t<dmCode modelIdentCode="S1000DBIKE" systemDiffCode="AAA" systemCode="D00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="121" infoCodeVariant="A" itemLocationCode="A"/>
\t\t\t\t\t<issueInfo issueNumber="001" inWork="00"/>
\t\t\t\t\t<language languageIsoCode="en" countryIsoCode="US"/>
\t\t\t\t</dmRefIdent>
\t\t\t</dmRef>
\t\t</pmEntry>
\t</content>
</pm>`;
    expect(out.endsWith(tail)).toBe(true);
    // Everything before the new entry is the file as read.
    const kept = text.slice(0, text.lastIndexOf('\t</content>'));
    expect(out.startsWith(kept)).toBe(true);
    expect(model.tree().at(-1)?.navtitle).toBe('Cleaning & care');
    expect(model.parentOf(ref)).toBe(entry);
    expect(model.parentOf(entry)).toBeNull();
    // A dmRef holds no children: "inside" a dmRef is after it.
    const second = model.add({ name: 'dmRef', dmRef: DM_121A }, ref, 'inside');
    expect(model.parentOf(second)).toBe(entry);
    expect(outline(model.tree()).slice(-3)).toEqual([
      'pmEntry:Cleaning & care',
      '  dmRef:DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A',
      '  dmRef:DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A',
    ]);
    expect(() => model.add({ name: 'dmRef', dmRef: DM_121A }, null)).toThrow();
  });

  it('moves by drag and drop: before, after and inside a pmEntry; never inside a dmRef or a dmRef to the top', () => {
    const model = MapModel.parse(read(BRAKE), PM_VOCABULARY);
    const entries = model.tree().map((n) => n.id);
    const refs = model.tree().map((n) => n.children[0]?.id ?? '');
    const [e0, e1, e2, e3] = entries as [string, string, string, string];
    const [r0, , , r3] = refs as [string, string, string, string];
    expect(model.moveTo([r3], r0, 'inside')).toBe(false);
    expect(model.moveTo([r3], e0, 'before')).toBe(false);
    const untouched = model.toXml();
    expect(untouched).toBe(read(BRAKE));
    // The last entry's dmRef into the first entry, after its dmRef.
    expect(model.moveTo([r3], r0, 'after')).toBe(true);
    // The third entry inside the second, then the second entry to the top.
    expect(model.moveTo([e2], e1, 'inside')).toBe(true);
    expect(model.moveTo([e1], e0, 'before')).toBe(true);
    const out = model.toXml();
    wellFormed(out);
    expect(outline(model.tree())).toEqual([
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A',
      '  pmEntry:',
      '    dmRef:DMC-BRAKE-AAA-DA1-00-00-00AA-341A-A',
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-D00-00-00-00AA-00WA-D',
      '  dmRef:DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A',
      'pmEntry:',
    ]);
    // The emptied entry closes itself (the schema refuses it on save); the moved entry is indented a level deeper.
    expect(contentOf(out)).toContain('\t\t<pmEntry/>\n\t</content>');
    expect(contentOf(out)).toContain('\t\t\t<pmEntry>\n\t\t\t\t<dmRef xlink:type="simple"');
    expect(model.element(e3)).toBeDefined();
    // The identification and status section is written as it was.
    const ident = (xml: string) => xml.slice(0, xml.indexOf('<content>'));
    expect(ident(out)).toBe(ident(read(BRAKE)));
  });

  it('deletes an entry with what it holds, and retitles an entry (adds, changes, removes its pmEntryTitle)', () => {
    const text = read(BRAKE);
    const model = MapModel.parse(text, PM_VOCABULARY);
    const [e0, e1] = model.tree().map((n) => n.id) as [string, string];
    model.remove([e1]);
    const removed = model.toXml();
    wellFormed(removed);
    expect(removed).not.toContain('DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A');
    expect(model.tree()).toHaveLength(3);
    const start = text.indexOf('\t\t<pmEntry>', text.indexOf('\t\t</pmEntry>'));
    const end = text.indexOf('\t\t</pmEntry>', start) + '\t\t</pmEntry>\n'.length;
    expect(removed).toBe(text.slice(0, start - 1) + text.slice(end - 1));

    model.setTitle(e0, 'Front matter');
    expect(model.titleOf(e0)).toBe('Front matter');
    expect(model.toXml()).toContain('\t\t<pmEntry>\n\t\t\t<pmEntryTitle>Front matter</pmEntryTitle>\n\t\t\t<dmRef ');
    model.setTitle(e0, 'A < B');
    expect(model.toXml()).toContain('<pmEntryTitle>A &lt; B</pmEntryTitle>');
    model.setTitle(e0, '');
    expect(model.toXml()).toBe(removed);
  });
  it('drops on the top edge of an open entry’s first dmRef before that dmRef (rc-tree reports it as a drop on the entry), on a closed entry as its last child', () => {
    const model = MapModel.parse(read(BRAKE), PM_VOCABULARY);
    const [e0, e1] = model.tree() as [MapTreeNode, MapTreeNode];
    const r1 = e1.children[0]?.id ?? '';
    const r3 = model.tree()[3]?.children[0]?.id ?? '';
    // The last entry's dmRef dropped on the top edge of the second entry's (open) dmRef: rc-tree says "on e1, not in a gap".
    const open = dropPlacement(e1, true, false, 0);
    expect(open).toEqual({ targetId: r1, position: 'before' });
    expect(model.moveTo([r3], open.targetId, open.position)).toBe(true);
    expect(outline(model.tree()).slice(2, 5)).toEqual([
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A',
      '  dmRef:DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A',
    ]);
    wellFormed(model.toXml());
    // On a closed entry the drop appends; in a gap it goes above (-1) or below the node.
    const closed = dropPlacement(model.tree()[0] as MapTreeNode, false, false, 0);
    expect(closed).toEqual({ targetId: e0.id, position: 'inside' });
    expect(model.moveTo([r1], closed.targetId, closed.position)).toBe(true);
    expect(outline(model.tree()).slice(0, 3)).toEqual([
      'pmEntry:',
      '  dmRef:DMC-BRAKE-AAA-D00-00-00-00AA-00WA-D',
      '  dmRef:DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A',
    ]);
    expect(dropPlacement(e1, true, true, -1)).toEqual({ targetId: e1.id, position: 'before' });
    expect(dropPlacement(e1, true, true, 1)).toEqual({ targetId: e1.id, position: 'after' });
    // An open entry that holds nothing takes the drop inside.
    expect(dropPlacement({ id: 'x', children: [] }, true, false, 0)).toEqual({ targetId: 'x', position: 'inside' });
  });

  it('adds a pmRef from a pm-refs answer (pmRefIdent: pmCode, issueInfo, language) into an entry; entries left holding nothing are found by line and column', () => {
    const text = read(BRAKE);
    const model = MapModel.parse(text, PM_VOCABULARY);
    expect(emptyPmEntries(text)).toEqual([]);
    const entry = model.add({ name: 'pmEntry', title: 'Related' }, null);
    const xmlWithEmpty = model.toXml();
    const line = xmlWithEmpty.split('\n').findIndex((l) => l.includes('<pmEntryTitle>Related'));
    // The new entry's start tag is the line above its title, after two tabs.
    expect(emptyPmEntries(xmlWithEmpty)).toEqual([{ line, column: 3 }]);
    expect(model.canAdd('pmRef', entry)).toBe(true);
    expect(model.canAdd('pmRef', null)).toBe(false);
    const ref = model.add(
      {
        name: 'pmRef',
        pmRef: {
          pmCode: { modelIdentCode: 'S1000DLIGHTING', pmIssuer: 'C3002', pmNumber: 'EPWG1', pmVolume: '00' },
          issueInfo: { issueNumber: '000', inWork: '01' },
          language: { languageIsoCode: 'en', countryIsoCode: 'US' },
        },
      },
      entry,
    );
    const out = model.toXml();
    wellFormed(out);
    expect(out).toContain(`\t\t\t<pmEntryTitle>Related</pmEntryTitle>
\t\t\t<pmRef>
\t\t\t\t<pmRefIdent>
\t\t\t\t\t<pmCode modelIdentCode="S1000DLIGHTING" pmIssuer="C3002" pmNumber="EPWG1" pmVolume="00"/>
\t\t\t\t\t<issueInfo issueNumber="000" inWork="01"/>
\t\t\t\t\t<language languageIsoCode="en" countryIsoCode="US"/>
\t\t\t\t</pmRefIdent>
\t\t\t</pmRef>
\t\t</pmEntry>`);
    expect(emptyPmEntries(out)).toEqual([]);
    expect(
      model
        .tree()
        .at(-1)
        ?.children.map((n) => [n.name, n.href]),
    ).toEqual([['pmRef', 'PMC-S1000DLIGHTING-C3002-EPWG1-00']]);
    expect(model.hrefs()).toContain('PMC-S1000DLIGHTING-C3002-EPWG1-00');
    // A pmRef is dragged like a dmRef: into another entry, never to the top.
    const first = model.tree()[0]?.id ?? '';
    expect(model.moveTo([ref], first, 'before')).toBe(false);
    expect(model.moveTo([ref], first, 'inside')).toBe(true);
    // The entry it left holds nothing now: found, nested entries too.
    const emptied = model.toXml();
    const at = emptied.split('\n').findIndex((l) => l.includes('<pmEntryTitle>Related'));
    expect(emptyPmEntries(emptied)).toEqual([{ line: at, column: 3 }]);
    expect(emptyPmEntries('<pm><content><pmEntry><pmEntry><pmEntryTitle>x</pmEntryTitle></pmEntry></pmEntry></content></pm>')).toEqual([
      { line: 1, column: 23 },
    ]);
    expect(emptyPmEntries('<pm><content><pmEntry></content></pm>')).toEqual([]);
  });
});
