// S1000D as a content standard: a common source database (CSDB) kept in git. See README.md.
export * from './applic.js';
export * from './codes.js';
export * from './csdb.js';
export * from './describe.js';
export { describeFolder, readCsdbFolder } from './folder.js';
export * from './problem.js';
export { parseXml, serializeDocument, type XmlDocument, type XmlElement, XmlSyntaxError } from './xml.js';
