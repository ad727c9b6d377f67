import { ditaFiles } from '@ccms/dita/files';
import { s1000dFiles } from '@ccms/s1000d/files';
import { describe, expect, it } from 'vitest';
import { holdsContent, standardIdOf } from './standard';

describe('holdsContent', () => {
  it('is, for DITA, the maps, topics and .xml files the modules used to list by extension, not DITAVAL or media', () => {
    const names = ['a.dita', 'b.DITAMAP', 'c.bookmap', 'd.xml', 'e.XML', 'f.ditaval', 'g.png', 'h.mp4', 'i.txt', 'j.ditamap.bak', 'topics/k.dita'];
    const before = /\.(dita|ditamap|bookmap|xml)$/i;
    expect(names.filter((n) => holdsContent(ditaFiles, n))).toEqual(names.filter((n) => before.test(n)));
  });

  it('is, for S1000D, the publication and data modules, not BREX, lists or ICNs', () => {
    const held = (name: string) => holdsContent(s1000dFiles, name);
    expect(held('PMC-S1000DBIKE-C3002-EPWG1-00_001-00_EN-US.XML')).toBe(true);
    expect(held('csdb/DMC-S1000DBIKE-AAA-DA0-10-00-00AA-041A-A_009-00_EN-US.XML')).toBe(true);
    expect(held('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D_008-00_EN-US.XML')).toBe(false);
    expect(held('DML-S1000DBIKE-C3002-C-2012-00001_001-01.XML')).toBe(false);
    expect(held('ICN-S1000DBIKE-AAA-D000000-0-U8025-00001-A-001-01.PNG')).toBe(false);
    expect(held('topics/a.dita')).toBe(false);
  });
});

describe('standardIdOf', () => {
  it('reads S1000D libraries as S1000D, ATA2300 libraries as ATA Spec 2300, AirbusFlightOps in the flight-ops profile and every other type as DITA', () => {
    expect(standardIdOf('S1000D')).toBe('s1000d');
    expect(standardIdOf('ATA2300')).toBe('ata2300');
    expect(standardIdOf('AirbusFlightOps')).toBe('flightops');
    expect(['DITA', null, undefined].map(standardIdOf)).toEqual(['dita', 'dita', 'dita']);
    // FTID and types made by an XML profile are read by their profile.
    expect(['FTID', 'RecipeBook'].map(standardIdOf)).toEqual(['xmlprofile', 'xmlprofile']);
  });
});
