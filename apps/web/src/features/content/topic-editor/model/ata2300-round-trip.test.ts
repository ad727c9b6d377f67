import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseXml, serialize } from '../../shared/lossless-xml';
import { schemaOf } from './schema';
import { convertXml, xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { ATA2300_VOCABULARY, vocabularyFor } from './vocabulary';

/** The CX100 FCOM test set of packages/ata2300 (in the repository: never skipped). */
const SET = path.resolve(__dirname, '../../../../../../../packages/ata2300/test/fcom-set');
const files = readdirSync(SET).filter((n) => n.endsWith('.XML'));
const read = (name: string) => readFileSync(path.join(SET, name), 'utf8');

const modelled = (name: string) => {
  const names = new Set<string>();
  convertXml(read(name), { vocabulary: ATA2300_VOCABULARY }).pmDoc.descendants((n) => {
    names.add(n.type.name);
    return true;
  });
  return names;
};

describe('ATA Spec 2300 modules in the visual model', () => {
  it('is the vocabulary of the ata2300 standard', () => {
    expect(vocabularyFor('ata2300')).toBe(ATA2300_VOCABULARY);
  });

  it('opens and saves every XML object of the test set unchanged', () => {
    expect(files.length).toBe(24);
    const schema = schemaOf(ATA2300_VOCABULARY);
    const failures: string[] = [];
    for (const name of files) {
      const xml = read(name);
      if (serialize(parseXml(xml)) !== xml) failures.push(`${name}: lossless-xml`);
      const { doc, editable } = xmlToDoc(xml, { vocabulary: ATA2300_VOCABULARY });
      if (!editable) failures.push(`${name}: not editable`);
      const out = docToXml(doc, xml, schema);
      if (out !== xml) {
        let i = 0;
        while (i < xml.length && out[i] === xml[i]) i++;
        failures.push(`${name}: differs at ${i}: ${JSON.stringify(xml.slice(i, i + 40))} / ${JSON.stringify(out.slice(i, i + 40))}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('models procedures, annunciations and dispatch items rather than keeping them whole as islands', () => {
    const normal = modelled('DMC-CX100-A-21-00-00-00A-131A-A_EN-US.XML');
    for (const n of [
      'dmodule',
      'content',
      'normalProcedure',
      'title',
      'procContent',
      'action',
      'challengeResponse',
      'challenge',
      'response',
      'command',
      'endOfProc',
      'para',
    ])
      expect(normal, n).toContain(n);
    const nonNormal = modelled('DMC-CX100-A-21-00-01-00A-141A-A_EN-US.XML');
    for (const n of [
      'nonNormalProcedure',
      'timeAction',
      'condition',
      'caseCond',
      'simultaneousActions',
      'simultaneousStep',
      'deferredProcedures',
      'inline_ref',
    ])
      expect(nonNormal, n).toContain(n);
    const annunciation = modelled('DMC-CX100-A-21-00-02-00A-11EA-A_EN-US.XML');
    for (const n of ['annunciation', 'triggeringConditions', 'inhibitConditions']) expect(annunciation, n).toContain(n);
    const dispatch = modelled('DMC-CX100-A-21-00-01-00A-081A-A_EN-US.XML');
    for (const n of ['dispatchItem', 'dispatchCondition', 'normalDispatchCondition', 'proviso', 'remarks']) expect(dispatch, n).toContain(n);
    for (const n of ['systemDescription', 'limitation', 'limitContent', 'performance', 'perfoContent'])
      expect(
        new Set([
          ...modelled('DMC-CX100-A-21-00-00-00A-040A-A_EN-US.XML'),
          ...modelled('DMC-CX100-A-21-00-00-00A-031A-A_EN-US.XML'),
          ...modelled('DMC-CX100-A-21-00-00-00A-051A-A_EN-US.XML'),
        ]),
        n,
      ).toContain(n);
  });
});
