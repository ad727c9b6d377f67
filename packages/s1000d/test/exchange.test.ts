/** Transfer packages: the files a PM takes with it, the DDN that lists them (valid against 5.0), and what a package does to a set. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { brexDmRefOf, type Csdb, ddnCodeOf, ddnItemOf, describeFile, pmTransferSet, readCsdbFolder, transferChanges, writeDdn } from '../src/index.js';
import { SchemaPackage, validateXsd } from '../src/validate/schema.js';
import { parseObject } from '../src/validate/xml.js';
import { s1000dCorpus } from './corpora.js';

const bike = s1000dCorpus('s1000d-bike-4.1');
const schemas = s1000dCorpus('s1000d-schemas-5.0');
/** The EPWG1 file: its content names it PMC-S1000DBIKE-C3002-00001-01 (the code comes from the content). */
const EPWG1 = 'PMC-S1000DBIKE-C3002-EPWG1-00_';

describe.skipIf(bike === undefined || schemas === undefined)('transfer packages over the Bike set', () => {
  let csdb: Csdb;
  let pkg: SchemaPackage;
  beforeAll(() => {
    csdb = readCsdbFolder(path.join(bike ?? '', 'csdb'));
    pkg = SchemaPackage.fromDirectory(path.join(schemas ?? '', 'xml_schema_flat'));
  });

  it('EPWG1 takes its 72 data modules (the 3 deleted ones included: the PM lists them), the ICNs they show, and the tables and BREX they name', () => {
    const pm = csdb.objects.find((o) => path.basename(o.file).startsWith(EPWG1));
    if (pm === undefined) throw new Error('no EPWG1');
    const set = pmTransferSet(csdb, pm);
    const modules = csdb.pmModules(pm);
    expect(modules).toHaveLength(72);
    expect(set[0]).toBe(pm);
    // Every module of the PM, in its order, right after the PM.
    expect(set.slice(1, 73).map((o) => o.code)).toEqual(modules.map((o) => o.code));
    const kinds = new Map<string, number>();
    for (const o of set) kinds.set(o.kind, (kinds.get(o.kind) ?? 0) + 1);
    // Each ICN an included module names, as a file of the set.
    const icns = new Set(set.flatMap((o) => o.references.filter((r) => r.kind === 'icn').map((r) => r.target)));
    expect(
      set
        .filter((o) => o.kind === 'icn')
        .map((o) => o.code)
        .sort(),
    ).toEqual([...icns].filter((c) => csdb.graphic(c) !== undefined).sort());
    expect(icns.size).toBeGreaterThan(0);
    // The project BREX and the applicability tables the modules name in their status sections.
    const codes = new Set(set.map((o) => o.code));
    expect(codes.has('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D')).toBe(true);
    expect(codes.has('DMC-S1000DBIKE-AAA-D00-00-00-00AA-00WA-D')).toBe(true);
    // No object twice.
    expect(new Set(set.map((o) => o.file)).size).toBe(set.length);
  });

  it('writes a DDN that lists them, is valid against the installed 5.0 schema, and reads back with its items', () => {
    const pm = csdb.objects.find((o) => path.basename(o.file).startsWith(EPWG1));
    if (pm === undefined) throw new Error('no EPWG1');
    const set = pmTransferSet(csdb, pm);
    const options = {
      modelIdentCode: 'S1000DBIKE',
      senderIdent: 'C3002',
      receiverIdent: 'U8025',
      year: '2026',
      seqNumber: '00007',
      date: new Date(Date.UTC(2026, 10, 28)),
      from: { enterpriseName: 'ESG & Partners', city: 'Fürstenfeldbruck', country: 'Germany' },
      to: { enterpriseName: 'UK MoD', city: 'London', country: 'UK' },
      authorization: 'TPSMG',
      brexDmRef: brexDmRefOf(pm),
      items: set.map(ddnItemOf),
    };
    const xml = writeDdn(options);
    const name = `${ddnCodeOf(options)}.XML`;
    expect(name).toBe('DDN-S1000DBIKE-C3002-U8025-2026-00007.XML');
    const parsed = parseObject(xml, name);
    if (parsed.object === undefined) throw new Error(parsed.problems[0]?.message);
    try {
      expect(validateXsd(parsed.object, [pkg], { issue: '5.0' })).toEqual([]);
    } finally {
      parsed.object.dispose();
    }
    const ddn = describeFile(name, xml);
    expect(ddn).toMatchObject({ kind: 'ddn', code: 'DDN-S1000DBIKE-C3002-U8025-2026-00007' });
    expect(ddn.entries).toHaveLength(set.length);
    expect(ddn.entries?.[1]).toMatchObject({ dispatchFileName: path.basename(set[1]?.file ?? ''), entityControlNumber: set[1]?.code });
    expect(xml).toContain('ESG &amp; Partners');
    // The BREX the PM names, written as the PM writes it.
    expect(ddn.references.find((r) => r.parent === 'brexDmRef')?.target).toBe('DMC-S1000DBIKE-AAA-D00-00-00-00AA-022A-D');
  });

  it('says what a package does: a new code is added, a later issue replaces the earlier file, an earlier one is flagged, same bytes are unchanged', () => {
    const file = (name: string) => path.join(bike ?? '', 'csdb', name);
    const f121 = 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML';
    const text = readFileSync(file(f121), 'utf8');
    const next = text.replace(/(<issueInfo\s+issueNumber=")008(")/, '$1009$2');
    const older = text.replace(/(<issueInfo\s+issueNumber=")008(")/, '$1007$2');
    const fresh = text.replace(/infoCode="121"/, 'infoCode="122"');
    const arriving = [
      { path: file(f121.replace('_008-00_', '_009-00_')), object: describeFile(f121.replace('_008-00_', '_009-00_'), next), sameBytes: false },
      { path: file(f121.replace('_008-00_', '_007-00_')), object: describeFile(f121.replace('_008-00_', '_007-00_'), older), sameBytes: false },
      { path: file(f121), object: describeFile(f121, text), sameBytes: true },
      { path: file(f121.replace('121A', '122A')), object: describeFile(f121.replace('121A', '122A'), fresh), sameBytes: false },
    ];
    const changes = transferChanges(csdb, arriving);
    expect(changes.map((c) => [c.code.slice(-6), c.action, c.from, c.to])).toEqual([
      ['121A-A', 'newIssue', '008-00', '009-00'],
      ['121A-A', 'olderIssue', '008-00', '007-00'],
      ['121A-A', 'unchanged', '008-00', '008-00'],
      ['122A-A', 'added', null, '008-00'],
    ]);
    expect(changes[0]?.replaces).toBe(file(f121));
  });
});
