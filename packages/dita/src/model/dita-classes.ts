import type { XmlElement } from '../xml/xml-dom.js';

/**
 * The @class ancestry of the OASIS DITA 1.3 elements that specialize another, for sources read without their DTD's
 * defaults (which is how the engine reads them): "step" is "topic/li task/step". An element written with @class is
 * read from it; an element not listed here is taken for a base element of its own name.
 */
const SPECIALIZED: Record<string, string> = {
  // task
  task: 'topic/topic task/task',
  taskbody: 'topic/body task/taskbody',
  steps: 'topic/ol task/steps',
  'steps-unordered': 'topic/ul task/steps-unordered',
  'steps-informal': 'topic/section task/steps-informal',
  stepsection: 'topic/li task/stepsection',
  step: 'topic/li task/step',
  substeps: 'topic/ol task/substeps',
  substep: 'topic/li task/substep',
  cmd: 'topic/ph task/cmd',
  info: 'topic/itemgroup task/info',
  stepxmp: 'topic/itemgroup task/stepxmp',
  stepresult: 'topic/itemgroup task/stepresult',
  steptroubleshooting: 'topic/itemgroup task/steptroubleshooting',
  tutorialinfo: 'topic/itemgroup task/tutorialinfo',
  choices: 'topic/ul task/choices',
  choice: 'topic/li task/choice',
  choicetable: 'topic/simpletable task/choicetable',
  chhead: 'topic/sthead task/chhead',
  chrow: 'topic/strow task/chrow',
  choptionhd: 'topic/stentry task/choptionhd',
  chdeschd: 'topic/stentry task/chdeschd',
  choption: 'topic/stentry task/choption',
  chdesc: 'topic/stentry task/chdesc',
  context: 'topic/section task/context',
  prereq: 'topic/section task/prereq',
  postreq: 'topic/section task/postreq',
  result: 'topic/section task/result',
  tasktroubleshooting: 'topic/section task/tasktroubleshooting',
  // concept, reference, glossary, troubleshooting
  concept: 'topic/topic concept/concept',
  conbody: 'topic/body concept/conbody',
  conbodydiv: 'topic/bodydiv concept/conbodydiv',
  reference: 'topic/topic reference/reference',
  refbody: 'topic/body reference/refbody',
  refbodydiv: 'topic/bodydiv reference/refbodydiv',
  refsyn: 'topic/section reference/refsyn',
  properties: 'topic/simpletable reference/properties',
  prophead: 'topic/sthead reference/prophead',
  proptypehd: 'topic/stentry reference/proptypehd',
  propvaluehd: 'topic/stentry reference/propvaluehd',
  propdeschd: 'topic/stentry reference/propdeschd',
  property: 'topic/strow reference/property',
  proptype: 'topic/stentry reference/proptype',
  propvalue: 'topic/stentry reference/propvalue',
  propdesc: 'topic/stentry reference/propdesc',
  glossentry: 'topic/topic concept/concept glossentry/glossentry',
  glossterm: 'topic/title concept/title glossentry/glossterm',
  glossdef: 'topic/abstract concept/abstract glossentry/glossdef',
  glossBody: 'topic/body concept/conbody glossentry/glossBody',
  troubleshooting: 'topic/topic troubleshooting/troubleshooting',
  troublebody: 'topic/body troubleshooting/troublebody',
  condition: 'topic/section troubleshooting/condition',
  troubleSolution: 'topic/bodydiv troubleshooting/troubleSolution',
  cause: 'topic/section troubleshooting/cause',
  remedy: 'topic/section troubleshooting/remedy',
  responsibleParty: 'topic/p troubleshooting/responsibleParty',
  // highlighting, programming, software, user interface, utilities, markup, abbreviation, hazard, equation domains
  b: 'topic/ph hi-d/b',
  i: 'topic/ph hi-d/i',
  u: 'topic/ph hi-d/u',
  tt: 'topic/ph hi-d/tt',
  sup: 'topic/ph hi-d/sup',
  sub: 'topic/ph hi-d/sub',
  'line-through': 'topic/ph hi-d/line-through',
  overline: 'topic/ph hi-d/overline',
  codeph: 'topic/ph pr-d/codeph',
  codeblock: 'topic/pre pr-d/codeblock',
  coderef: 'topic/xref pr-d/coderef',
  var: 'topic/ph pr-d/var',
  synph: 'topic/ph pr-d/synph',
  repsep: 'topic/ph pr-d/repsep',
  option: 'topic/keyword pr-d/option',
  parmname: 'topic/keyword pr-d/parmname',
  oper: 'topic/keyword pr-d/oper',
  delim: 'topic/keyword pr-d/delim',
  sep: 'topic/keyword pr-d/sep',
  apiname: 'topic/keyword pr-d/apiname',
  kwd: 'topic/keyword pr-d/kwd',
  parml: 'topic/dl pr-d/parml',
  plentry: 'topic/dlentry pr-d/plentry',
  pt: 'topic/dt pr-d/pt',
  pd: 'topic/dd pr-d/pd',
  syntaxdiagram: 'topic/fig pr-d/syntaxdiagram',
  synblk: 'topic/figgroup pr-d/synblk',
  groupseq: 'topic/figgroup pr-d/groupseq',
  groupchoice: 'topic/figgroup pr-d/groupchoice',
  groupcomp: 'topic/figgroup pr-d/groupcomp',
  fragment: 'topic/figgroup pr-d/fragment',
  fragref: 'topic/xref pr-d/fragref',
  synnote: 'topic/fn pr-d/synnote',
  synnoteref: 'topic/xref pr-d/synnoteref',
  msgph: 'topic/ph sw-d/msgph',
  msgblock: 'topic/pre sw-d/msgblock',
  msgnum: 'topic/keyword sw-d/msgnum',
  cmdname: 'topic/keyword sw-d/cmdname',
  varname: 'topic/keyword sw-d/varname',
  filepath: 'topic/ph sw-d/filepath',
  userinput: 'topic/ph sw-d/userinput',
  systemoutput: 'topic/ph sw-d/systemoutput',
  uicontrol: 'topic/ph ui-d/uicontrol',
  wintitle: 'topic/keyword ui-d/wintitle',
  menucascade: 'topic/ph ui-d/menucascade',
  shortcut: 'topic/keyword ui-d/shortcut',
  screen: 'topic/pre ui-d/screen',
  imagemap: 'topic/fig ut-d/imagemap',
  area: 'topic/figgroup ut-d/area',
  shape: 'topic/keyword ut-d/shape',
  coords: 'topic/ph ut-d/coords',
  markupname: 'topic/keyword markup-d/markupname',
  xmlelement: 'topic/keyword markup-d/markupname xml-d/xmlelement',
  xmlatt: 'topic/keyword markup-d/markupname xml-d/xmlatt',
  textentity: 'topic/keyword markup-d/markupname xml-d/textentity',
  parameterentity: 'topic/keyword markup-d/markupname xml-d/parameterentity',
  genentity: 'topic/keyword markup-d/markupname xml-d/genentity',
  xmlpi: 'topic/keyword markup-d/markupname xml-d/xmlpi',
  xmlnsname: 'topic/keyword markup-d/markupname xml-d/xmlnsname',
  numcharref: 'topic/keyword markup-d/markupname xml-d/numcharref',
  'abbreviated-form': 'topic/term abbrev-d/abbreviated-form',
  hazardstatement: 'topic/note hazard-d/hazardstatement',
  messagepanel: 'topic/ul hazard-d/messagepanel',
  typeofhazard: 'topic/li hazard-d/typeofhazard',
  consequence: 'topic/li hazard-d/consequence',
  howtoavoid: 'topic/li hazard-d/howtoavoid',
  hazardsymbol: 'topic/image hazard-d/hazardsymbol',
  'equation-block': 'topic/div equation-d/equation-block',
  'equation-inline': 'topic/ph equation-d/equation-inline',
  'equation-figure': 'topic/fig equation-d/equation-figure',
  'equation-number': 'topic/data equation-d/equation-number',
  // maps
  mapref: 'map/topicref mapgroup-d/mapref',
  topichead: 'map/topicref mapgroup-d/topichead',
  topicgroup: 'map/topicref mapgroup-d/topicgroup',
  keydef: 'map/topicref mapgroup-d/keydef',
  anchorref: 'map/topicref mapgroup-d/anchorref',
  topicset: 'map/topicref ditavalref-d/topicset',
  topicsetref: 'map/topicref mapgroup-d/topicsetref',
  glossref: 'map/topicref glossref-d/glossref',
  chapter: 'map/topicref bookmap/chapter',
  part: 'map/topicref bookmap/part',
  appendix: 'map/topicref bookmap/appendix',
  appendices: 'map/topicref bookmap/appendices',
  preface: 'map/topicref bookmap/preface',
  notices: 'map/topicref bookmap/notices',
};

