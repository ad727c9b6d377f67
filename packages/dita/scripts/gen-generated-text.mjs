// Writes src/html/generated-text-ditaot.ts from DITA-OT's string tables (Debian's dita-ot
// package: /usr/share/dita-ot/xsl/common/strings-*.xml, Apache License 2.0), so the engine
// generates the same terms as DITA-OT in each language. Run by hand when the list changes:
//   node packages/dita/scripts/gen-generated-text.mjs [/usr/share/dita-ot/xsl/common]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '/usr/share/dita-ot/xsl/common';
/** Later DITA-OT's tables of the languages 1.5.3 lacks (each file names its source commit). */
const laterDir = path.join(import.meta.dirname, 'ditaot-strings');
const out = path.join(import.meta.dirname, '../src/html/generated-text-ditaot.ts');

/**
 * The tables, by the file DITA-OT reads for them (1.5.3's strings.xml maps xml:lang to files;
 * every strings-*.xml file of 1.5.3 is here, zh-cn aside: its words are in generated-text.ts).
 */
const LANGS = {
  ar: 'ar-eg',
  be: 'be-by',
  bg: 'bg-bg',
  ca: 'ca-es',
  cs: 'cs-cz',
  da: 'da-dk',
  de: 'de-de',
  el: 'el-gr',
  es: 'es-es',
  et: 'et-ee',
  fi: 'fi-fi',
  fr: 'fr-fr',
  he: 'he-il',
  hi: 'hi-in',
  hr: 'hr-hr',
  hu: 'hu-hu',
  is: 'is-is',
  it: 'it-it',
  ja: 'ja-jp',
  ko: 'ko-kr',
  lt: 'lt-lt',
  lv: 'lv-lv',
  mk: 'mk-mk',
  nl: 'nl-nl',
  no: 'no-no',
  pl: 'pl-pl',
  pt: 'pt-pt',
  ro: 'ro-ro',
  ru: 'ru-ru',
  sk: 'sk-sk',
  sl: 'sl-si',
  sr: 'sr-sp',
  'sr-latn': 'sr-latn-rs',
  'sr-latn-me': 'sr-latn-me',
  sv: 'sv-se',
  th: 'th-th',
  tr: 'tr-tr',
  uk: 'uk-ua',
  ur: 'ur-pk',
  'zh-tw': 'zh-tw',
  // From later DITA-OT (scripts/ditaot-strings/).
  bs: 'bs-ba',
  id: 'id-id',
  kk: 'kk-kz',
  ms: 'ms-my',
  vi: 'vi-vn',
};
/**
 * Regional tables: only the words that differ from their language's table are written (fr-CA
 * writes "Remarque: " where France writes "Remarque : ").
 */
const REGIONS = {
  'de-ch': ['de-ch', 'de'],
  'en-ca': ['en-ca', 'en'],
  'en-gb': ['en-gb', 'en'],
  'fr-be': ['fr-be', 'fr'],
  'fr-ca': ['fr-ca', 'fr'],
  'fr-ch': ['fr-ch', 'fr'],
  'it-ch': ['it-ch', 'it'],
  'nl-be': ['nl-be', 'nl'],
  'pt-br': ['pt-br', 'pt'],
};
/** Our field ← DITA-OT's string name. */
const FIELDS = {
  figure: 'Figure',
  table: 'Table',
  parentTopic: 'Parent topic',
  contents: 'Contents',
  relatedLinks: 'Related Links',
  relatedConcepts: 'Related concepts',
  relatedTasks: 'Related tasks',
  relatedReferences: 'Related reference',
  relatedInformation: 'Related information',
  prereq: 'task_prereq',
  context: 'task_context',
  steps: 'task_procedure',
  result: 'task_results',
  postreq: 'task_postreq',
  example: 'task_example',
  optional: 'Optional',
  required: 'Required',
  choiceOption: 'Option',
  choiceDescription: 'Description',
  index: 'Index',
};
const NOTES = {
  note: 'Note',
  tip: 'Tip',
  fastpath: 'Fastpath',
  restriction: 'Restriction',
  important: 'Important',
  remember: 'Remember',
  attention: 'Attention',
  caution: 'Caution',
  danger: 'Danger',
  warning: 'Warning',
  trouble: 'Trouble',
};

