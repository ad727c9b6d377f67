/**
 * One Spec 2300 data module as HTML, for HTML5 pages and the PDF alike, in the manner flight crews
 * read: procedures as checklists (challenge and response on one line joined by a dotted leader,
 * time-critical actions marked, conditions indented under their case, simultaneous actions side by
 * side, deferred procedures apart, an end-of-procedure line), annunciations with their priority and
 * message as the display shows it, dispatch items with repair interval, number required, provisos
 * and remarks. Elements it does not know keep their text (a block or an inline span).
 */
import { dmCodeString, firstChild, normText, parseXml, type XmlElement, type XmlNode } from '@ccms/s1000d';
import { ATA2300_TEXTS, type Ata2300Texts } from './texts.js';

export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

export interface Ata2300RenderContext {
  texts: Ata2300Texts;
  /** The href of a module's page in this publication (by DMC-...), undefined when it has none. */
  pageOf(code: string): string | undefined;
  /** A module's title by code, for link text. */
  titleOf?(code: string): string | undefined;
}

export interface RenderedAta2300 {
  /** The content as HTML (no identification block: see identBlock). */
  html: string;
  /** Plain text, for search. */
  text: string;
  /** Module codes linked to. */
  links: Set<string>;
}

/** Elements written as paragraphs' blocks; anything else not listed is inline. */
const BLOCKS = new Set([
  'para',
  'simplePara',
  'subLevel',
  'limitContent',
  'perfoContent',
  'approvalData',
  'triggeringConditions',
  'indications',
  'inhibitConditions',
  'remarks',
  'description',
  'descrContent',
]);

/** Sections with a heading of their own: element → text key. */
type Label = Exclude<keyof Ata2300Texts, 'priority'>;
const SECTIONS: Readonly<Record<string, Label>> = {
  triggeringConditions: 'triggeringConditions',
  indications: 'indications',
  inhibitConditions: 'inhibitConditions',
  deferredProcedures: 'deferredProcedures',
  flightPhaseDeferredProc: 'deferredProcedures',
  proviso: 'proviso',
  remarks: 'remarks',
  cdlPerformance: 'cdlPerformance',
};

/** The content element's own kind of page: a class on the article. */
const KINDS: Readonly<Record<string, string>> = {
  normalProcedure: 'procedure',
  nonNormalProcedure: 'procedure',
  dispatchProcedure: 'procedure',
  cabinEquipMalfunction: 'procedure',
  annunciation: 'annunciation',
  dispatchItem: 'dispatch',
  cdlItem: 'dispatch',
};

const LEADER = ' .'.repeat(80);

class Renderer {
  readonly links = new Set<string>();
  private readonly text: string[] = [];

  constructor(private readonly ctx: Ata2300RenderContext) {}

  plain(): string {
    return this.text.join(' ').replace(/\s+/g, ' ').trim();
  }

  nodes(nodes: readonly XmlNode[]): string {
    return nodes.map((n) => this.node(n)).join('');
  }

  private node(n: XmlNode): string {
    if (n.type === 'comment') return '';
    if (n.type === 'text') {
      // Indentation between blocks (white space with a line break) is layout of the source, not text.
      if (n.text.includes('\n') && n.text.trim() === '') return '';
      this.text.push(n.text);
      return escapeText(n.text);
    }
    return this.element(n);
  }

  private children(el: XmlElement, skip: ReadonlySet<string> = new Set()): string {
    return this.nodes(el.children.filter((c) => c.type !== 'element' || !skip.has(c.name)));
  }

  private titled(el: XmlElement, tag: 'h2' | 'h3' | 'h4'): string {
    const title = firstChild(el, 'title');
    return title ? `<${tag} class="ata-title">${this.children(title)}</${tag}>` : '';
  }

  private section(el: XmlElement, key: Label, cls: string): string {
    return `<section class="ata-${cls}"><h4 class="ata-label">${escapeText(this.ctx.texts[key])}</h4>${this.children(el)}</section>`;
  }

  /** A challenge and its response on one line, a dotted leader between them (literal dots: a PDF read back keeps them). */
  private challengeResponse(el: XmlElement): string {
    const challenge = firstChild(el, 'challenge');
    const response = firstChild(el, 'response');
    const c = challenge ? this.inlineOf(challenge) : '';
    const r = response ? this.inlineOf(response) : '';
    return `<div class="ata-cr"><span class="ata-challenge">${c}</span><span class="ata-leader" aria-hidden="true">${LEADER}</span><span class="ata-response">${r}</span></div>`;
  }

  /** An element's paragraphs flattened to one line. */
  private inlineOf(el: XmlElement): string {
    return el.children.map((c) => (c.type === 'element' && (c.name === 'para' || c.name === 'simplePara') ? this.children(c) : this.node(c))).join(' ');
  }

