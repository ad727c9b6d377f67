/**
 * What the web app's editor bundles of applicability (`@ccms/s1000d/applic`): reading `applic`
 * expressions and evaluating them against a product's assignment, on the package's own XML
 * parser. Pure functions: nothing of the validation engine (libxml2) or the file system.
 */
export { type Applic, type Assignment, applicToText, evaluateApplic, readApplic, valueMatches } from './applic.js';
export { childElements, firstChild, normText, parseXml, type XmlElement, XmlSyntaxError } from './xml.js';
