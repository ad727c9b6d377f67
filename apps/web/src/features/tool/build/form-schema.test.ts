import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { emptyDesign, type FormDesign, insertNode, moveNode, newField, newRow, parseDesign, removeNode, updateField } from './form-schema';
import { toReactSource } from './form-source';

/** A design with one of each kind of control, a grid row, a dictionary and rules. */
function sampleDesign(): FormDesign {
  let d = emptyDesign();
  const add = (kind: Parameters<typeof newField>[0], label: string) => {
    const f = newField(kind, label, d);
    d = insertNode(d, f, { index: d.items.length });
    return f;
  };
  const name = add('input', 'Name');
  d = updateField(d, name.id, {
    name: 'userName',
    required: true,
    min: 2,
    max: 20,
    pattern: '^[a-z]+$',
    patternMessage: 'lower case "only"',
    defaultValue: 'abc',
  });
  add('textarea', 'Remark');
  const age = add('number', 'Age');
  d = updateField(d, age.id, { min: 0, max: 150, defaultValue: 18 });
  const sex = add('select', 'Sex');
  d = updateField(d, sex.id, { dictType: 'sys_user_sex' });
  add('radio', 'Level');
  add('checkbox', 'Tags');
  add('switch', 'Active');
  add('date', 'Birthday');
  add('dateRange', 'Period');
  add('upload', 'Files');
  add('editor', 'Body');
  const row = newRow(2);
  d = insertNode(d, row, { index: d.items.length });
  d = insertNode(d, newField('input', 'City', d), { columnId: row.columns[0]?.id, index: 0 });
  d = insertNode(d, { ...newField('input', 'Street', d), name: 'street' }, { columnId: row.columns[1]?.id, index: 0 });
  return d;
}

/** The declaration files (lib, React, antd) parsed once for every check of this file: only the generated file changes. */
const parsed = new Map<string, ts.SourceFile>();

/** Type-checks `source` as a .tsx file of the web app, against the real antd and React types. */
function typeErrors(source: string): string[] {
  // Where a feature's file sits (features/<area>/<entity>/), as the source's useDict import expects.
  const file = path.resolve(import.meta.dirname, '__generated_form__.tsx');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    esModuleInterop: true,
    noEmit: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const getSource = host.getSourceFile.bind(host);
  host.readFile = (f) => (f === file ? source : read(f));
  host.fileExists = (f) => f === file || exists(f);
  host.getSourceFile = (f, lang, ...rest) => {
    if (f === file) return ts.createSourceFile(f, source, lang, true, ts.ScriptKind.TSX);
    const known = parsed.get(f);
    if (known) return known;
    const read = getSource(f, lang, ...rest);
    if (read) parsed.set(f, read);
    return read;
  };
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => `${d.start ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the form design', () => {
  it('adds, moves, updates and removes fields, in rows and at the top level', () => {
    let d = emptyDesign();
    const a = newField('input', 'A', d);
    d = insertNode(d, a, { index: 0 });
    const b = newField('number', 'B', d);
    d = insertNode(d, b, { index: 1 });
    expect(d.items.map((n) => n.id)).toEqual([a.id, b.id]);
    expect([a.name, b.name]).toEqual(['field1', 'field2']);
    d = moveNode(d, b.id, { index: 0 });
    expect(d.items.map((n) => n.id)).toEqual([b.id, a.id]);
    const row = newRow(3);
    d = insertNode(d, row, { index: 2 });
    d = moveNode(d, a.id, { columnId: row.columns[2]?.id, index: 0 });
    expect(d.items.map((n) => n.id)).toEqual([b.id, row.id]);
    // A row never goes inside a column.
    expect(moveNode(d, row.id, { columnId: row.columns[0]?.id, index: 0 })).toBe(d);
    d = updateField(d, a.id, { label: 'Renamed' });
    expect(JSON.stringify(d)).toContain('Renamed');
    d = removeNode(d, a.id);
    expect(JSON.stringify(d)).not.toContain(a.id);
  });

  it('exports JSON that loads back to the same design', () => {
    const d = sampleDesign();
    const back = parseDesign(JSON.stringify(d, null, 2));
    expect(back).toEqual({ ok: true, design: d });
  });

  it('refuses bad JSON, naming the wrong field', () => {
    expect(parseDesign('{ not json')).toMatchObject({ ok: false, path: '' });
    const d = sampleDesign();
    const bad = JSON.parse(JSON.stringify(d));
    bad.items[0].name = '1st field';
    expect(parseDesign(JSON.stringify(bad))).toMatchObject({ ok: false, path: 'items.0.name', message: 'must be a JavaScript identifier' });
    const twice = JSON.parse(JSON.stringify(d));
    twice.items[1].name = 'userName';
    expect(parseDesign(JSON.stringify(twice))).toMatchObject({ ok: false, message: 'field name userName is used twice' });
    expect(parseDesign(JSON.stringify({ ...d, formBuilder: 2 }))).toMatchObject({ ok: false, path: 'formBuilder' });
  });
});

describe('the exported React + antd source', () => {
  it('writes every field with its rules, defaults and options, and type-checks against antd', () => {
    const source = toReactSource(sampleDesign());
    expect(source).toContain('export function GeneratedForm(');
    expect(source).toContain('userName: string;');
    expect(source).toContain(
      '{ required: true, message: "Name is required" }, { min: 2 }, { max: 20 }, { pattern: new RegExp("^[a-z]+$"), message: "lower case \\"only\\"" }',
    );
    expect(source).toContain('initialValues={{ userName: "abc", field2: 18 }}');
    expect(source).toContain('const dict_sys_user_sex = useDict("sys_user_sex");');
    expect(source).toContain('<Row gutter={16}>');
    expect(source).toContain('<DatePicker.RangePicker');
    // Rich text is the app's editor (the notice's), not a plain text area.
    expect(source).toContain('<RichTextEditor label="Body" />');
    expect(typeErrors(source)).toEqual([]);
  }, 60_000);

  it('is refused by the checker when it is broken (the check can fail)', () => {
    const source = toReactSource(sampleDesign()).replace('<Input.TextArea rows={4}', '<Input.TextArea rows="four"');
    expect(typeErrors(source).length).toBeGreaterThan(0);
  }, 60_000);
});
