import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaName } from '../../src/validate/issue.js';
import { SchemaPackage, SchemaPackageError, validateXsd } from '../../src/validate/schema.js';
import { type ParsedObject, parseObject } from '../../src/validate/xml.js';
import { s1000dCorpus } from '../corpora.js';

const schemas = s1000dCorpus('s1000d-schemas-5.0');
const bike = s1000dCorpus('s1000d-bike-4.1');
const fossig = s1000dCorpus('s1000d-fossig-4.2');

/** A zip of the given files (deflated; CRCs are not checked by the reader, so left 0). */
function zipOf(files: [string, Uint8Array][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const packed = deflateRawSync(data);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, packed);
    centrals.push(central, n);
    offset += 30 + n.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

function objectsIn(dir: string): ParsedObject[] {
  return readdirSync(dir)
    .filter((f) => /\.XML$/i.test(f))
    .sort()
    .map((f) => {
      const { object, problems } = parseObject(readFileSync(path.join(dir, f)), f);
      if (object === undefined) throw new Error(`${f}: ${problems[0]?.message}`);
      return object;
    });
}

describe.skipIf(schemas === undefined)('schema packages (s1000d-schemas-5.0 README)', () => {
  const flat = path.join(schemas ?? '', 'xml_schema_flat');
  let pkg: SchemaPackage;
  beforeAll(() => {
    pkg = SchemaPackage.fromDirectory(flat);
  });
  afterAll(() => pkg.dispose());

  it("reads the issue from the schemas' own URL: 5.0, 32 files", () => {
    expect(pkg.issue).toBe('5.0');
    expect(pkg.names).toHaveLength(32);
    expect(pkg.names).toContain('descript.xsd');
  });

  it('fact 1: descript.xsd compiles (xml.xsd served offline); the time is printed', () => {
    const started = performance.now();
    const v = pkg.validator('descript.xsd');
    console.log(`descript.xsd compiled in ${(performance.now() - started).toFixed(0)} ms (README: about 100-200 ms)`);
    expect(v).toBeDefined();
    expect(v).not.toBeInstanceOf(Error);
  });

  it.skipIf(bike === undefined)(
    'fact 2 and Bike fact 11: the schemas (21) the Bike set names compile, and all 103 objects that name one are valid against 5.0',
    () => {
      const objects = objectsIn(path.join(bike ?? '', 'csdb'));
      try {
        const named = objects.filter((o) => o.schemaUrl !== undefined);
        expect(named).toHaveLength(103);
        const names = [...new Set(named.map((o) => schemaName(o.schemaUrl ?? '')))].sort();
        // The README says 20; its own list names 17 data module schemas plus pm, dml, ddn and update: 21 files.
        expect(names).toHaveLength(21);
        let started = performance.now();
        for (const n of names) expect(pkg.validator(n)).not.toBeInstanceOf(Error);
        console.log(`${names.length} schemas compiled in ${(performance.now() - started).toFixed(0)} ms (README: about 500 ms)`);
        started = performance.now();
        const problems = named.flatMap((o) => validateXsd(o, [pkg], { issue: '5.0' }));
        console.log(`103 Bike objects validated in ${(performance.now() - started).toFixed(0)} ms`);
        expect(problems).toEqual([]);
        // Against its own issue (4.1), for which no package is installed: one clear warning each.
        const own = validateXsd(named[0] as ParsedObject, [pkg]);
        expect(own).toHaveLength(1);
        expect(own[0]).toMatchObject({ severity: 'warning', code: 'xsd-no-package' });
        expect(own[0]?.messages.en).toBe('No schema package installed for S1000D Issue 4.1: checked for well-formedness, BREX and structure only');
        expect(own[0]?.messages.zh).toContain('Issue 4.1');
      } finally {
        for (const o of objects) o.dispose();
      }
    },
  );

  it.skipIf(fossig === undefined)('FOSSIG (4.2) against 5.0: only the DML fails, at dmlEntry; its own issue has no package', () => {
    const objects = objectsIn(path.join(fossig ?? '', 'csdb'));
    try {
      expect(objects).toHaveLength(12);
      const failing = objects.map((o) => ({ file: o.file, problems: validateXsd(o, [pkg], { issue: '5.0' }) })).filter((r) => r.problems.length > 0);
      expect(failing.map((r) => r.file)).toEqual(['DML-FOSSIG-KHZAE-C-2019-00001_000-01.XML']);
      const first = failing[0]?.problems[0];
      expect(first?.code).toBe('xsd-invalid');
      expect(first?.message).toContain("Element 'dmlEntry': Missing child element(s). Expected is one of ( security, responsiblePartnerCompany )");
      expect(first?.line).toBeGreaterThan(1);
      for (const o of objects) expect(validateXsd(o, [pkg]).map((p) => p.code)).toEqual(['xsd-no-package']);
    } finally {
      for (const o of objects) o.dispose();
    }
  });

  it('from the zip an administrator uploads (xml_schema_flat/ inside): the same package', () => {
    const files = readdirSync(flat).map((n): [string, Uint8Array] => [`S1000D_5-0/xml_schema_flat/${n}`, readFileSync(path.join(flat, n))]);
    const zipped = SchemaPackage.fromZip(zipOf([...files, ['S1000D_5-0/readme.txt', Buffer.from('x')]]), 'S1000D_5-0.zip');
    try {
      expect(zipped.issue).toBe('5.0');
      expect(zipped.names).toEqual(pkg.names);
      const { object } = parseObject(
        '<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_5-0/xml_schema_flat/descript.xsd"><identAndStatusSection/></dmodule>',
        'BAD.XML',
      );
      if (object === undefined) throw new Error('not parsed');
      const found = validateXsd(object, [zipped]);
      expect(found.length).toBeGreaterThan(0);
      expect(found[0]).toMatchObject({ code: 'xsd-invalid', file: 'BAD.XML', line: 1 });
      object.dispose();
    } finally {
      zipped.dispose();
    }
  });
});

describe('schema packages without corpora', () => {
  it('refuses what is no schema package, saying why in both languages', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SchemaPackageError);
        return (e as SchemaPackageError).messages;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => SchemaPackage.fromZip(Buffer.from('not a zip'), 'x.zip')).en).toContain('x.zip is no usable zip');
    expect(refusal(() => SchemaPackage.fromZip(zipOf([['a.txt', Buffer.from('x')]]), 'y.zip')).zh).toContain('没有 XSD 文件');
    const noIssue = refusal(() => SchemaPackage.fromZip(zipOf([['a.xsd', Buffer.from('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>')]]), 'z.zip'));
    expect(noIssue.en).toContain('no schema names its issue');
    const old = refusal(() =>
      SchemaPackage.fromZip(
        zipOf([
          ['a.xsd', Buffer.from('<!-- http://www.s1000d.org/S1000D_3-0/xml_schema_flat/a.xsd --><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>')],
        ]),
        'old.zip',
      ),
    );
    expect(old.en).toContain('Issue 3.0 and older are not supported');
  });

  it('objects that name no schema, or Issue 3.0: a warning, a refusal', () => {
    const none = parseObject('<dmodule/>', 'N.XML').object;
    const old = parseObject(
      '<dmodule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.s1000d.org/S1000D_3-0/xml_schema_flat/descript.xsd"/>',
      'O.XML',
    ).object;
    if (none === undefined || old === undefined) throw new Error('not parsed');
    expect(validateXsd(none, []).map((p) => [p.severity, p.code])).toEqual([['warning', 'xsd-no-schema']]);
    expect(validateXsd(old, []).map((p) => [p.severity, p.code])).toEqual([['error', 'issue-unsupported']]);
    none.dispose();
    old.dispose();
  });
});
