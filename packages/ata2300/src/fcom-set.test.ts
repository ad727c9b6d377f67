import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Ata2300Object, type Ata2300TocItem, describeAta2300 } from './describe.js';
import { ata2300Files } from './files.js';
import { factsOf, pairStatus } from './status.js';

/**
 * The product's own Spec 2300 test set (test/fcom-set, README there): an FCOM chapter of the
 * invented CX100 with a system description, two annunciations, a normal and a non-normal
 * procedure, a limitation, a performance table, two MEL dispatch items, ACT/PCT for two variants
 * and a PM, each module with its status file.
 */
const SET = path.join(import.meta.dirname, '../test/fcom-set');
const files = readdirSync(SET).filter((f) => f.endsWith('.XML'));
const objects = files.map((f) => {
  const o = describeAta2300(f, readFileSync(path.join(SET, f)));
  if (o.kind === 'none') throw new Error(`${f} is not Spec 2300`);
  return o;
});
const byCode = new Map(objects.filter((o) => o.kind === 'dm').map((o) => [o.code, o]));

const flat = (items: Ata2300TocItem[]): Ata2300TocItem[] =>
  items.flatMap((i) => (i.kind === 'pmEntry' || i.kind === 'dmRefGroup' ? [i, ...flat(i.items)] : [i]));

describe('the CX100 FCOM chapter 21 test set', () => {
  it('every file is a Spec 2300 object with no structure problem; the names the product writes say each role', () => {
    expect(objects.length).toBe(24);
    expect(objects.flatMap((o) => o.problems.map((p) => `${o.file}: ${p.message}`))).toEqual([]);
    const kinds: Record<string, number> = {};
    for (const o of objects) kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
    expect(kinds).toEqual({ dm: 11, dmStatus: 11, pm: 1, pmStatus: 1 });
    for (const o of objects) expect(ata2300Files.roleOf(o.file), o.file).toBe(o.kind === 'dm' ? 'unit' : o.kind === 'pm' ? 'document' : 'other');
  });

  it('pairs each module with its status: 12 entries, no problem; the status gives approval and applicability', () => {
    const set = pairStatus(objects);
    expect(set.problems).toEqual([]);
    expect(set.entries.map((e) => e.kind).sort()).toEqual([...Array(11).fill('dm'), 'pm']);
    const perf = set.entries.find((e) => e.content.contentType === 'performance');
    expect(perf && factsOf(perf)).toMatchObject({ applic: 'CX100-200', approvalRequired: 'yes', issueType: 'new', issueDate: '2026-09-15' });
  });

  it('has the content the issue names, titled from the content', () => {
    const types = objects
      .filter((o) => o.kind === 'dm')
      .map((o) => o.contentType)
      .sort();
    expect(types).toEqual([
      'annunciation',
      'annunciation',
      'applicCrossRefTable',
      'dispatchItem',
      'dispatchItem',
      'limitation',
      'nonNormalProcedure',
      'normalProcedure',
      'performance',
      'productCrossRefTable',
      'systemDescription',
    ]);
    expect(byCode.get('DMC-CX100-A-21-00-01-00A-11EA-A')?.title).toBe('PACK 1 FAULT');
  });

  it('the PM lists its nine modules in order under two entries and four groups, each resolving to a module of the set', () => {
    const pm = objects.find((o) => o.kind === 'pm') as Ata2300Object;
    expect(pm.code).toBe('PMC-CX100-CCMS1-00021-01');
    expect(pm.title).toBe('FCOM chapter 21: air conditioning');
    const items = flat(pm.toc ?? []);
    expect(items.filter((i) => i.kind === 'pmEntry').map((i) => (i.kind === 'pmEntry' ? i.title : ''))).toEqual(['Air conditioning', 'Minimum equipment list']);
    expect(items.filter((i) => i.kind === 'dmRefGroup')).toHaveLength(4);
    const titles = items.flatMap((i) => (i.kind === 'dmRef' ? [byCode.get(i.ref.target)?.title] : []));
    expect(titles).toEqual([
      'Air conditioning: description',
      'PACK 1 FAULT',
      'BLEED LEAK',
      'Packs: before start',
      'PACK 1 FAULT',
      'Air conditioning limitations',
      'Fuel penalty with one pack',
      '21-51-01 Pack',
      '21-63-01 Trim air valve',
    ]);
  });

  it('references inside modules resolve by code: the non-normal procedure defers to the normal one; the MEL item names the procedure', () => {
    const refs = objects.filter((o) => o.kind === 'dm').flatMap((o) => o.refs.map((r) => [o.contentType, r.target]));
    expect(refs).toContainEqual(['nonNormalProcedure', 'DMC-CX100-A-21-00-00-00A-131A-A']);
    expect(refs).toContainEqual(['dispatchItem', 'DMC-CX100-A-21-00-01-00A-141A-A']);
    for (const [, target] of refs) expect(byCode.has(target as string), target).toBe(true);
  });
});
