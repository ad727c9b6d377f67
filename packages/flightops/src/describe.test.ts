import { describe, expect, it } from 'vitest';
import { duXml, flightopsPackage } from '../test/kit.js';
import { aircraftOf, checkFlightops, describeFlightops, parseSolutionsFact, solutionsFact } from './describe.js';

describe('describeFlightops', () => {
  it('reads the test package: 30 DUs, the PSL, the fleet; no problem', () => {
    const files = flightopsPackage();
    const kinds = Object.entries(files).map(([f, c]) => describeFlightops(f, c));
    expect(kinds.filter((o) => o.kind === 'du')).toHaveLength(30);
    expect(kinds.flatMap((o) => o.problems)).toEqual([]);
    const psl = kinds.find((o) => o.kind === 'psl');
    expect(psl?.kind === 'psl' && psl.psl.nodes.map((n) => n.title)).toEqual(['Air conditioning', 'Electrical', 'Pneumatic']);
  });

  it('locates every structure fault of a DU, in zh and en', () => {
    const bad = '<du type="memo">\n  <solution id="A"/>\n  <solution id="A"/>\n</du>';
    const problems = checkFlightops('du/X.xml', bad);
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['fo-du-id', 1],
      ['fo-du-type', 1],
      ['fo-du-title', 1],
      ['fo-solution-twice', 3],
    ]);
    expect(problems[1]?.messages.zh).toContain('memo');
    expect(checkFlightops('du/X.xml', '<du id="X">')[0]).toMatchObject({ code: 'fo-not-well-formed', severity: 'error' });
    expect(checkFlightops('du/X.xml', '<psl/>', 'du')[0]).toMatchObject({ code: 'fo-root', messages: { en: 'The root is <psl>, not <du>' } });
  });

  it('keeps solutions and their effectivity as a fact, read back', () => {
    const o = describeFlightops('fcom/du/DU-21-002.xml', duXml(2));
    if (o.kind !== 'du') throw new Error('not a DU');
    const fact = solutionsFact(o.du);
    expect(fact).toBe('S1=0101; S2=0205 + 12345');
    expect(parseSolutionsFact(fact)).toEqual([
      { id: 'S1', effectivity: { msns: ['0101'], mods: [] } },
      { id: 'S2', effectivity: { msns: ['0205'], mods: ['12345'] } },
    ]);
  });

  it('finds an aircraft by MSN or registration', () => {
    const fleet = [{ msn: '0205', registration: 'B-6205', mods: [] }];
    expect(aircraftOf(fleet, 'b-6205')?.msn).toBe('0205');
    expect(aircraftOf(fleet, '0205')?.registration).toBe('B-6205');
    expect(aircraftOf(fleet, '0300')).toBeUndefined();
  });
});
