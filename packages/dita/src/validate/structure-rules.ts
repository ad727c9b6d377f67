import type { Problem } from '../problems/problem.js';
import type { XmlElement } from '../xml/xml-dom.js';

/** Built-in nesting rules for the topic and map types, for when no DTD is available. */
const PROLOG_ETC = ['title', 'titlealts', 'shortdesc', 'abstract', 'prolog', 'related-links'];
const NESTED_TOPICS = ['topic', 'concept', 'task', 'reference', 'glossentry', 'glossgroup', 'troubleshooting'];
const TOPIC = (body: string): string[] => [...PROLOG_ETC, body, ...NESTED_TOPICS];
const LIST_ITEM = (item: string): string[] => [item];

export const CHILD_RULES: Record<string, string[]> = {
  topic: TOPIC('body'),
  concept: TOPIC('conbody'),
  task: TOPIC('taskbody'),
  reference: TOPIC('refbody'),
  troubleshooting: TOPIC('troublebody'),
  glossentry: ['glossterm', 'glossdef', 'prolog', 'glossBody', 'related-links', 'glossentry'],
  glossgroup: [...PROLOG_ETC, 'glossentry', 'glossgroup'],
  taskbody: ['prereq', 'context', 'section', 'steps', 'steps-unordered', 'steps-informal', 'result', 'tasktroubleshooting', 'example', 'postreq'],
  refbody: ['refsyn', 'section', 'example', 'table', 'simpletable', 'properties', 'refbodydiv'],
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

/** Checks element nesting against the built-in rules; one problem per misplaced element. */
export function checkStructure(root: XmlElement): Problem[] {
  const problems: Problem[] = [];
  const visit = (el: XmlElement): void => {
    const allowed = CHILD_RULES[el.name];
    const kids = el.children.filter((c): c is XmlElement => c.type === 'element');
    if (allowed !== undefined) {
      for (const c of kids) {
        if (!allowed.includes(c.name)) {
          problems.push({
            severity: 'error',
            code: 'structure-invalid',
            message: `<${c.name}> is not allowed in <${el.name}>`,
            file: c.file,
            line: c.line,
            column: c.column,
          });
        }
      }
      const first = FIRST_CHILD[el.name];
      const firstKid = kids.find((c) => !FIRST_SKIP.has(c.name));
      if (first !== undefined && firstKid?.name !== first) {
        problems.push({
          severity: 'error',
          code: 'structure-invalid',
          message: `<${el.name}> must start with <${first}>`,
          file: el.file,
          line: el.line,
          column: el.column,
        });
      }
      if ((el.name === 'ul' || el.name === 'ol' || el.name === 'steps' || el.name === 'tgroup') && kids.length === 0) {
        problems.push({ severity: 'error', code: 'structure-invalid', message: `<${el.name}> is empty`, file: el.file, line: el.line, column: el.column });
      }
    }
    for (const c of kids) visit(c);
  };
  visit(root);
  return problems;
}
