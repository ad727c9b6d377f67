// S1000D as a content standard: a common source database (CSDB) kept in git. See README.md.
export * from './applic.js';
export * from './authoring/index.js';
export * from './codes.js';
export * from './coverage.js';
export * from './csdb.js';
export * from './describe.js';
export * from './exchange/com.js';
export * from './exchange/ddn.js';
export * from './files.js';
export { describeFolder, readCsdbFolder } from './folder.js';
export * from './problem.js';
// Publishing: HTML5 and PDF of a publication module for an applicability selection.
export * from './publish/index.js';
// Validation: BREX (layered), XSD from installed schema packages, structural checks.
export type { Brex, BrexRule, NotationRule, ObjectValue, SnsNode, ValueForm } from './validate/brex.js';
export { brexFromObject, brexRefOf, dmcOf, loadBrex } from './validate/brex.js';
export type { BrexCheckOptions } from './validate/check.js';
export { checkBrex, valueAllowed } from './validate/check.js';
export type { Issue } from './validate/issue.js';
export { DEFAULT_BREX_DMCS, defaultBrexDmc, issueOfSchemaUrl, isUnsupportedIssue } from './validate/issue.js';
export type { BrexLayers, BrexLookup, LayerOptions } from './validate/layers.js';
export { brexLayers } from './validate/layers.js';
export type { Vocabulary } from './validate/lint.js';
export { lintBrex } from './validate/lint.js';
export type { PathName } from './validate/path-names.js';
export { namesInPath } from './validate/path-names.js';
export type { Localized, Severity, ValidationProblem } from './validate/problem.js';
export { messageIn } from './validate/problem.js';
export type { XsdOptions } from './validate/schema.js';
export { SchemaPackage, SchemaPackageError, validateXsd } from './validate/schema.js';
export { checkStructure, OBJECT_ROOTS } from './validate/structure.js';
export type { ValidationContext } from './validate/validate.js';
export { validateObject } from './validate/validate.js';
export type { ParsedObject } from './validate/xml.js';
export { parseObject, xpathOf } from './validate/xml.js';
export type { GrammarAttribute, GrammarElement, SchemaGrammar } from './validate/xsd-grammar.js';
export { grammarOfXsd } from './validate/xsd-grammar.js';
export { firstChild, normText, parseXml, serializeDocument, type XmlDocument, type XmlElement, type XmlNode, XmlSyntaxError } from './xml.js';