  private dmRef(el: XmlElement): string {
    const dmCode = firstChild(firstChild(el, 'dmRefIdent'), 'dmCode');
    if (!dmCode) return this.children(el);
    const code = dmCodeString(dmCode);
    this.links.add(code);
    const label = normText(firstChild(el, 'linktext')) || this.ctx.titleOf?.(code) || code;
    this.text.push(label);
    const href = this.ctx.pageOf(code);
    return href ? `<a class="ata-dmref" href="${escapeAttr(href)}">${escapeText(label)}</a>` : `<span class="ata-dmref">${escapeText(label)}</span>`;
  }

  private table(el: XmlElement): string {
    const title = firstChild(el, 'title');
    const rows = (group: XmlElement | undefined, cell: 'th' | 'td') =>
      (group?.children ?? [])
        .filter((r): r is XmlElement => r.type === 'element' && r.name === 'row')
        .map((r) => `<tr>${r.children.map((c) => (c.type === 'element' && c.name === 'entry' ? `<${cell}>${this.children(c)}</${cell}>` : '')).join('')}</tr>`)
        .join('');
    const tgroup = firstChild(el, 'tgroup');
    const head = rows(firstChild(tgroup, 'thead'), 'th');
    return `<table class="ata-table">${title ? `<caption>${this.children(title)}</caption>` : ''}${head ? `<thead>${head}</thead>` : ''}<tbody>${rows(firstChild(tgroup, 'tbody'), 'td')}</tbody></table>`;
  }

  element(el: XmlElement): string {
    const t = this.ctx.texts;
    const section = SECTIONS[el.name];
    if (section) return this.section(el, section, el.name);
    switch (el.name) {
      case 'title':
        return '';
      case 'para':
      case 'simplePara':
        return `<p>${this.children(el)}</p>`;
      case 'dmRef':
        return this.dmRef(el);
      case 'table':
        return this.table(el);
      case 'procContent':
        return `<ol class="ata-checklist">${this.children(el)}</ol>`;
      case 'action':
        return `<li class="ata-action">${this.children(el)}</li>`;
      case 'challengeResponse':
        return this.challengeResponse(el);
      case 'command':
        return `<div class="ata-command">${this.inlineOf(el)}</div>`;
      case 'timeAction':
        return `<div class="ata-time-critical"><span class="ata-flag">${escapeText(t.timeCritical)}</span>${this.children(el)}</div>`;
      case 'condition': {
        const cases = el.children.filter((c): c is XmlElement => c.type === 'element' && (c.name === 'caseCond' || c.name === 'caseCondBlock'));
        const head = cases.map((c) => `<p class="ata-case"><span class="ata-label">${escapeText(t.condition)}</span> ${this.inlineOf(c)}</p>`).join('');
        return `<li class="ata-condition">${head}<ol class="ata-checklist">${this.children(el, new Set(['caseCond', 'caseCondBlock']))}</ol></li>`;
      }
      case 'exclusiveConditions':
        return `<li class="ata-exclusive"><ol class="ata-checklist">${this.children(el)}</ol></li>`;
      case 'simultaneousActions':
        return `<li class="ata-simultaneous"><p class="ata-label">${escapeText(t.simultaneousActions)}</p><div class="ata-columns">${this.children(el)}</div></li>`;
      case 'simultaneousStep':
        return `<ol class="ata-checklist ata-column">${this.children(el)}</ol>`;
      case 'endOfProc':
        return `<li class="ata-end">${escapeText(t.endOfProcedure)}</li>`;
      case 'cautionProc':
        return `<div class="ata-caution"><p class="ata-label">${escapeText(t.caution)}</p>${this.children(el)}</div>`;
      case 'electronicMessage': {
        const priority = el.attrs.priorityLevel ?? '';
        return `<span class="ata-message ata-priority-${escapeAttr(priority)}">${this.children(el)}</span>`;
      }
      case 'message':
        return `<span class="ata-message-text">${this.children(el)}</span>`;
      case 'measure':
        return `<span class="ata-measure">${this.children(el)}${el.attrs.showUnit === 'true' && el.attrs.unit ? ` ${escapeText(el.attrs.unit)}` : ''}</span>`;
      case 'dispatchCondition': {
        const interval = el.attrs.repairInterval;
        return `<section class="ata-dispatch-condition">${interval ? `<p class="ata-fact"><span class="ata-label">${escapeText(t.repairInterval)}</span> ${escapeText(interval)}</p>` : ''}${this.children(el)}</section>`;
      }
      case 'normalDispatchCondition': {
        const required = el.attrs.numberRequired;
        return `<div class="ata-normal-dispatch">${required !== undefined ? `<p class="ata-fact"><span class="ata-label">${escapeText(t.numberRequired)}</span> ${escapeText(required)}</p>` : ''}${this.children(el)}</div>`;
      }
      case 'perfValue': {
        const name = firstChild(el, 'name');
        const value = firstChild(el, 'value');
        return `<div class="ata-cr"><span class="ata-challenge">${name ? this.children(name) : ''}</span><span class="ata-leader" aria-hidden="true">${LEADER}</span><span class="ata-response">${value ? this.children(value) : ''}</span></div>`;
      }
      default:
        return BLOCKS.has(el.name)
          ? `<div class="ata-${escapeAttr(el.name)}">${this.children(el)}</div>`
          : `<span class="ata-${escapeAttr(el.name)}">${this.children(el)}</span>`;
    }
  }

