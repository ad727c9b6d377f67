import { describe, expect, it } from 'vitest';
import { mergeRevision } from './revision-merge';

/**
 * The issue's case: 30 DUs with solutions for two aircraft, an airline copy with 5 edits, a new
 * manufacturer revision touching 8 DUs, 3 of them edited by the airline and 1 of those on the same
 * line. Every airline edit is kept, every untouched DU takes the revision, exactly the one conflict
 * is listed with its three versions, and the report names the changed DUs.
 */
const du = (n: number, lines: Partial<Record<'title' | 'msn1' | 'msn2' | 'note', string>> = {}) => {
  const id = `DU-${String(n).padStart(3, '0')}`;
  return [
    `<du id="${id}">`,
    `  <title>${lines.title ?? `Procedure ${n}`}</title>`,
    '  <solution effectivity="MSN 0101">',
    `    <para>${lines.msn1 ?? `Step for MSN 0101, DU ${n}.`}</para>`,
    '  </solution>',
    '  <solution effectivity="MSN 0205">',
    `    <para>${lines.msn2 ?? `Step for MSN 0205, DU ${n}.`}</para>`,
    '  </solution>',
    `  <note>${lines.note ?? 'none'}</note>`,
    '</du>',
  ].join('\n');
};
const path = (n: number) => `fcom/du/DU-${String(n).padStart(3, '0')}.xml`;
const set = (edits: Record<number, Parameters<typeof du>[1]>) => new Map(Array.from({ length: 30 }, (_, i) => [path(i + 1), du(i + 1, edits[i + 1])]));

describe('a manufacturer revision onto an airline copy', () => {
  const base = set({});
  // The airline's five edits: its own notes on DUs 3, 7, 11 and 20, a reworded step on DU 25.
  const airlineEdits = {
    3: { note: 'Airline: brief the cabin' },
    7: { note: 'Airline: see OM-A 8.3' },
    11: { note: 'Airline note' },
    20: { note: 'Airline: company SOP' },
    25: { msn2: 'Airline wording for MSN 0205.' },
  };
  const airline = set(airlineEdits);
  // The revision: titles of DUs 1, 2, 4, 5 and 6 (untouched by the airline), steps of DUs 3 and 7 (edited by the airline elsewhere), the MSN 0205 step of DU 25 (which the airline reworded).
  const manufacturer = set({
    1: { title: 'Procedure 1 (rev 2)' },
    2: { title: 'Procedure 2 (rev 2)' },
    4: { msn1: 'Revised step for MSN 0101, DU 4.' },
    5: { msn2: 'Revised step for MSN 0205, DU 5.' },
    6: { title: 'Procedure 6 (rev 2)' },
    3: { msn1: 'Revised step for MSN 0101, DU 3.' },
    7: { title: 'Procedure 7 (rev 2)' },
    25: { msn2: 'Manufacturer wording for MSN 0205.' },
  });
  const { files, report } = mergeRevision(base, manufacturer, airline);

  it('keeps every airline edit and takes every DU the airline did not touch', () => {
    expect(report.revised).toEqual([1, 2, 4, 5, 6].map(path));
    for (const n of [1, 2, 4, 5, 6]) expect(files.get(path(n))).toBe(manufacturer.get(path(n)));
    expect(report.airlineKept).toEqual([11, 20].map(path));
    for (const n of [11, 20]) expect(files.get(path(n))).toBe(airline.get(path(n)));
    for (const n of [8, 9, 10, 30]) expect(files.get(path(n))).toBe(base.get(path(n)));
    expect(files.size).toBe(30);
  });

  it('merges the two DUs both changed on different lines: the revision and the airline edit together', () => {
    expect(report.merged).toEqual([3, 7].map(path));
    expect(files.get(path(3))).toBe(du(3, { msn1: 'Revised step for MSN 0101, DU 3.', note: 'Airline: brief the cabin' }));
    expect(files.get(path(7))).toBe(du(7, { title: 'Procedure 7 (rev 2)', note: 'Airline: see OM-A 8.3' }));
  });

  it('lists exactly the one conflict with its three versions and the line it meets; the airline text stays until resolved', () => {
    expect(report.conflicts).toEqual([
      {
        path: path(25),
        reason: 'bothChanged',
        base: base.get(path(25)),
        manufacturer: manufacturer.get(path(25)),
        airline: airline.get(path(25)),
        lines: [{ from: 7, to: 7 }],
      },
    ]);
    expect(files.get(path(25))).toBe(airline.get(path(25)));
    expect(report.added).toEqual([]);
    expect(report.deleted).toEqual([]);
  });
});

describe('DUs added and removed', () => {
  const base = new Map([
    ['a.xml', 'A'],
    ['b.xml', 'B'],
    ['c.xml', 'C'],
    ['d.xml', 'D'],
  ]);
  it('a new DU is added; one removed by the revision goes unless the airline changed it; one the airline removed stays removed unless revised', () => {
    const manufacturer = new Map([
      ['a.xml', 'A'],
      ['c.xml', 'C2'],
      ['d.xml', 'D2'],
      ['n.xml', 'N'],
    ]);
    const airline = new Map([
      ['a.xml', 'A'],
      ['b.xml', 'B'],
      ['c.xml', 'C'],
      ['own.xml', 'airline only'],
    ]);
    const { files, report } = mergeRevision(base, manufacturer, airline);
    expect(report.added).toEqual(['n.xml']);
    expect(report.deleted).toEqual(['b.xml']);
    expect(report.revised).toEqual(['c.xml']);
    expect(report.conflicts.map((c) => [c.path, c.reason])).toEqual([['d.xml', 'deletedByAirline']]);
    expect([...files.keys()].sort()).toEqual(['a.xml', 'c.xml', 'n.xml', 'own.xml']);
    expect(files.get('c.xml')).toBe('C2');
  });

  it('a DU the revision removes after the airline changed it is a conflict kept in the airline’s text', () => {
    const { files, report } = mergeRevision(base, new Map([['a.xml', 'A']]), new Map([...base, ['b.xml', 'B airline']]));
    expect(report.conflicts.map((c) => [c.path, c.reason])).toEqual([['b.xml', 'deletedByManufacturer']]);
    expect(files.get('b.xml')).toBe('B airline');
    expect(report.deleted).toEqual(['c.xml', 'd.xml']);
  });
});
