// A generic XML standard an administrator configures per library type (FTID ships as one). See README.md.
export * from './describe.js';
export * from './files.js';
export * from './grammar.js';
export * from './problem.js';
export * from './publish.js';
export * from './render.js';
export * from './xpath.js';
