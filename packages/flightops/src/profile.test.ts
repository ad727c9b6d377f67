import { describe, expect, it } from 'vitest';
import { effectiveFor, ProfileError, pslOrder, readDu, readFleet, readPsl } from './profile.js';

/** The profile of docs/flightops-profile.md read: DUs with solutions per aircraft, the PSL's order, the fleet; refusals name the file. */
const DU = `<?xml version="1.0" encoding="UTF-8"?>
<du id="DU-21-001" type="procedure" manual="FCOM">
  <title>PACK 1 FAULT</title>
  <solution id="S1"><effectivity msn="0101"/><step>PACK 1 ... OFF</step></solution>
  <solution id="S2"><effectivity msn="0205" mod="12345"/><step>PACK 1 ... OFF</step><step>X BLEED ... SHUT</step></solution>
</du>`;
const PSL = `<psl manual="FCOM" revision="2026-10"><title>FCOM</title>
  <chapter><title>Air conditioning</title><section><title>Procedures</title><duRef ref="DU-21-001"/><duRef ref="DU-21-002"/></section></chapter>
  <chapter><title>Bleed</title><duRef ref="DU-36-001"/></chapter>
</psl>`;
const FLEET = `<fleet><aircraft msn="0101" registration="B-6101"/><aircraft msn="0205" registration="B-6205" mods="12345 20001"/><aircraft msn="0300" registration="B-6300"/></fleet>`;

describe('the flight-operations profile', () => {
  it('a DU with two solutions, each effective for its aircraft (MSN and embodied modification)', () => {
    const du = readDu('du/DU-21-001.xml', DU);
    expect(du).toMatchObject({ id: 'DU-21-001', type: 'procedure', manual: 'FCOM', title: 'PACK 1 FAULT' });
    expect(du.solutions.map((s) => [s.id, s.effectivity])).toEqual([
      ['S1', { msns: ['0101'], mods: [] }],
      ['S2', { msns: ['0205'], mods: ['12345'] }],
    ]);
    const fleet = readFleet('fleet.xml', FLEET);
    const effective = (msn: string) =>
      du.solutions.filter((s) => effectiveFor(s.effectivity, fleet.find((a) => a.msn === msn) ?? { msn, registration: '', mods: [] })).map((s) => s.id);
    expect(effective('0101')).toEqual(['S1']);
    expect(effective('0205')).toEqual(['S2']);
    expect(effective('0300')).toEqual([]);
    expect(effectiveFor({ msns: ['0205'], mods: ['12345'] }, { msn: '0205', registration: '', mods: [] })).toBe(false);
  });

  it('the PSL orders DUs into chapters and sections', () => {
    const psl = readPsl('psl.xml', PSL);
    expect(psl).toMatchObject({ manual: 'FCOM', title: 'FCOM', revision: '2026-10' });
    expect(pslOrder(psl)).toEqual(['DU-21-001', 'DU-21-002', 'DU-36-001']);
    expect(psl.nodes.map((n) => n.title)).toEqual(['Air conditioning', 'Bleed']);
  });

  it('refuses what is not the profile, naming the file and the line, in both languages', () => {
    const broken = (() => {
      try {
        readDu('du/x.xml', '<du id="X" type="memo"><title>t</title><solution/></du>');
      } catch (e) {
        return e;
      }
    })();
    expect(broken).toBeInstanceOf(ProfileError);
    expect((broken as ProfileError).messages).toEqual({
      zh: 'du/x.xml：type“memo”不是 description、procedure、limitation、performance、dispatchItem 之一',
      en: 'du/x.xml: type "memo" is not one of description, procedure, limitation, performance, dispatchItem',
    });
    expect(() => readDu('du/y.xml', '<du id="Y" type="procedure"><title>t</title></du>')).toThrow('du/y.xml: DU Y has no <solution>');
    expect(() => readPsl('psl.xml', '<map/>')).toThrow('psl.xml: the root is <map>, not <psl>');
    expect(() => readFleet('fleet.xml', '<fleet>\n<aircraft></fleet>')).toThrow(/fleet.xml: the XML is not well-formed/);
  });
});
