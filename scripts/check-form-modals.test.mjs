import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check, modalWithForm } from './check-form-modals.mjs';

const HAND_BUILT = [
  'export function AssignDialog({ open }: { open: boolean }) {',
  '  return (',
  '    <Modal open={open} onOk={() => form.submit()}>',
  '      <Form form={form} onFinish={save}>',
  '        <Form.Item name="tagIds" />',
  '      </Form>',
  '    </Modal>',
  '  );',
  '}',
].join('\n');

describe('check-form-modals: a Modal and a Form in one file', () => {
  it('finds the lines of the Modal and the Form', () => {
    expect(modalWithForm(HAND_BUILT)).toEqual({ modal: 3, form: 4 });
  });

  it.each([
    ['a FormDialog', '<FormDialog open={open} entity={entity} name="tag-form">\n  <Form.Item name="tagName" />\n</FormDialog>'],
    ['a FormModal', '<FormModal open={open} form={form} onFinish={run}>\n  <Form.Item name="file" />\n</FormModal>'],
    ['a Modal without a form', '<Modal open={open} footer={null}>\n  <Table rows={rows} />\n</Modal>'],
    ['a search form and Modal.confirm', 'Modal.confirm({ title });\n<Form layout="inline">\n  <Form.Item name="q" />\n</Form>'],
    ['form items in a list page beside a Modal', '<ListPage searchFields={<Form.Item name="name" />} />\n<Modal open={open} footer={null} />'],
    ['a comment', '// was <Modal> with a <Form> inside'],
  ])('passes %s', (_name, text) => {
    expect(modalWithForm(text)).toBeUndefined();
  });
});

describe('check-form-modals over a tree', () => {
  let base = '';
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  };
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('reports a hand-built dialog, leaves shared/form, tests and excepted files out, and names exceptions that no longer hold', () => {
    base = mkdtempSync(path.join(tmpdir(), 'modals-'));
    write('apps/web/src/features/tag/components/AssignDialog.tsx', HAND_BUILT);
    write('apps/web/src/shared/form/FormModal.tsx', HAND_BUILT);
    write('apps/web/src/features/tag/components/AssignDialog.test.tsx', HAND_BUILT);
    write('apps/web/src/features/later/Later.tsx', HAND_BUILT);
    write('apps/web/src/features/done/Done.tsx', '<FormModal open form={form} onFinish={run} />\n');
    const exceptions = { 'apps/web/src/features/later/Later.tsx': 'later', 'apps/web/src/features/done/Done.tsx': 'converted already' };
    expect(check(base, exceptions)).toEqual({
      offences: ['apps/web/src/features/tag/components/AssignDialog.tsx:3: <Modal with a <Form (line 4)'],
      staleExceptions: ['apps/web/src/features/done/Done.tsx'],
    });
  });

  it('passes dialogs on the shared form kit', () => {
    base = mkdtempSync(path.join(tmpdir(), 'modals-'));
    write(
      'apps/web/src/features/tag/components/AssignDialog.tsx',
      '<FormModal open={open} form={form} onFinish={save}>\n  <Form.Item name="tagIds" />\n</FormModal>\n',
    );
    expect(check(base, {})).toEqual({ offences: [], staleExceptions: [] });
  });
});
