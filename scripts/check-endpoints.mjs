// Fails when an API URL is written outside its endpoint descriptor (issue 35 item 4). Each endpoint
// is declared once in its contract (`@ccms/contracts/<area>/<module>`, an `…Api` object of
// `endpoint({...})`): the server registers it with `app.route({ ...routeOf(XApi.name), handler })`
// and the web calls it with `api.call/list/one(XApi.name, ...)` or builds its URL with `urlOf`.
// Flags: a server route registered by `app.get/post/put/delete/patch(`; a web call by URL
// (`byUrl.`); in the web's API files (`*-api.ts`, src/api/) or beside a request, download, event
// stream or resource call, a string that starts with one of the API's top-level paths. (The web's
// own page paths share those prefixes, `/ccms/document-detail/index`, and are not flagged elsewhere.)
// scripts/endpoint-exceptions.json lists files not converted yet, each with its reason.
// Usage: node scripts/check-endpoints.mjs (part of `npm run lint`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkFiles, isComment, sourceFiles } from './source-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_ROOTS = ['apps/server/src'];
export const WEB_ROOTS = ['apps/web/src'];
export const HINT =
  'declare the endpoint in its contract (endpoint({...}) in an …Api object) and use routeOf on the server, api.call/list/one or urlOf on the web';

const SERVER_ROUTE = /\bapp\.(get|post|put|delete|patch)\(/;
const WEB_BY_URL = /\bbyUrl\./;
/** The API's top-level paths (apps/server/src/modules/*): a web string starting with one is a URL written twice. */
const API_PATHS = [
  'ccms',
  'system',
  'monitor',
  'tool',
  'common',
  'getInfo',
  'getRouters',
  'login',
  'logout',
  'captchaImage',
  'register',
  'unlockscreen',
  'sso',
];
const WEB_URL = new RegExp(`['"\`]/(${API_PATHS.join('|')})(/|['"\`?$])`);

/** Does this line of a server file register a route without a descriptor? */
export const registersByHand = (line) => !isComment(line) && SERVER_ROUTE.test(line);
/** Calls that take an API URL: requests, downloads, event streams, served files. */
const URL_TAKER = /\b(http\.\w+|request|fetch|fetchBlob|download\w*|EventSource|resourceUrl)\s*[<(]/;
/** Files whose strings are API URLs when they look like one. */
export const isApiFile = (rel) => /-api\.tsx?$/.test(rel) || rel.startsWith('apps/web/src/api/');

/** Does this line of a web file (`apiFile`: one of the API files) call or spell an API URL? */
export const spellsApiUrl = (line, apiFile = false) => !isComment(line) && (WEB_BY_URL.test(line) || (WEB_URL.test(line) && (apiFile || URL_TAKER.test(line))));

/** The offending lines of one file's text (`rel`: its path), as { line, text } (line numbers from 1). */
export function offencesIn(text, rel) {
  const test = rel.startsWith('apps/web/') ? (line) => spellsApiUrl(line, isApiFile(rel)) : registersByHand;
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (test(line)) out.push({ line: i + 1, text: line.trim() });
  });
  return out;
}

/** Every offence under the roots as "file:line: text", and the exceptions that no longer hold. */
export function check(base = root, exceptions = {}) {
  return checkFiles(base, [...sourceFiles(base, [...SERVER_ROOTS, ...WEB_ROOTS])], offencesIn, exceptions);
}

if (process.argv[1] === import.meta.filename) {
  const exceptions = JSON.parse(readFileSync(path.join(root, 'scripts/endpoint-exceptions.json'), 'utf8'));
  const { offences: found, staleExceptions } = check(root, exceptions);
  if (found.length > 0) console.error(`API URLs outside their endpoint descriptors (${HINT}):\n  ${found.join('\n  ')}`);
  if (staleExceptions.length > 0) {
    console.error(`scripts/endpoint-exceptions.json lists files with no such URL left (take them off the list):\n  ${staleExceptions.join('\n  ')}`);
  }
  if (found.length > 0 || staleExceptions.length > 0) process.exit(1);
  console.log('endpoints: every API URL is written once, in its contract');
}
