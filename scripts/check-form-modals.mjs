// Fails when a web file outside apps/web/src/shared/form renders both a `<Modal` and a `<Form`:
// a dialog holding a form is a `FormDialog` (an entity's add/edit, with `useEntityForm`) or a
// `FormModal` (a one-shot action, an upload), so every such dialog submits, spins, shows the
// server's field errors and resets the same way. `<Form.Item` and `Modal.confirm` are not counted.
// Tests are not scanned. scripts/form-modal-exceptions.json lists files not converted yet, each
// with its reason.
// Usage: node scripts/check-form-modals.mjs (part of `npm run lint`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkFiles, isComment, sourceFiles } from './source-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const ROOTS = ['apps/web/src'];
export const SHARED_FORM = 'apps/web/src/shared/form/';
export const HINT = 'use FormDialog (an entity) or FormModal (a one-shot action) from apps/web/src/shared/form';

const MODAL = /<Modal(?![\w.])/;
const FORM = /<Form(?![\w.])/;

/** The first line (from 1) of a `<Modal` and of a `<Form` element in a file's text, or undefined. */
export function modalWithForm(text) {
  let modal;
  let form;
  text.split('\n').forEach((line, i) => {
    if (isComment(line)) return;
    if (modal === undefined && MODAL.test(line)) modal = i + 1;
    if (form === undefined && FORM.test(line)) form = i + 1;
  });
  return modal !== undefined && form !== undefined ? { modal, form } : undefined;
}

/**
 * Every component file outside shared/form rendering both, as "file:line: ...", leaving out the
 * excepted files, and the exceptions that no longer hold (the file is gone or converted).
 */
export function check(base = root, exceptions = {}) {
  const dialogs = [...sourceFiles(base, ROOTS)].filter((rel) => /\.[jt]sx$/.test(rel) && !rel.startsWith(SHARED_FORM));
  const offencesIn = (text) => {
    const found = modalWithForm(text);
    return found ? [{ line: found.modal, text: `<Modal with a <Form (line ${found.form})` }] : [];
  };
  return checkFiles(base, dialogs, offencesIn, exceptions);
}

if (process.argv[1] === import.meta.filename) {
  const exceptions = JSON.parse(readFileSync(path.join(root, 'scripts/form-modal-exceptions.json'), 'utf8'));
  const { offences, staleExceptions } = check(root, exceptions);
  if (offences.length > 0) console.error(`dialogs built from Modal and Form by hand (${HINT}):\n  ${offences.join('\n  ')}`);
  if (staleExceptions.length > 0) {
    console.error(`scripts/form-modal-exceptions.json lists files with no Modal and Form left (take them off the list):\n  ${staleExceptions.join('\n  ')}`);
  }
  if (offences.length > 0 || staleExceptions.length > 0) process.exit(1);
  console.log('form modals: dialogs with a form are FormDialog or FormModal');
}
