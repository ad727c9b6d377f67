// ATA Spec 2300 as a content standard, on the S1000D package's identity and applicability. See README.md.
export * from './applicability.js';
export * from './describe.js';
export * from './files.js';
export * from './problem.js';
export * from './publish.js';
export * from './render.js';
export * from './schema.js';
export * from './status.js';
export * from './texts.js';
