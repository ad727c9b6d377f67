import { MAP_ELEMENTS, TOPIC_ELEMENTS, TOPICREF_ELEMENTS } from '../model/dita-elements.js';
import type { Problem } from '../problems/problem.js';
import type { XmlElement } from '../xml/xml-dom.js';

/** Built-in nesting rules for the topic and map types, for when no DTD is available. */
const PROLOG_ETC = ['title', 'titlealts', 'shortdesc', 'abstract', 'prolog', 'related-links'];
const NESTED_TOPICS = ['topic', 'concept', 'task', 'reference', 'glossentry', 'glossgroup', 'troubleshooting'];
const TOPIC = (body: string): string[] => [...PROLOG_ETC, body, ...NESTED_TOPICS];
const LIST_ITEM = (item: string): string[] => [item];

/** Block elements of a topic body (DITA's %body.cnt; with the common domains). */
const BODY_BLOCKS = [
  'p',
  'ul',
  'ol',
  'sl',
  'dl',
  'parml',
  'table',
  'simpletable',
  'note',
  'hazardstatement',
  'codeblock',
  'pre',
  'msgblock',
  'screen',
  'lines',
  'lq',
  'fig',
  'image',
  'object',
  'imagemap',
  'syntaxdiagram',
  'div',
  'equation-block',
  'equation-figure',
  'draft-comment',
  'required-cleanup',
  'fn',
  'indexterm',
  'indextermref',
  'data',
  'data-about',
  'foreign',
  'unknown',
];
const BODY_SECTIONS = ['section', 'example', 'bodydiv', 'conbodydiv'];
const TOPICREF_CHILDREN = ['topicmeta', 'data', 'data-about', 'foreign', 'unknown', 'ditavalref', 'anchor', 'bookabstract', 'draftintro', ...TOPICREF_ELEMENTS];
/** Topicref-like elements that must sit in a map, another topicref or a relationship table cell. */
const TOPICREFS = new Set(
  [...TOPICREF_ELEMENTS].filter((n) => !['subjectdef', 'schemeref', 'enumerationdef', 'topicsubject', 'topicapply', 'toc', 'booklists'].includes(n)),
);
const TOPICREF_PARENTS = new Set([
  ...MAP_ELEMENTS,
  ...TOPICREF_ELEMENTS,
  'relcell',
  'hasInstance',
  'hasKind',
  'hasNarrower',
  'hasPart',
  'hasRelated',
  'subjectHead',
]);
/** Elements a section (mixed content) cannot hold. */
const NOT_IN_SECTION = new Set([
  'section',
  'example',
  'refsyn',
  'prereq',
  'context',
  'steps',
  'steps-unordered',
  'result',
  'postreq',
  'shortdesc',
  'prolog',
  'body',
  'conbody',
  'refbody',
  'taskbody',
  'troublebody',
  'glossBody',
  ...TOPIC_ELEMENTS,
]);