/** The module of an element not listed and without @class: unknown, so it matches any module's element of its name. */
const ANY_MODULE = '*';

/** An element's @class ancestry, most general first: ["topic/li", "task/step"]. */
export function classTokens(el: XmlElement): string[] {
  const written = el.attrs.class?.trim();
  if (written) {
    const tokens = written.split(/\s+/).filter((t) => t.includes('/'));
    if (tokens.length > 0) return tokens;
  }
  return (SPECIALIZED[el.name] ?? `${ANY_MODULE}/${el.name}`).split(' ');
}

const moduleOf = (token: string): string => token.slice(0, token.indexOf('/'));
const typeOf = (token: string): string => token.slice(token.indexOf('/') + 1);

/** Whether two class tokens name one type ("topic/li"), a token of an unknown module matching by its element name. */
function sameToken(a: string, b: string): boolean {
  return a === b || ((moduleOf(a) === ANY_MODULE || moduleOf(b) === ANY_MODULE) && typeOf(a) === typeOf(b));
}

/** Whether `el` is of the type of `general` or specializes it (its ancestry holds the other's own type). */
export function specializes(el: XmlElement, general: XmlElement): boolean {
  const own = classTokens(general).at(-1);
  return own !== undefined && classTokens(el).some((t) => sameToken(t, own));
}

