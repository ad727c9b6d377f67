import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { s1000dCorpus } from '../../../../../../../test-support/s1000d-corpora';
import { parseXml, serialize } from '../../shared/lossless-xml';
import { schemaOf } from './schema';
import { convertXml, xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { S1000D_VOCABULARY } from './vocabulary';

/** The S1000D Bike sample (s1000d-bike-4.1); absent on a plain clone: the suite is skipped. */
const BIKE = s1000dCorpus('s1000d-bike-4.1');
const files = BIKE ? readdirSync(path.join(BIKE, 'csdb')).filter((n) => n.endsWith('.XML')) : [];
const read = (name: string) => readFileSync(path.join(BIKE ?? '', 'csdb', name), 'utf8');

describe.skipIf(BIKE === undefined)('S1000D data modules in the visual model', () => {
  it('opens and saves every XML object of the Bike set unchanged, internal DTD subset included', () => {
    expect(files.length).toBe(103);
    const schema = schemaOf(S1000D_VOCABULARY);
    const failures: string[] = [];
    let subsets = 0;
    for (const name of files) {
      const xml = read(name);
      if (serialize(parseXml(xml)) !== xml) failures.push(`${name}: lossless-xml`);
      const { doc, editable } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
      if (!editable) failures.push(`${name}: not editable`);
      const out = docToXml(doc, xml, schema);
      if (out !== xml) {
        let i = 0;
        while (i < xml.length && out[i] === xml[i]) i++;
        failures.push(`${name}: differs at ${i}: ${JSON.stringify(xml.slice(i, i + 40))} / ${JSON.stringify(out.slice(i, i + 40))}`);
      }
      if (/<!DOCTYPE dmodule\s*\[[\s\S]*<!NOTATION[\s\S]*<!ENTITY ICN-/.test(xml)) subsets++;
    }
    expect(failures).toEqual([]);
    expect(subsets).toBeGreaterThan(20);
  });

  it('models data modules rather than keeping them whole as islands: procedural steps, levelled paragraphs, warnings', () => {
    const modelled = (name: string) => {
      const names = new Set<string>();
      convertXml(read(name), { vocabulary: S1000D_VOCABULARY }).pmDoc.descendants((n) => {
        names.add(n.type.name);
        return true;
      });
      return names;
    };
    const dms = files.filter((n) => n.startsWith('DMC-') || n.startsWith('DME-'));
    const roots = dms.map((n) => convertXml(read(n), { vocabulary: S1000D_VOCABULARY }).pmDoc.firstChild?.type.name);
    expect(roots.filter((r) => r !== 'dmodule')).toEqual([]);
    const proced = modelled('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML');
    for (const n of ['procedure', 'preliminaryRqmts', 'reqPersons', 'mainProcedure', 'proceduralStep', 'para', 'closeRqmts']) expect(proced, n).toContain(n);
    const descript = modelled('DMC-S1000DBIKE-AAA-DA1-00-00-00AA-041A-A_007-00_EN-US.XML');
    for (const n of ['description', 'levelledPara', 'title', 'para']) expect(descript, n).toContain(n);
    const ipd = modelled('DMC-S1000DBIKE-AAA-D00-00-00-01AA-941A-D_007-00_EN-US.XML');
    for (const n of ['illustratedPartsCatalog', 'figure', 'catalogSeqNumber', 'itemSeqNumber']) expect(ipd, n).toContain(n);
  });
});