  /** The content element: its title as the page heading, its kind's facts, then its body. */
  content(el: XmlElement): string {
    const t = this.ctx.texts;
    const kind = KINDS[el.name] ?? 'description';
    const facts: string[] = [];
    if (el.name === 'annunciation') {
      const level = el.attrs.priorityLevel;
      if (level)
        facts.push(
          `<span class="ata-badge ata-priority-${escapeAttr(level)}">${escapeText(t.priority[level as keyof Ata2300Texts['priority']] ?? level)}</span>`,
        );
    }
    if (el.name === 'cdlItem' && el.attrs.numberInstalled)
      facts.push(`<p class="ata-fact"><span class="ata-label">${escapeText(t.numberInstalled)}</span> ${escapeText(el.attrs.numberInstalled)}</p>`);
    return `<article class="ata-module ata-${kind}" data-content="${escapeAttr(el.name)}">${this.titled(el, 'h2')}${facts.join('')}${this.children(el, new Set(['title']))}</article>`;
  }
}

/** A data module's content as HTML (the first element of `content`); empty when it has none. */
export function renderAta2300Module(content: string | Uint8Array, ctx: Partial<Ata2300RenderContext> = {}): RenderedAta2300 {
  const full: Ata2300RenderContext = {
    texts: ctx.texts ?? ATA2300_TEXTS.en,
    pageOf: ctx.pageOf ?? (() => undefined),
    ...(ctx.titleOf ? { titleOf: ctx.titleOf } : {}),
  };
  const root = parseXml(content).root;
  const element = firstChild(root, 'content')?.children.find((c): c is XmlElement => c.type === 'element');
  const r = new Renderer(full);
  const html = element ? r.content(element) : '';
  return { html, text: r.plain(), links: r.links };
}

/** The checklist layout: challenge left, response right, a clipped dotted leader between them. */
export const ATA2300_CSS = `
.ata-module { font-family: "Noto Sans", "Noto Sans CJK SC", Arial, sans-serif; }
.ata-title { text-align: center; text-transform: uppercase; }
.ata-checklist { list-style: none; padding-left: 0; margin: 0.5em 0; }
.ata-checklist .ata-checklist { padding-left: 1.5em; }
.ata-cr { display: flex; align-items: baseline; white-space: nowrap; }
.ata-challenge { flex: 0 0 auto; }
.ata-leader { flex: 1 1 auto; overflow: hidden; margin: 0 0.3em; color: #666; }
.ata-response { flex: 0 0 auto; font-weight: bold; text-transform: uppercase; }
.ata-time-critical { border-left: 4px solid #c00; padding-left: 0.5em; }
.ata-flag { display: inline-block; font-size: 0.75em; font-weight: bold; color: #c00; margin-right: 0.5em; }
.ata-condition > .ata-case { font-weight: bold; text-decoration: underline; margin: 0.3em 0; }
.ata-columns { display: flex; gap: 1em; }
.ata-column { flex: 1 1 0; border-left: 2px double #3a7; padding-left: 0.5em; }
.ata-end { text-align: center; font-weight: bold; border-top: 1px solid; border-bottom: 1px solid; margin-top: 0.8em; }
.ata-caution { border: 2px solid #d70; padding: 0.3em 0.6em; }
.ata-label { font-weight: bold; margin: 0.4em 0 0.2em; font-size: 1em; }
.ata-message { border: 1px solid; padding: 0 0.3em; font-family: monospace; }
.ata-priority-warning { color: #c00; }
.ata-priority-caution { color: #c60; }
.ata-badge { display: inline-block; border: 1px solid; padding: 0 0.4em; font-weight: bold; }
.ata-table { border-collapse: collapse; margin: 0.5em 0; }
.ata-table th, .ata-table td { border: 1px solid #999; padding: 0.2em 0.5em; }
`;
