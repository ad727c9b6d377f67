import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ata2300SchemaError, Ata2300Schemas, schemaLocationOf } from './schema.js';

const TEST = path.resolve(import.meta.dirname, '../test');
const SET = path.join(TEST, 'fcom-set');
/** CCMS's own small schema in Spec 2300's namespace and layout (A4A's cannot be here: see its header). */
const SCHEMAS = path.join(TEST, 'fcom-schemas');

function filesOf(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out.set(path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'), readFileSync(path.join(e.parentPath, e.name)));
  return out;
}

const schemas = Ata2300Schemas.fromFiles(filesOf(SCHEMAS), 'fcom-schemas.zip');
afterAll(() => schemas.dispose());
const read = (name: string) => readFileSync(path.join(SET, name), 'utf8');
const PROC = 'DMC-CX100-A-21-00-01-00A-141A-A_EN-US.XML';

describe('ATA Spec 2300 schema packages', () => {
  it('reads the package by its namespace, with its version and its files in their folders', () => {
    expect(schemas.version).toBe('CCMS-TEST-1');
    expect(schemas.names).toContain('Procedures/NonNormalProcedure.xsd');
    expect(schemas.names).toContain('Common/CcmsTestSet.xsd');
  });

  it('refuses XSDs of another namespace, in both languages', () => {
    const other = new Map([['a.xsd', new TextEncoder().encode('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:other"/>')]]);
    try {
      Ata2300Schemas.fromFiles(other, 'other.zip');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Ata2300SchemaError);
      expect((e as Ata2300SchemaError).messages.en).toContain('http://www.ataebiz.org/XMLSchema');
      expect((e as Ata2300SchemaError).messages.zh).toContain('不是 ATA Spec 2300 模式包');
    }
  });

  it('finds the schema an object names, by path, by the end of a path, or by file name', () => {
    expect(schemaLocationOf(read(PROC))).toBe('Procedures/NonNormalProcedure.xsd');
    expect(schemas.resolve('Procedures/NonNormalProcedure.xsd')).toBe('Procedures/NonNormalProcedure.xsd');
    expect(schemas.resolve('./Procedures/NonNormalProcedure.xsd')).toBe('Procedures/NonNormalProcedure.xsd');
    expect(schemas.resolve('NonNormalProcedure.xsd')).toBe('Procedures/NonNormalProcedure.xsd');
    expect(schemas.resolve('Procedures/Missing.xsd')).toBeUndefined();
  });

  it('finds every object of the test set valid', () => {
    const names = readdirSync(SET).filter((n) => n.endsWith('.XML'));
    expect(names.length).toBe(24);
    const found = names.flatMap((n) => schemas.validate(read(n)).map((p) => `${n}:${p.line}: ${p.message}`));
    expect(found).toEqual([]);
  });

  it('reports what the schema does not allow with its line, in both languages', () => {
    const text = read(PROC);
    // The second challenge–response line loses its response (line 14 of the module).
    const broken = text.replace('<response><para>FL 310 OR BELOW</para></response>', '');
    const line = text.slice(0, text.indexOf('FL 310 OR BELOW')).split('\n').length;
    const problems = schemas.validate(broken);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ severity: 'error', code: 'ata-xsd-invalid', line });
    expect(problems[0]?.messages.en).toMatch(/^Not valid against Procedures\/NonNormalProcedure\.xsd: .*challengeResponse/);
    expect(problems[0]?.messages.zh).toMatch(/^不符合模式 Procedures\/NonNormalProcedure\.xsd：/);
  });

  it('warns when the object names no schema or one the package lacks', () => {
    const text = read(PROC);
    expect(schemas.validate(text.replace(/ xsi:schemaLocation="[^"]*"/, ''))).toMatchObject([{ severity: 'warning', code: 'ata-xsd-no-schema' }]);
    expect(schemas.validate(text.replace('Procedures/NonNormalProcedure.xsd', 'Procedures/Other.xsd'))).toMatchObject([
      { severity: 'warning', code: 'ata-xsd-unknown-schema' },
    ]);
  });
});
