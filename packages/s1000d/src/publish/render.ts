/**
 * One data module (a filtered instance) as HTML: its identification block (DMC, title, issue, date,
 * applicability), then its content with warnings, cautions and notes set apart, procedural steps
 * numbered, preliminary and close requirements as tables, figures from ICNs, internalRef and dmRef
 * links, and change bars where `changeMark="1"`. The same body serves the HTML5 pages and the PDF.
 * Over 400 lines: one Renderer class dispatching over the content elements of every data module
 * schema (procedural, descriptive, fault, IPD, crew), with the numbering and the warning, caution
 * and note state that the dispatch carries from element to element.
 */
import { applicToText } from '../applic.js';
import { dmCodeString, issueString, languageString, pmCodeString } from '../codes.js';
import type { CsdbObject } from '../describe.js';
import { childElements, childrenNamed, firstChild, normText, path, type XmlElement, type XmlNode } from '../xml.js';
import type { PublishTexts } from './texts.js';

export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** What rendering asks of the publication around the module. */
export interface RenderContext {
  texts: PublishTexts;
  /** The href of a data module's page in this publication, undefined when it has none. */
  pageOf(code: string): string | undefined;
  /** The file an ICN is published as (recorded for copying), undefined when the set has no file for it. */
  graphic(code: string): { href: string; format: string } | undefined;
  /** Prefix of element ids (one document holding every module, as the PDF does, needs unique ids). */
  idPrefix: string;
}

export interface RenderedModule {
  /** Identification block and content. */
  html: string;
  /** Plain text of the content, for the search index. */
  text: string;
  /** ICN codes shown. */
  icns: Set<string>;
  /** Data module codes linked to. */
  links: Set<string>;
  /** Elements marked changeMark="1". */
  changes: number;
  /** internalRef targets that the instance does not hold (their element did not apply). */
  dangling: string[];
}

/** The text of reasonForUpdate elements of a module: its highlights. */
export function reasonsForUpdate(dm: CsdbObject): string[] {
  const status = path(dm.xml?.root, 'identAndStatusSection', 'dmStatus');
  if (status === undefined) return [];
  return childrenNamed(status, 'reasonForUpdate')
    .flatMap((r) => {
      const paras = childrenNamed(r, 'simplePara').map((p) => normText(p));
      return paras.length > 0 ? paras : [normText(r)];
    })
    .filter((t) => t !== '');
}

/**
 * The highlights: each new, changed or revised module with its reasons for update (reasonForUpdate),
 * linked by `hrefOf`; empty when no module says why it changed.
 */
