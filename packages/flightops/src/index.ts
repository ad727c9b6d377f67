export * from './describe.js';
export * from './files.js';
export * from './problem.js';
export * from './profile.js';
export * from './publish.js';
export * from './render.js';