const xmlUnescape = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
function readStrings(file) {
  const own = path.join(dir, `strings-${file}.xml`);
  const xml = readFileSync(existsSync(own) ? own : path.join(laterDir, `strings-${file}.xml`), 'utf8');
  const map = new Map();
  // 1.5.3 writes <str name="…">, later DITA-OT <variable id="…">. The colon keeps its spaces (" :").
  for (const m of xml.matchAll(/<(?:str name|variable id)="([^"]+)">([^<]*)<\/(?:str|variable)>/g)) {
    const v = xmlUnescape(m[2]);
    map.set(m[1], m[1] === 'ColonSymbol' ? v : v.trim());
  }
  return map;
}

const en = readStrings('en-us');
/** Our entries of a table: DITA-OT's words, minus those equal in `base` (a region's language). */
function entries(s, base) {
  // DITA-OT 1.5.3 left "Related Links" in English in most languages: that is no translation
  // (generated-text-extra.ts has the words). Everything else is taken as DITA-OT has it.
  const pick = (name) => {
    const v = s.get(name);
    if (v === undefined || v === '' || (name === 'Related Links' && v === en.get(name))) return undefined;
    return base !== undefined && base.get(name) === v ? undefined : v;
  };
  const fields = Object.entries(FIELDS).flatMap(([k, n]) => (pick(n) !== undefined ? [`${k}: ${JSON.stringify(pick(n))}`] : []));
  // Without a "Related Links" of its own, the heading is the language's "Related information", as
  // later DITA-OT's PDF strings (org.dita.pdf2/cfg/common/vars/<lang>.xml) word it: "Currently
  // using alternate translation of 'Related information'" (be, bg, ca, et, hr, ...).
  if (pick('Related Links') === undefined && base === undefined && pick('Related information') !== undefined)
    fields.push(`relatedLinks: ${JSON.stringify(pick('Related information'))}`);
  const notes = Object.entries(NOTES).flatMap(([k, n]) => (pick(n) !== undefined ? [`${k}: ${JSON.stringify(pick(n))}`] : []));
  // DITA-OT writes the colon symbol and a space; a full-width colon (：) carries its own space.
  const colon = pick('ColonSymbol');
  if (colon !== undefined) fields.push(`colon: ${JSON.stringify(colon.endsWith('：') ? colon : `${colon} `)}`);
  return `{\n    ${[...fields, `notes: { ${notes.join(', ')} }`].join(',\n    ')},\n  }`;
}

let body = '';
for (const [lang, file] of Object.entries(LANGS)) body += `  ${JSON.stringify(lang)}: ${entries(readStrings(file))},\n`;
let regions = '';
for (const [region, [file, lang]] of Object.entries(REGIONS)) {
  regions += `  ${JSON.stringify(region)}: ${entries(readStrings(file), readStrings(lang === 'en' ? 'en-us' : LANGS[lang]))},\n`;
}
writeFileSync(
  out,
  `// Generated by packages/dita/scripts/gen-generated-text.mjs from DITA-OT's string tables
// (xsl/common/strings-*.xml of DITA-OT 1.5.3, Apache License 2.0; Indonesian, Kazakh, Malay and
// Vietnamese, Bosnian and Montenegrin, which 1.5.3 lacks, from later DITA-OT's src/main/plugins/org.dita.base/xsl/common/
// strings-{id-id,kk-kz,ms-my,vi-vn,bs-ba,sr-latn-me}.xml, https://github.com/dita-ot/dita-ot, Apache License 2.0,
// kept in packages/dita/scripts/ditaot-strings/ with their commits). Do not edit by hand: the
// terms DITA-OT lacks are in generated-text-extra.ts. Formatted by "npx biome check --write".
import type { GeneratedTextPart } from './generated-text-types.js';

export const DITAOT_TEXT: Record<string, GeneratedTextPart> = {
${body}};

/** Regional tables: what differs from the language's table (the key's part before "-"). */
export const DITAOT_REGION_TEXT: Record<string, GeneratedTextPart> = {
${regions}};
`,
);
console.log(`wrote ${out}`);