export const CHILD_RULES: Record<string, string[]> = {
  map: ['title', 'topicmeta', 'anchor', 'data', 'data-about', 'foreign', 'unknown', 'navref', 'reltable', 'ditavalref', ...TOPICREF_ELEMENTS],
  bookmap: [
    'title',
    'booktitle',
    'bookmeta',
    'topicmeta',
    'anchor',
    'data',
    'data-about',
    'foreign',
    'unknown',
    'reltable',
    'ditavalref',
    ...TOPICREF_ELEMENTS,
  ],
  topicref: TOPICREF_CHILDREN,
  topichead: TOPICREF_CHILDREN,
  topicgroup: TOPICREF_CHILDREN,
  mapref: TOPICREF_CHILDREN,
  keydef: TOPICREF_CHILDREN,
  chapter: TOPICREF_CHILDREN,
  part: TOPICREF_CHILDREN,
  appendix: TOPICREF_CHILDREN,
  appendices: TOPICREF_CHILDREN,
  preface: TOPICREF_CHILDREN,
  notices: TOPICREF_CHILDREN,
  frontmatter: TOPICREF_CHILDREN,
  backmatter: TOPICREF_CHILDREN,
  relcell: TOPICREF_CHILDREN,
  body: [...BODY_BLOCKS, ...BODY_SECTIONS],
  conbody: [...BODY_BLOCKS, ...BODY_SECTIONS],
  topic: TOPIC('body'),
  concept: TOPIC('conbody'),
  task: TOPIC('taskbody'),
  reference: TOPIC('refbody'),
  troubleshooting: TOPIC('troublebody'),
  glossentry: ['glossterm', 'glossdef', 'prolog', 'glossBody', 'related-links', 'glossentry'],
  glossgroup: [...PROLOG_ETC, 'glossentry', 'glossgroup'],
  taskbody: ['prereq', 'context', 'section', 'steps', 'steps-unordered', 'steps-informal', 'result', 'tasktroubleshooting', 'example', 'postreq'],
  refbody: ['refsyn', 'section', 'example', 'table', 'simpletable', 'properties', 'refbodydiv', 'data', 'data-about', 'foreign', 'unknown', 'required-cleanup'],
  troublebody: ['condition', 'troubleSolution'],
  troubleSolution: ['cause', 'remedy'],
  remedy: ['title', 'responsibleParty', 'steps', 'steps-unordered', 'steps-informal'],
  steps: ['step', 'stepsection'],
  'steps-unordered': ['step', 'stepsection'],
  step: ['note', 'hazardstatement', 'cmd', 'info', 'substeps', 'tutorialinfo', 'stepxmp', 'choicetable', 'choices', 'stepresult', 'steptroubleshooting'],
  substeps: LIST_ITEM('substep'),
  substep: ['note', 'hazardstatement', 'cmd', 'info', 'tutorialinfo', 'stepxmp', 'stepresult'],
  choices: LIST_ITEM('choice'),
  ul: LIST_ITEM('li'),
  ol: LIST_ITEM('li'),
  sl: LIST_ITEM('sli'),
  dl: ['dlhead', 'dlentry'],
  dlhead: ['dthd', 'ddhd'],
  dlentry: ['dt', 'dd'],
  parml: LIST_ITEM('plentry'),
  plentry: ['pt', 'pd'],
  table: ['title', 'desc', 'tgroup'],
  tgroup: ['colspec', 'spanspec', 'thead', 'tbody'],
  thead: LIST_ITEM('row'),
  tbody: LIST_ITEM('row'),
  row: LIST_ITEM('entry'),
  simpletable: ['title', 'desc', 'sthead', 'strow'],
  sthead: LIST_ITEM('stentry'),
  strow: LIST_ITEM('stentry'),
  properties: ['title', 'desc', 'prophead', 'property'],
  prophead: ['proptypehd', 'propvaluehd', 'propdeschd'],
  property: ['proptype', 'propvalue', 'propdesc'],
  choicetable: ['title', 'desc', 'chhead', 'chrow'],
  chhead: ['choptionhd', 'chdeschd'],
  chrow: ['choption', 'chdesc'],
  'related-links': ['link', 'linklist', 'linkpool'],
  linkpool: ['title', 'desc', 'linkpool', 'link', 'linklist', 'linkinfo'],
  linklist: ['title', 'desc', 'linklist', 'link', 'linkinfo'],
  link: ['linktext', 'desc'],
  prolog: [
    'author',
    'source',
    'publisher',
    'copyright',
    'critdates',
    'permissions',
    'metadata',
    'resourceid',
    'data',
    'data-about',
    'foreign',
    'unknown',
    'change-historylist',
  ],
  metadata: ['audience', 'category', 'keywords', 'prodinfo', 'othermeta', 'data', 'data-about', 'foreign', 'unknown'],
  critdates: ['created', 'revised'],
  titlealts: ['navtitle', 'searchtitle'],
  fig: [
    'title',
    'desc',
    'figgroup',
    'dl',
    'parml',
    'ul',
    'ol',
    'sl',
    'image',
    'object',
    'lines',
    'lq',
    'note',
    'hazardstatement',
    'p',
    'pre',
    'codeblock',
    'screen',
    'msgblock',
    'simpletable',
    'fn',
    'xref',
    'data',
    'data-about',
    'foreign',
    'unknown',
    'draft-comment',
    'required-cleanup',
    'syntaxdiagram',
    'imagemap',
  ],
  reltable: ['title', 'topicmeta', 'relheader', 'relrow'],
  relheader: LIST_ITEM('relcolspec'),
  relrow: LIST_ITEM('relcell'),
};

/** Children that must come first. */
const FIRST_CHILD: Record<string, string> = {
  topic: 'title',
  concept: 'title',
  task: 'title',
  reference: 'title',
  troubleshooting: 'title',
  glossentry: 'glossterm',
  step: 'cmd',
  substep: 'cmd',
};
const FIRST_SKIP = new Set(['note', 'hazardstatement']);