/**
 * Generalizes an element (and what it holds) to the type of `target`, which it specializes: the element takes the
 * target's name, and descendants of the modules the target does not have take their most specialized type the target's
 * modules know ("cmd" of a step pushed into a list item becomes "ph"). Domain elements (b, codeph, ...) are kept, as the
 * target's document holds them too; a written @class follows the new name.
 */
export function generalizeTo(el: XmlElement, target: XmlElement): void {
  const targetTokens = classTokens(target);
  const targetType = targetTokens.at(-1);
  const own = classTokens(el);
  const at = targetType !== undefined ? own.findIndex((t) => sameToken(t, targetType)) : -1;
  if (at < 0 || at === own.length - 1) return;
  // The modules that specialize the element beyond its target's type ("task" for a step pushed into an li).
  const kept = new Set(targetTokens.map(moduleOf));
  const dropped = new Set(
    own
      .slice(at + 1)
      .map(moduleOf)
      .filter((m) => !kept.has(m)),
  );
  const rename = (node: XmlElement, tokens: string[]): void => {
    const last = tokens.at(-1);
    if (last === undefined) return;
    if (node.attrs.class !== undefined) node.attrs.class = `- ${tokens.join(' ')} `;
    node.name = typeOf(last);
  };
  rename(el, own.slice(0, at + 1));
  const stack = el.children.filter((c): c is XmlElement => c.type === 'element');
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) break;
    const tokens = classTokens(node);
    if (tokens.some((t) => dropped.has(moduleOf(t))))
      rename(
        node,
        tokens.filter((t) => !dropped.has(moduleOf(t))),
      );
    for (const c of node.children) if (c.type === 'element') stack.push(c);
  }
}