export function highlightsHtml(modules: readonly CsdbObject[], texts: PublishTexts, hrefOf: (code: string) => string, heading: 'h1' | 'h2'): string {
  const rows = modules
    .filter((dm) => dm.issueType === 'changed' || dm.issueType === 'revised' || dm.issueType === 'new')
    .map((dm) => ({ dm, reasons: reasonsForUpdate(dm) }))
    .filter((r) => r.reasons.length > 0)
    .map(
      ({ dm, reasons }) =>
        `<tr data-dmc="${escapeAttr(dm.code)}"><td><a href="${escapeAttr(hrefOf(dm.code))}">${escapeText(dm.code)}</a><br>${escapeText(dm.title)}</td><td>${reasons.map((r) => escapeText(r)).join('<br>')}</td></tr>`,
    )
    .join('');
  if (rows === '') return '';
  return `<section class="highlights"><${heading}>${escapeText(texts.highlights)}</${heading}><table><thead><tr><th>${escapeText(texts.dmc)}</th><th>${escapeText(texts.reasonForUpdate)}</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** The issue date of a module or PM, yyyy-mm-dd. */
export function issueDateOf(root: XmlElement | undefined): string {
  const status = firstChild(root, 'identAndStatusSection');
  const address = firstChild(status, 'dmAddress') ?? firstChild(status, 'pmAddress');
  const d = path(address, root?.name === 'pm' ? 'pmAddressItems' : 'dmAddressItems', 'issueDate');
  if (d === undefined) return '';
  return `${d.attrs.year ?? ''}-${(d.attrs.month ?? '').padStart(2, '0')}-${(d.attrs.day ?? '').padStart(2, '0')}`;
}

/** The module's applicability as displayed: its displayText, else one made from the expression. */
export function applicTextOf(dm: CsdbObject): string {
  if (dm.applicText !== undefined && dm.applicText !== '') return dm.applicText;
  return dm.applic !== undefined ? applicToText(dm.applic) : '';
}

const BLOCK_TEXT = new Set(['para', 'simplePara', 'notePara', 'warningAndCautionPara', 'copyrightPara', 'reqCond', 'paraBasic', 'captionLine', 'descr']);
const SKIP = new Set([
  'referencedApplicGroup',
  'applic',
  'indexFlag',
  'hotspot',
  'rdf:Description',
  'identAndStatusSection',
  'dmRefIdent',
  'dmRefAddressItems',
]);
const CIR_REFS: Record<string, string> = {
  functionalItemRef: 'functionalItemNumber',
  partRef: 'partNumberValue',
  toolRef: 'toolNumber',
  zoneRef: 'zoneNumber',
  supplyRef: 'supplyNumber',
  circuitBreakerRef: 'circuitBreakerNumber',
  controlIndicatorRef: 'controlIndicatorNumber',
  accessPointRef: 'accessPointNumber',
};
/** Elements numbered as steps: procedures, crew drills, fault isolation (its ends too, as answers lead to them). */
const STEP_NAMES = new Set(['proceduralStep', 'crewDrillStep', 'isolationStep', 'isolationProcedureEnd']);
/** Parents whose dmRef is an entry of a list of modules rather than a reference in running text. */
const LISTED_REF_PARENTS = new Set(['frontMatterDmEntry', 'tocEntry', 'dmNode', 'dmSeq', 'dmIf', 'dmThenSeq', 'dmElseSeq', 'dmLoop']);
const BROWSER_FORMATS = new Set(['SVG', 'PNG', 'JPG', 'JPEG', 'GIF', 'WEBP']);

class Renderer {
  readonly icns = new Set<string>();
  readonly links = new Set<string>();
  readonly dangling = new Set<string>();
  changes = 0;
  private readonly numbers = new Map<XmlElement, string>();
  private readonly labels = new Map<string, string>();
  private readonly applicText = new Map<string, string>();

  constructor(
    private readonly ctx: RenderContext,
    private readonly dm: CsdbObject,
  ) {}

  /** Numbers figures, tables, steps and levelled paragraphs, and labels what internalRefs may point at. */
  number(content: XmlElement): void {
    let figures = 0;
    let tables = 0;
    const t = this.ctx.texts;
    const walk = (el: XmlElement, stepPrefix: string, paraPrefix: string): void => {
      let step = 0;
      let para = 0;
      for (const c of childElements(el)) {
        let sp = stepPrefix;
        let pp = paraPrefix;
        if (STEP_NAMES.has(c.name)) {
          step++;
          sp = `${stepPrefix}${step}`;
          this.numbers.set(c, sp);
          if (c.attrs.id !== undefined) this.labels.set(c.attrs.id, `${t.step} ${sp}`);
          sp += '.';
        } else if (c.name === 'levelledPara') {
          para++;
          pp = `${paraPrefix}${para}`;
          this.numbers.set(c, pp);
          if (c.attrs.id !== undefined) this.labels.set(c.attrs.id, `${t.para} ${pp}`);
          pp += '.';
        } else if (c.name === 'figure') {
          figures++;
          this.numbers.set(c, String(figures));
          if (c.attrs.id !== undefined) this.labels.set(c.attrs.id, `${t.figure} ${figures}`);
        } else if (c.name === 'table' && firstChild(c, 'title') !== undefined) {
          tables++;
          this.numbers.set(c, String(tables));
          if (c.attrs.id !== undefined) this.labels.set(c.attrs.id, `${t.table} ${tables}`);
        } else if (c.attrs.id !== undefined) {
          const name = normText(firstChild(c, 'name')) || normText(firstChild(c, 'title'));
          if (name !== '') this.labels.set(c.attrs.id, name);
        }
        walk(c, sp, pp);
      }
    };
    walk(content, '', '');
    const group = firstChild(content, 'referencedApplicGroup');
    for (const a of group !== undefined ? childrenNamed(group, 'applic') : []) {
      if (a.attrs.id === undefined) continue;
      const shown = normText(firstChild(a, 'displayText'));
      const made = this.dm.applicGroup.get(a.attrs.id);
      this.applicText.set(a.attrs.id, shown || (made !== undefined ? applicToText(made) : ''));
    }
  }

  private id(el: XmlElement): string {
    return el.attrs.id !== undefined ? ` id="${escapeAttr(this.ctx.idPrefix + el.attrs.id)}"` : '';
  }

  /** Attributes of an element's HTML: its id, classes, and the change it marks. */
  private attrs(el: XmlElement, cls: string): string {
    const changed = el.attrs.changeMark === '1';
    if (changed) this.changes++;
    const classes = changed ? `${cls} changed` : cls;
    const change = changed ? ` data-change="${escapeAttr(el.attrs.changeType ?? 'modify')}"` : '';
    return `${this.id(el)} class="${escapeAttr(classes)}"${change}`;
  }

  /** The change bar an element marked changeMark="1" opens with. */
  private bar(el: XmlElement): string {
    return el.attrs.changeMark === '1' ? `<span class="change-bar" title="${escapeAttr(this.ctx.texts.changed)}">|</span>` : '';
  }

  /** The applicability annotation of an element that kept an inline applicRefId. */
  private annotation(el: XmlElement): string {
    const ref = el.attrs.applicRefId;
    const text = ref !== undefined ? this.applicText.get(ref) : undefined;
    return text ? `<p class="applic-annotation">${escapeText(this.ctx.texts.applicability)}: ${escapeText(text)}</p>` : '';
  }

  children(el: XmlElement, inline = false): string {
    let out = '';
    for (const c of el.children) out += this.node(c, inline);
    return out;
  }

  private node(n: XmlNode, inline: boolean): string {
    if (n.type === 'text') return escapeText(n.text);
    if (n.type === 'comment') return '';
    return this.element(n, inline);
  }

  element(el: XmlElement, inline: boolean): string {
    const name = el.name;
    if (SKIP.has(name) || name.startsWith('dc:')) return '';
    const t = this.ctx.texts;
    switch (name) {
      case 'content':
      case 'description':
      case 'procedure':
        return `<div${this.attrs(el, name)}>${this.bar(el)}${this.children(el)}</div>`;
      case 'refs':
        return this.refs(el);
      case 'levelledPara':
      case 'commonInfo':
      case 'commonInfoDescrPara': {
        const title = firstChild(el, 'title');
        const depth = Math.min(6, 2 + this.depthOf(el, 'levelledPara'));
        const num = this.numbers.get(el);
        const heading =
          title !== undefined ? `<h${depth}>${num !== undefined ? `<span class="num">${num}</span> ` : ''}${this.children(title, true)}</h${depth}>` : '';
        return `<section${this.attrs(el, name)}>${this.bar(el)}${heading}${this.annotation(el)}${this.without(el, 'title')}</section>`;
      }
      case 'title':
        return `<p${this.attrs(el, 'title')}>${this.bar(el)}<strong>${this.children(el, true)}</strong></p>`;
      case 'randomList':
        return `<ul${this.attrs(el, 'randomList')}>${this.bar(el)}${this.listItems(el)}</ul>`;
      case 'sequentialList':
        return `<ol${this.attrs(el, 'sequentialList')}>${this.bar(el)}${this.listItems(el)}</ol>`;
      case 'listItem':
        return `<li${this.attrs(el, 'listItem')}>${this.bar(el)}${this.children(el)}</li>`;
      case 'definitionList':
        return `<dl${this.attrs(el, 'definitionList')}>${childElements(el)
          .map((item) => {
            const term = firstChild(item, 'listItemTerm');
            const def = firstChild(item, 'listItemDefinition');
            return `<dt${this.attrs(item, 'term')}>${this.bar(item)}${term !== undefined ? this.children(term, true) : ''}</dt><dd>${def !== undefined ? this.children(def) : ''}</dd>`;
          })
          .join('')}</dl>`;
      case 'warning':
      case 'caution':
      case 'note': {
        const label = name === 'warning' ? t.warning : name === 'caution' ? t.caution : t.note;
        return `<div${this.attrs(el, `admonition ${name}`)} role="note" aria-label="${escapeAttr(label)}">${this.bar(el)}<p class="admonition-label">${escapeText(label)}</p>${this.annotation(el)}${this.children(el)}</div>`;
      }
      case 'figure':
        return this.figure(el);
      case 'graphic':
      case 'symbol':
        return this.graphic(el, name === 'symbol');
      case 'table':
        return this.table(el);
      case 'preliminaryRqmts':
      case 'closeRqmts':
        return `<section${this.attrs(el, `requirements ${name}`)}>${this.bar(el)}<h2>${escapeText(name === 'preliminaryRqmts' ? t.preliminaryRqmts : t.closeRqmts)}</h2>${this.children(el)}</section>`;
      case 'reqCondGroup':
        return this.reqConds(el);
      case 'reqPersons':
        return this.reqPersons(el);
      case 'reqTechInfoGroup':
        return this.reqTable(el, t.reqTechInfo, [t.references, t.title], (r) => {
          const ref = firstChild(r, 'dmRef') ?? firstChild(r, 'pmRef') ?? firstChild(r, 'externalPubRef');
          return [ref !== undefined ? this.element(ref, true) : '', escapeText(refTitle(ref))];
        });
      case 'reqSupportEquips':
        return this.itemTable(el, t.supportEquips, 'supportEquipDescr', 'noSupportEquips');
      case 'reqSupplies':
        return this.itemTable(el, t.supplies, 'supplyDescr', 'noSupplies');
      case 'reqSpares':
        return this.itemTable(el, t.spares, 'spareDescr', 'noSpares');
      case 'reqSafety': {
        const none = firstChild(el, 'noSafety') !== undefined;
        return `<section${this.attrs(el, 'reqSafety')}>${this.bar(el)}<h3>${escapeText(t.safety)}</h3>${none ? `<p class="none">${escapeText(t.none)}</p>` : this.children(el)}</section>`;
      }
      case 'mainProcedure':
        return `<section${this.attrs(el, 'mainProcedure')}>${this.bar(el)}${this.steps(el)}</section>`;
      case 'proceduralStep':
      case 'crewDrillStep':
      case 'isolationStep':
      case 'isolationProcedureEnd':
        // A step outside a run of steps (rare): a list of one.
        return `<ol class="steps">${this.step(el)}</ol>`;
      case 'isolationMainProcedure':
        return `<section${this.attrs(el, 'isolationMainProcedure')}>${this.bar(el)}${this.steps(el)}</section>`;
      case 'isolationStepQuestion':
        return `<p${this.attrs(el, 'question')}>${this.bar(el)}<strong>${this.children(el, true)}</strong></p>`;
      case 'choice':
        return `<li${this.attrs(el, 'choice')}>${this.bar(el)}${this.children(el, true)}${this.next(el)}</li>`;
      case 'listOfChoices':
        return `<ul${this.attrs(el, 'choices')}>${this.bar(el)}${this.listItems(el)}</ul>`;
      case 'yesNoAnswer':
        return `<ul${this.attrs(el, 'choices')}>${this.bar(el)}${childElements(el)
          .map((a) => `<li>${escapeText(a.name === 'yesAnswer' ? t.yes : t.no)}${this.next(a)}</li>`)
          .join('')}</ul>`;
      case 'internalRef':
        return this.internalRef(el);
      case 'dmRef':
        return this.dmRef(el);
      case 'pmRef': {
        const code = firstChild(path(el, 'pmRefIdent'), 'pmCode');
        const text = code !== undefined ? pmCodeString(code) : normText(el);
        return `<span${this.attrs(el, 'pmRef')}>${escapeText(text)}</span>`;
      }
      case 'externalPubRef': {
        const title = normText(path(el, 'externalPubRefIdent', 'externalPubTitle')) || normText(path(el, 'externalPubRefIdent', 'externalPubCode'));
        return `<cite${this.attrs(el, 'externalPubRef')}>${escapeText(title)}</cite>`;
      }
      case 'emphasis': {
        const type = el.attrs.emphasisType ?? 'em01';
        const tag = type === 'em02' ? 'em' : type === 'em03' ? 'u' : type === 'em05' ? 's' : 'strong';
        return `<${tag}${this.attrs(el, 'emphasis')}>${this.bar(el)}${this.children(el, true)}</${tag}>`;
      }
      case 'verbatimText':
        return `<code${this.attrs(el, 'verbatimText')}>${this.children(el, true)}</code>`;
      case 'subScript':
        return `<sub>${this.children(el, true)}</sub>`;
      case 'superScript':
        return `<sup>${this.children(el, true)}</sup>`;
      case 'acronym': {
        const term = normText(firstChild(el, 'acronymTerm'));
        const def = normText(firstChild(el, 'acronymDefinition'));
        return `<abbr title="${escapeAttr(def)}">${escapeText(term)}</abbr>`;
      }
      case 'footnote':
        return `<span${this.attrs(el, 'footnote')}> (${this.children(el, true)})</span>`;
      case 'changeInline':
        return `<span${this.attrs(el, 'changeInline')}>${this.bar(el)}${this.children(el, true)}</span>`;
      case 'illustratedPartsCatalog':
        return this.partsCatalog(el);
      case 'objectPath':
        return `<pre${this.attrs(el, 'objectPath')}>${this.bar(el)}${this.children(el, true)}</pre>`;
      case 'objectValue': {
        const allowed = el.attrs.valueAllowed ?? '';
        const text = this.children(el, true);
        return `<div${this.attrs(el, 'objectValue')}>${this.bar(el)}<code>${escapeText(allowed)}</code>${text.trim() !== '' ? ` — ${text}` : ''}</div>`;
      }
      default:
        break;
    }
    if (name in CIR_REFS) {
      const text = normText(el) || el.attrs[CIR_REFS[name] ?? ''] || '';
      return `<span${this.attrs(el, name)}>${escapeText(text)}</span>`;
    }
    if (BLOCK_TEXT.has(name)) return `<div${this.attrs(el, `para ${name}`)}>${this.bar(el)}${this.annotation(el)}${this.children(el, true)}</div>`;
    if (el.children.length === 0) return '';
    if (inline) return `<span${this.attrs(el, name)}>${this.bar(el)}${this.children(el, true)}</span>`;
    return `<div${this.attrs(el, name)}>${this.bar(el)}${this.children(el)}</div>`;
  }

  /** An illustrated parts catalog: its figures, then one row per catalogue sequence number (item, part, description indented by indenture, quantity, unit, SMR). */
  private partsCatalog(el: XmlElement): string {
    const t = this.ctx.texts;
    let figures = '';
    const rows: string[] = [];
    for (const c of childElements(el)) {
      if (c.name !== 'catalogSeqNumber') {
        figures += this.element(c, false);
        continue;
      }
      const items = childrenNamed(c, 'itemSeqNumber');
      for (const isn of items.length > 0 ? items : [c]) {
        const part = firstChild(isn, 'partRef');
        const partText =
          part !== undefined
            ? [part.attrs.partNumberValue ?? '', part.attrs.manufacturerCodeValue ? `(${part.attrs.manufacturerCodeValue})` : ''].filter(Boolean).join(' ')
            : normText(path(isn, 'partIdentSegment', 'partNumber'));
        const indent = Math.max(0, Number(c.attrs.indenture ?? 1) - 1);
        const descr = normText(path(isn, 'partSegment', 'itemIdentData', 'descrForPart')) || normText(path(isn, 'partSegment', 'itemIdentData', 'shortName'));
        const item =
          `${c.attrs.figureNumber ?? ''}${c.attrs.figureNumberVariant ?? ''}-${c.attrs.item ?? ''}${isn === c ? '' : ` ${isn.attrs.itemSeqNumberValue ?? ''}`}`.trim();
        const cells = [
          escapeText(item),
          escapeText(partText),
          `${'<span class="indent">·</span>'.repeat(indent)}${escapeText(descr)}`,
          escapeText(normText(firstChild(isn, 'quantityPerNextHigherAssy'))),
          escapeText(normText(path(isn, 'partSegment', 'techData', 'unitOfIssue'))),
          escapeText(normText(path(isn, 'locationRcmdSegment', 'locationRcmd', 'sourceMaintRecoverability'))),
        ];
        rows.push(`<tr${this.attrs(c, 'catalogSeqNumber')}>${cells.map((v, i) => `<td>${i === 0 ? this.bar(c) : ''}${v}</td>`).join('')}</tr>`);
      }
    }
    const head = [t.item, t.partNumber, t.description, t.unitsPerAssy, t.unitOfIssue, 'SMR'].map((h) => `<th>${escapeText(h)}</th>`).join('');
    const table =
      rows.length > 0 ? `<div class="table-wrap"><table class="parts-table"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>` : '';
    return `<div${this.attrs(el, 'illustratedPartsCatalog')}>${this.bar(el)}${figures}${table}</div>`;
  }

  /** Where an answer leads: "→ Step 3" linking the step (nextActionRefId). */
  private next(el: XmlElement): string {
    const id = el.attrs.nextActionRefId;
    if (id === undefined) return '';
    const label = escapeText(this.labels.get(id) ?? id);
    return ` → ${this.exists(id) ? `<a class="internalRef" href="#${escapeAttr(this.ctx.idPrefix + id)}">${label}</a>` : label}`;
  }

  private depthOf(el: XmlElement, name: string): number {
    let d = 0;
    for (let p = el.parent; p !== undefined; p = p.parent) if (p.name === name) d++;
    return d;
  }

  private without(el: XmlElement, skip: string): string {
    let out = '';
    for (const c of el.children) if (!(c.type === 'element' && c.name === skip)) out += this.node(c, false);
    return out;
  }

  private listItems(el: XmlElement): string {
    return childElements(el)
      .map((c) => this.element(c, false))
      .join('');
  }

  /** A run of steps as a numbered list; other children (figures, notes) kept in their place. */
  private steps(el: XmlElement): string {
    let out = '';
    let open = false;
    for (const c of el.children) {
      const isStep = c.type === 'element' && STEP_NAMES.has(c.name);
      if (isStep && !open) {
        out += '<ol class="steps">';
        open = true;
      } else if (!isStep && open && !(c.type === 'text' && c.text.trim() === '')) {
        out += '</ol>';
        open = false;
      }
      if (isStep) out += this.step(c as XmlElement);
      else out += this.node(c, false);
    }
    if (open) out += '</ol>';
    return out;
  }

  private step(el: XmlElement): string {
    const num = this.numbers.get(el) ?? '';
    const title = firstChild(el, 'title');
    let body = '';
    let nested = '';
    for (const c of el.children) {
      if (c.type === 'element' && c.name === 'title') continue;
      if (c.type === 'element' && STEP_NAMES.has(c.name)) nested += this.step(c);
      else body += this.node(c, false);
    }
    const heading = title !== undefined ? `<strong class="step-title">${this.children(title, true)}</strong>` : '';
    return `<li${this.attrs(el, `step ${el.name}`)} data-step="${escapeAttr(num)}">${this.bar(el)}<span class="step-number">${escapeText(num)}</span><div class="step-body">${heading}${this.annotation(el)}${body}${nested !== '' ? `<ol class="steps">${nested}</ol>` : ''}</div></li>`;
  }

  private internalRef(el: XmlElement): string {
    const target = el.attrs.internalRefId ?? '';
    const label = this.labels.get(target);
    const text = this.children(el, true).trim() !== '' ? this.children(el, true) : escapeText(label ?? target);
    if (!this.exists(target)) {
      this.dangling.add(target);
      return `<span class="internalRef dangling">${text}</span>`;
    }
    return `<a class="internalRef" href="#${escapeAttr(this.ctx.idPrefix + target)}">${text}</a>`;
  }

  private ids = new Set<string>();
  private exists(id: string): boolean {
    return this.ids.has(id);
  }

  /** The ids the rendered instance holds (internalRefs to others dangle: their element did not apply). */
  useIds(ids: Set<string>): void {
    this.ids = ids;
  }

  private dmRef(el: XmlElement): string {
    const code = firstChild(path(el, 'dmRefIdent'), 'dmCode');
    if (code === undefined) return '';
    const target = dmCodeString(code);
    const title = path(el, 'dmRefAddressItems', 'dmTitle');
    const titleText = title !== undefined ? [normText(firstChild(title, 'techName')), normText(firstChild(title, 'infoName'))].filter(Boolean).join(' - ') : '';
    const href = this.ctx.pageOf(target);
    const tip = titleText !== '' ? ` title="${escapeAttr(titleText)}"` : '';
    // An entry of a list of modules (front matter, a process's nodes) shows the title beside the code.
    const listed = el.parent !== undefined && LISTED_REF_PARENTS.has(el.parent.name) && titleText !== '';
    const after = listed ? ` <span class="dm-title">${escapeText(titleText)}</span>` : '';
    if (href === undefined) return `<span class="dmRef outside"${tip}>${escapeText(target)}</span>${after}`;
    this.links.add(target);
    return `<a class="dmRef" href="${escapeAttr(href)}"${tip}>${escapeText(target)}</a>${after}`;
  }

  private refs(el: XmlElement): string {
    const t = this.ctx.texts;
    const rows = childElements(el).map((r) => `<tr><td>${this.element(r, true)}</td><td>${escapeText(refTitle(r))}</td></tr>`);
    if (rows.length === 0) return '';
    return `<section${this.attrs(el, 'refs')}><h2>${escapeText(t.references)}</h2><div class="table-wrap"><table class="refs-table"><thead><tr><th>${escapeText(t.dmc)}</th><th>${escapeText(t.title)}</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
  }

  private figure(el: XmlElement): string {
    const title = firstChild(el, 'title');
    const num = this.numbers.get(el) ?? '';
    let graphics = '';
    let rest = '';
    for (const c of el.children) {
      if (c.type !== 'element' || c.name === 'title') continue;
      if (c.name === 'graphic') graphics += this.graphic(c, false);
      else rest += this.element(c, false);
    }
    const caption = `<figcaption>${escapeText(this.ctx.texts.figure)} ${escapeText(num)}${title !== undefined ? ` ${this.children(title, true)}` : ''}</figcaption>`;
    return `<figure${this.attrs(el, 'figure')}>${this.bar(el)}${this.annotation(el)}${graphics}${rest}${caption}</figure>`;
  }

  private graphic(el: XmlElement, inline: boolean): string {
    const code = (el.attrs.infoEntityIdent ?? '').toUpperCase();
    if (code === '') return '';
    this.icns.add(code);
    const file = this.ctx.graphic(code);
    const alt = el.attrs['xlink:title'] ?? code;
    if (file !== undefined && BROWSER_FORMATS.has(file.format)) {
      return `<img${this.attrs(el, inline ? 'symbol' : 'graphic')} src="${escapeAttr(file.href)}" alt="${escapeAttr(alt)}" data-icn="${escapeAttr(code)}">`;
    }
    const t = this.ctx.texts;
    const link = file !== undefined ? `<a href="${escapeAttr(file.href)}" download>${escapeText(t.download)} (${escapeText(file.format)})</a>` : '';
    return `<div${this.attrs(el, 'icn-placeholder')} data-icn="${escapeAttr(code)}">${this.bar(el)}<span class="icn-code">${escapeText(code)}</span><span class="icn-note">${escapeText(t.graphicUnavailable)}</span>${link}</div>`;
  }

  private table(el: XmlElement): string {
    const title = firstChild(el, 'title');
    const num = this.numbers.get(el);
    const caption = title !== undefined ? `<caption>${escapeText(this.ctx.texts.table)} ${escapeText(num ?? '')} ${this.children(title, true)}</caption>` : '';
    let body = '';
    for (const group of childrenNamed(el, 'tgroup')) {
      const cols = childrenNamed(group, 'colspec').map((c, i) => c.attrs.colname ?? `c${i + 1}`);
      const colIndex = (name: string | undefined): number => (name === undefined ? -1 : cols.indexOf(name));
      const rows = (section: XmlElement | undefined, cell: 'th' | 'td'): string =>
        section === undefined
          ? ''
          : childrenNamed(section, 'row')
              .map((row) => {
                const cells = childrenNamed(row, 'entry')
                  .map((entry, i) => {
                    const from = colIndex(entry.attrs.namest);
                    const to = colIndex(entry.attrs.nameend);
                    const span = from >= 0 && to >= from ? to - from + 1 : 1;
                    const down = Number(entry.attrs.morerows ?? 0);
                    const attrs = `${span > 1 ? ` colspan="${span}"` : ''}${down > 0 ? ` rowspan="${down + 1}"` : ''}`;
                    return `<${cell}${attrs}${this.attrs(entry, 'entry')}>${i === 0 ? this.bar(row) : ''}${this.bar(entry)}${this.children(entry)}</${cell}>`;
                  })
                  .join('');
                return `<tr${this.attrs(row, 'row')}>${cells}</tr>`;
              })
              .join('');
      const head = firstChild(group, 'thead');
      body += `${head !== undefined ? `<thead>${rows(head, 'th')}</thead>` : ''}<tbody>${rows(firstChild(group, 'tbody'), 'td')}</tbody>`;
    }
    return `<div class="table-wrap">${this.bar(el)}<table${this.attrs(el, 'table')}>${caption}${body}</table></div>`;
  }

  private reqTable(el: XmlElement, heading: string, columns: string[], row: (r: XmlElement) => string[], none = false): string {
    const t = this.ctx.texts;
    const items = childElements(el);
    const head = `<h3>${escapeText(heading)}</h3>`;
    if (none || items.length === 0) return `<section${this.attrs(el, el.name)}>${this.bar(el)}${head}<p class="none">${escapeText(t.none)}</p></section>`;
    const rows = items
      .map(
        (r) =>
          `<tr${this.attrs(r, r.name)}>${row(r)
            .map((c, i) => `<td>${i === 0 ? this.bar(r) : ''}${c}</td>`)
            .join('')}</tr>`,
      )
      .join('');
    return `<section${this.attrs(el, el.name)}>${this.bar(el)}${head}<div class="table-wrap"><table class="req-table"><thead><tr>${columns.map((c) => `<th>${escapeText(c)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
  }

  private reqConds(el: XmlElement): string {
    const t = this.ctx.texts;
    if (firstChild(el, 'noConds') !== undefined || childElements(el).length === 0) return this.reqTable(el, t.reqConds, [], () => [], true);
    return this.reqTable(el, t.reqConds, [t.reqConds, t.references], (r) => {
      const cond = firstChild(r, 'reqCond');
      const ref = firstChild(r, 'dmRef') ?? firstChild(r, 'pmRef') ?? firstChild(r, 'externalPubRef');
      return [cond !== undefined ? this.children(cond, true) : '', ref !== undefined ? this.element(ref, true) : ''];
    });
  }

  private reqPersons(el: XmlElement): string {
    const t = this.ctx.texts;
    const people = childElements(el).filter((c) => c.name === 'person' || c.name === 'personnel');
    const section = `<section${this.attrs(el, 'reqPersons')}>${this.bar(el)}<h3>${escapeText(t.reqPersons)}</h3>${this.annotation(el)}`;
    if (people.length === 0) return `${section}<p class="none">${escapeText(t.none)}</p></section>`;
    const rows = people
      .map((p) => {
        const who = p.attrs.man ?? p.attrs.numRequired ?? '';
        const category = firstChild(p, 'personCategory')?.attrs.personCategoryCode ?? '';
        const skill = firstChild(p, 'personSkill')?.attrs.skillLevelCode ?? '';
        const trade = normText(firstChild(p, 'trade'));
        const time = firstChild(p, 'estimatedTime');
        const timeText = time !== undefined ? `${normText(time)} ${time.attrs.unitOfMeasure ?? ''}`.trim() : '';
        return `<tr${this.attrs(p, 'person')}><td>${this.bar(p)}${escapeText(who)}</td><td>${escapeText(category)}</td><td>${escapeText(skill)}</td><td>${escapeText(trade)}</td><td>${escapeText(timeText)}</td></tr>`;
      })
      .join('');
    return `${section}<div class="table-wrap"><table class="req-table"><thead><tr>${[t.person, t.category, t.skill, t.trade, t.estimatedTime].map((c) => `<th>${escapeText(c)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
  }

  /** Support equipment, supplies or spares: one row per description (name, identification, quantity, remarks). */
  private itemTable(el: XmlElement, heading: string, item: string, noneName: string): string {
    const t = this.ctx.texts;
    const items: XmlElement[] = [];
    const collect = (e: XmlElement): void => {
      for (const c of childElements(e)) {
        if (c.name === item) items.push(c);
        else collect(c);
      }
    };
    collect(el);
    const none = firstChild(el, noneName) !== undefined || items.length === 0;
    const head = `<h3>${escapeText(heading)}</h3>`;
    if (none) return `<section${this.attrs(el, el.name)}>${this.bar(el)}${head}<p class="none">${escapeText(t.none)}</p></section>`;
    const rows = items
      .map((d) => {
        const ident = firstChild(d, 'identNumber');
        const part = normText(path(ident, 'partAndSerialNumber', 'partNumber'));
        const mfr = normText(firstChild(ident, 'manufacturerCode'));
        const idText = [part, mfr ? `(${mfr})` : ''].filter(Boolean).join(' ') || normText(firstChild(d, 'shortName'));
        const qty = firstChild(d, 'reqQuantity');
        const qtyText = qty !== undefined ? `${normText(qty)} ${qty.attrs.unitOfMeasure ?? ''}`.trim() : '';
        const remarks = firstChild(d, 'remarks');
        const cirRef = childElements(d).find((c) => c.name in CIR_REFS);
        return `<tr${this.attrs(d, item)}><td>${this.bar(d)}${escapeText(normText(firstChild(d, 'name')))}</td><td>${cirRef !== undefined ? this.element(cirRef, true) : escapeText(idText)}</td><td>${escapeText(qtyText)}</td><td>${remarks !== undefined ? this.children(remarks, true) : ''}</td></tr>`;
      })
      .join('');
    return `<section${this.attrs(el, el.name)}>${this.bar(el)}${head}<div class="table-wrap"><table class="req-table"><thead><tr>${[t.name, t.partNumber, t.quantity, t.remarks].map((c) => `<th>${escapeText(c)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
  }
}

/** The title a dmRef or pmRef carries (dmTitle, pmTitle), or an external publication's title. */
function refTitle(ref: XmlElement | undefined): string {
  if (ref === undefined) return '';
  const d = path(ref, 'dmRefAddressItems', 'dmTitle');
  if (d !== undefined) return [normText(firstChild(d, 'techName')), normText(firstChild(d, 'infoName'))].filter(Boolean).join(' - ');
  return normText(path(ref, 'pmRefAddressItems', 'pmTitle')) || normText(path(ref, 'externalPubRefIdent', 'externalPubTitle'));
}

/** The identification block of a module: DMC, title, issue, date, status, applicability, language, security, responsible partner. */
export function identificationBlock(dm: CsdbObject, texts: PublishTexts, idPrefix: string): string {
  const root = dm.xml?.root;
  const status = path(root, 'identAndStatusSection', 'dmStatus');
  const security = firstChild(status, 'security')?.attrs.securityClassification ?? '';
  const rpc =
    normText(path(status, 'responsiblePartnerCompany', 'enterpriseName')) || (firstChild(status, 'responsiblePartnerCompany')?.attrs.enterpriseCode ?? '');
  const issueType = dm.issueType ?? '';
  const rows: Array<[string, string, string]> = [
    ['dmc', texts.dmc, dm.code],
    ['issue', texts.issue, issueString(dm.issue) ?? ''],
    ['issue-date', texts.issueDate, issueDateOf(root)],
    ['status', texts.issueType, issueType],
    ['applicability', texts.applicability, applicTextOf(dm)],
    ['language', texts.language, languageString(dm.language) ?? ''],
    ['security', texts.security, security],
    ['responsible', texts.responsible, rpc],
  ];
  const body = rows
    .filter(([, , v]) => v !== '')
    .map(([k, label, v]) => `<tr data-field="${k}"><th>${escapeText(label)}</th><td>${escapeText(v)}</td></tr>`)
    .join('');
  return `<header class="dm-ident" id="${escapeAttr(`${idPrefix}ident`)}"><h1 class="dm-title">${escapeText(dm.title)}</h1><table class="ident-table">${body}</table></header>`;
}

/** Renders one module's instance (the document filtered for the product). */
export function renderModule(ctx: RenderContext, dm: CsdbObject, root: XmlElement): RenderedModule {
  const r = new Renderer(ctx, dm);
  const content = firstChild(root, 'content');
  const ids = new Set<string>();
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.attrs.id !== undefined) ids.add(el.attrs.id);
    for (const c of el.children) if (c.type === 'element') stack.push(c);
  }
  r.useIds(ids);
  let html = identificationBlock(dm, ctx.texts, ctx.idPrefix);
  let text = '';
  if (content !== undefined) {
    r.number(content);
    html += r.element(content, false);
    text = normText(content);
  }
  return { html, text, icns: r.icns, links: r.links, changes: r.changes, dangling: [...r.dangling] };
}