/** Order of a topic's parts: title, titlealts, shortdesc/abstract, prolog, body, related-links, nested topics. */
function topicPartRank(name: string): number | undefined {
  if (name === 'titlealts') return 1;
  if (name === 'shortdesc' || name === 'abstract') return 2;
  if (name === 'prolog') return 3;
  if (name === 'body' || name === 'conbody' || name === 'taskbody' || name === 'refbody' || name === 'troublebody') return 4;
  if (name === 'related-links') return 5;
  if (TOPIC_ELEMENTS.has(name)) return 6;
  return undefined;
}

/** An element's name and the generic names its @class gives (a specialisation passes where its base does). */
function namesOf(el: XmlElement): string[] {
  const cls = el.attrs.class;
  if (cls === undefined) return [el.name];
  const out = [el.name];
  for (const token of cls.split(/\s+/)) {
    const slash = token.indexOf('/');
    if (slash > 0) out.push(token.slice(slash + 1));
  }
  return out;
}

/** Checks element nesting against the built-in rules; one problem per misplaced element. */
export function checkStructure(root: XmlElement): Problem[] {
  const problems: Problem[] = [];
  const report = (at: XmlElement, message: string): void => {
    problems.push({ severity: 'error', code: 'structure-invalid', message, file: at.file, line: at.line, column: at.column });
  };
  const visit = (el: XmlElement): void => {
    const allowed = CHILD_RULES[el.name];
    const kids = el.children.filter((c): c is XmlElement => c.type === 'element');
    if (allowed !== undefined) {
      for (const c of kids) {
        if (!namesOf(c).some((n) => allowed.includes(n))) report(c, `<${c.name}> is not allowed in <${el.name}>`);
      }
      const first = FIRST_CHILD[el.name];
      const firstKid = kids.find((c) => !FIRST_SKIP.has(c.name));
      if (first !== undefined && firstKid?.name !== first) report(el, `<${el.name}> must start with <${first}>`);
      if ((el.name === 'ul' || el.name === 'ol' || el.name === 'steps' || el.name === 'tgroup') && kids.length === 0) report(el, `<${el.name}> is empty`);
    }
    if (TOPIC_ELEMENTS.has(el.name) && el.name !== 'glossentry') checkTopicOrder(el, kids, report);
    // A concept body holds its blocks first, then sections and examples.
    if (el.name === 'conbody') {
      const firstSection = kids.find((c) => BODY_SECTIONS.includes(c.name));
      if (firstSection !== undefined) {
        for (const c of kids.slice(kids.indexOf(firstSection) + 1)) {
          if (BODY_BLOCKS.includes(c.name) && c.name !== 'draft-comment' && c.name !== 'required-cleanup')
            report(c, `<${c.name}> is not allowed after <${firstSection.name}> in <conbody>`);
        }
      }
    }
    if (el.name === 'section' || el.name === 'example') {
      for (const c of kids) if (NOT_IN_SECTION.has(c.name)) report(c, `<${c.name}> is not allowed in <${el.name}>`);
      checkSectionTitle(el, report);
    }
    for (const c of kids) {
      if (TOPICREFS.has(c.name) && !namesOf(el).some((n) => TOPICREF_PARENTS.has(n) || n === 'map' || n === 'topicref'))
        report(c, `<${c.name}> is not allowed in <${el.name}>: it belongs in a map, a topicref or a relationship table cell`);
    }
    for (const c of kids) visit(c);
  };
  visit(root);
  return problems;
}

function checkTopicOrder(topic: XmlElement, kids: readonly XmlElement[], report: (at: XmlElement, message: string) => void): void {
  let last: XmlElement | undefined;
  let lastRank = 0;
  const seen = new Set<number>();
  for (const c of kids) {
    const rank = topicPartRank(c.name);
    if (rank === undefined) continue;
    if (rank < 6 && seen.has(rank)) report(c, `<${c.name}> may appear only once in <${topic.name}>`);
    else if (rank < lastRank && last !== undefined) report(c, `<${c.name}> must come before <${last.name}> in <${topic.name}>`);
    seen.add(rank);
    if (rank >= lastRank) {
      lastRank = rank;
      last = c;
    }
  }
}

/** A section's title, if it has one, comes first and only once. */
function checkSectionTitle(section: XmlElement, report: (at: XmlElement, message: string) => void): void {
  let before = false;
  let titled = false;
  for (const c of section.children) {
    if (c.type === 'text') {
      if (c.text.trim() !== '') before = true;
      continue;
    }
    if (c.name === 'title') {
      if (titled) report(c, `<${section.name}> may have only one <title>`);
      else if (before) report(c, `<title> must come first in <${section.name}>`);
      titled = true;
    } else before = true;
  }
}
