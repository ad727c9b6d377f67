/** Facts 1 and 2 of ../shared/corpora/s1000d-fossig-4.2/README.md (fact 3, schemas, belongs to validate/). */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Csdb, readCsdbFolder } from '../src/index.js';
import { s1000dCorpus } from './corpora.js';

const corpus = s1000dCorpus('s1000d-fossig-4.2');

describe.skipIf(corpus === undefined)('S1000D FOSSIG 4.2 CSDB', () => {
  let db: Csdb;
  beforeAll(() => {
    db = readCsdbFolder(path.join(corpus ?? '', 'csdb'));
  });

  it('recognises 10 data modules, the DML, the PM and 5 graphics (2- and 4-character assembly codes), Issue 4.2', () => {
    const kinds: Record<string, number> = {};
    for (const o of db.objects) kinds[o.kind] = (kinds[o.kind] ?? 0) + 1;
    expect(kinds).toEqual({ dm: 10, dml: 1, pm: 1, icn: 5 });
    expect(db.objects.filter((o) => o.kind !== 'icn').every((o) => o.s1000dIssue === '4.2' && o.problems.length === 0)).toBe(true);
    expect(db.latest('DMC-FOSSIG-A-01-01-0000-00A-040A-A')?.revision).toBe('000-01');
    expect(db.latest('DML-FOSSIG-KHZAE-C-2019-00001')?.kind).toBe('dml');
  });

  it('fact 1: the PM has 4 top-level entries and 9 dmRefs, in order', () => {
    const pm = db.latest('PMC-FOSSIG-KHZAE-00001-00');
    expect(pm?.language).toEqual({ languageIsoCode: 'en', countryIsoCode: 'CA' });
    expect(pm?.toc).toHaveLength(4);
    const entries = (pm?.toc ?? []).map((e) => (e.kind === 'entry' ? [e.title, e.items.map((i) => (i.kind === 'entry' ? i.title : i.ref.target))] : []));
    expect(entries[0]).toEqual([
      'Front matter',
      ['DMC-FOSSIG-A-00-00-0000-00A-001A-A', 'DMC-FOSSIG-A-00-00-0000-00A-005A-A', 'DMC-FOSSIG-A-00-00-0000-00A-009A-A'],
    ]);
    expect(entries[1]).toEqual(['Chapter 1 - Introduction', ['DMC-FOSSIG-A-01-00-0000-00A-009A-A', 'DMC-FOSSIG-A-01-01-0000-00A-040A-A']]);
    const refs = pm ? db.pmModuleRefs(pm) : [];
    expect(refs).toHaveLength(9);
    expect(refs.every((r) => db.resolve(r).status === 'ok')).toBe(true);
  });

  it('fact 2: one ICN as PNG and SVG is one graphic, picked per output, not a duplicate', () => {
    const code = 'ICN-FOSSIG-A-00000000-A-KHZAE-00001-A-001-01';
    expect(db.withCode(code).map((o) => o.format)).toEqual(['PNG', 'SVG']);
    expect(db.graphic(code)?.format).toBe('SVG');
    expect(db.graphic(code, ['PNG', 'SVG'])?.format).toBe('PNG');
    expect(db.problems().filter((p) => p.code === 's1000d-duplicate')).toEqual([]);
    // Every graphic the modules reference is there.
    const icnRefs = db.objects.flatMap((o) => o.references.filter((r) => r.kind === 'icn'));
    expect(icnRefs.length).toBeGreaterThan(0);
    for (const r of icnRefs) expect(db.resolve(r).status).toBe('ok');
  });
});
