import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ata2300PublishError, assignmentOf, pmModules, tablesOf } from './applicability.js';
import { type Ata2300Object, describeAta2300 } from './describe.js';
import { pairStatus } from './status.js';

const SET = path.resolve(import.meta.dirname, '../test/fcom-set');
const read = (f: string) => readFileSync(path.join(SET, f));
const objects = readdirSync(SET)
  .filter((n) => n.endsWith('.XML'))
  .map((n) => describeAta2300(n, read(n)))
  .filter((o): o is Ata2300Object => o.kind !== 'none');
const { entries } = pairStatus(objects);
const pm = entries.find((e) => e.kind === 'pm');

describe('the applicability of a Spec 2300 set', () => {
  it('reads the ACT attributes and the PCT aircraft', () => {
    const t = tablesOf(entries, read);
    expect(t.act?.content.code).toBe('DMC-CX100-A-00-00-00-00A-00WA-D');
    expect(t.attributes).toEqual([
      { id: 'model', name: 'Model', values: ['CX100-100|CX100-200'] },
      { id: 'msn', name: 'Manufacturer serial number', values: [] },
    ]);
    expect([...t.products]).toEqual([
      ['msn0101', { model: 'CX100-100', msn: '0101' }],
      ['msn0205', { model: 'CX100-200', msn: '0205' }],
    ]);
  });

  it('finds an aircraft by id or MSN; an unknown one is refused', () => {
    const { products } = tablesOf(entries, read);
    expect(assignmentOf({ product: '0205' }, products).assignment).toEqual({ model: 'CX100-200', msn: '0205' });
    expect(assignmentOf({ product: 'msn0101' }, products).assignment).toEqual({ model: 'CX100-100', msn: '0101' });
    expect(() => assignmentOf({ product: '9999' }, products)).toThrow(Ata2300PublishError);
    expect(() => assignmentOf({ product: '0101' }, new Map())).toThrow(expect.objectContaining({ code: 'noPct' }));
  });

  it("lists the PM's nine modules in order, with those of the other aircraft's model not applying", () => {
    if (!pm) throw new Error('no PM');
    const notApplying = (product: string) => {
      const { assignment } = assignmentOf({ product }, tablesOf(entries, read).products);
      const { modules, missing } = pmModules(pm, entries, assignment);
      expect(modules).toHaveLength(9);
      expect(missing).toEqual([]);
      return modules.filter((m) => !m.applies).map((m) => m.entry.content.code);
    };
    // The performance table is CX100-200 only, the trim air valve's MEL item CX100-100 only.
    expect(notApplying('0101')).toEqual(['DMC-CX100-A-21-00-00-00A-051A-A']);
    expect(notApplying('0205')).toEqual(['DMC-CX100-A-21-00-02-00A-081A-A']);
  });
});
