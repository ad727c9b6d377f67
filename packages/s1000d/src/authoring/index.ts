// Authoring: building codes, new objects from templates, the issue cycle and change marks.
export * from './change-marks.js';
export * from './cycle.js';
export * from './dmc.js';
export { editTag, elementAtPath, elementPath, TextEditor } from './edit.js';
export * from './info-codes.js';
export * from './template-text.js';
export * from './templates.js';
