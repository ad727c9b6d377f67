import { captionNumber } from '../model/caption-number.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { childElements, firstChild } from '../xml/xml-dom.js';
import { escapeText } from './html-escape.js';
import type { RenderState } from './render-state.js';
import { attrs } from './render-state.js';

function tableCaption(el: XmlElement, state: RenderState): string {
  const t = firstChild(el, 'title');
  const d = firstChild(el, 'desc');
  if (t === undefined && d === undefined) return '';
  let cap = '';
  if (t !== undefined) {
    cap += `<span class="table--title-label">${escapeText(state.env.text.table)} ${captionNumber(el)}. </span><span class="title">${state.inline(t.children)}</span>`;
  }
  if (d !== undefined) cap += `<span class="tabledesc">${state.inline(d.children)}</span>`;
  return `<caption>${cap}</caption>`;
}

/** CALS table with column specs, spans (namest/nameend, spanname) and row spans (morerows). */
export function calsTable(el: XmlElement, state: RenderState, level: number): string {
  const frame = el.attrs.frame ?? 'all';
  let out = `<table${attrs(el, state, `table frame-${frame}`)}>${tableCaption(el, state)}`;
  for (const tgroup of childElements(el)) {
    if (tgroup.name !== 'tgroup') continue;
    const colspecs = [...childElements(tgroup)].filter((c) => c.name === 'colspec');
    const spanspecs = new Map<string, XmlElement>();
    for (const s of childElements(tgroup)) if (s.name === 'spanspec' && s.attrs.spanname) spanspecs.set(s.attrs.spanname, s);
    const cols = Number(tgroup.attrs.cols ?? colspecs.length) || colspecs.length || 1;
    const colIndex = new Map<string, number>();
    let ci = 0;
    const widths: number[] = [];
    for (const cs of colspecs) {
      ci = cs.attrs.colnum !== undefined ? Number(cs.attrs.colnum) - 1 : ci;
      if (cs.attrs.colname) colIndex.set(cs.attrs.colname, ci);
      const w = /^([\d.]+)\*$/.exec(cs.attrs.colwidth ?? '');
      widths[ci] = w !== null ? Number(w[1]) : 1;
      ci++;
    }
    const total = widths.reduce((a, b) => a + (b ?? 1), 0);
    if (colspecs.length > 0 && total > 0) {
      out += '<colgroup>';
      for (let i = 0; i < cols; i++) out += `<col style="width:${(((widths[i] ?? 1) / total) * 100).toFixed(2)}%">`;
      out += '</colgroup>';
    }
    for (const part of childElements(tgroup)) {
      if (part.name !== 'thead' && part.name !== 'tbody') continue;
      const tag = part.name;
      out += `<${tag}>`;
      const occupied: number[] = new Array(cols).fill(0);
      for (const row of childElements(part)) {
        if (row.name !== 'row') continue;
        out += `<tr${attrs(row, state, 'row')}>`;
        let col = 0;
        for (const entry of childElements(row)) {
          if (entry.name !== 'entry') continue;
          while (col < cols && (occupied[col] ?? 0) > 0) col++;
          const span = entry.attrs.spanname !== undefined ? spanspecs.get(entry.attrs.spanname) : undefined;
          const namest = entry.attrs.namest ?? span?.attrs.namest;
          const nameend = entry.attrs.nameend ?? span?.attrs.nameend;
          if (entry.attrs.colname !== undefined && colIndex.has(entry.attrs.colname)) col = colIndex.get(entry.attrs.colname) ?? col;
          if (namest !== undefined && colIndex.has(namest)) col = colIndex.get(namest) ?? col;
          let colspan = 1;
          if (namest !== undefined && nameend !== undefined) {
            const a = colIndex.get(namest);
            const b = colIndex.get(nameend);
            if (a !== undefined && b !== undefined && b >= a) colspan = b - a + 1;
          }
          const rowspan = Number(entry.attrs.morerows ?? 0) + 1;
          for (let k = col; k < col + colspan && k < cols; k++) occupied[k] = rowspan;
          const cell = tag === 'thead' || (el.attrs.rowheader === 'firstcol' && col === 0) ? 'th' : 'td';
          const align = entry.attrs.align ?? '';
          const valign = entry.attrs.valign ?? '';
          const style = [align ? `text-align:${align}` : '', valign ? `vertical-align:${valign}` : ''].filter(Boolean).join(';');
          out += `<${cell}${attrs(entry, state, 'entry')}${colspan > 1 ? ` colspan="${colspan}"` : ''}${rowspan > 1 ? ` rowspan="${rowspan}"` : ''}${style ? ` style="${style}"` : ''}>${state.flow(entry, level)}</${cell}>`;
          col += colspan;
        }
        for (let k = 0; k < cols; k++) if ((occupied[k] ?? 0) > 0) occupied[k] = (occupied[k] ?? 1) - 1;
        out += '</tr>';
      }
      out += `</${tag}>`;
    }
  }
  return `${out}</table>`;
}

const SIMPLE_HEAD: Record<string, string> = { sthead: 'sthead', prophead: 'prophead', chhead: 'chhead' };

export function simpleTable(el: XmlElement, state: RenderState, level: number): string {
  const { env } = state;
  let out = `<table${attrs(el, state, `simpletable ${el.name}`)}>${tableCaption(el, state)}`;
  const rel = (el.attrs.relcolwidth ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => Number.parseFloat(w) || 1);
  if (rel.length > 0) {
    const total = rel.reduce((a, b) => a + b, 0);
    out += `<colgroup>${rel.map((w) => `<col style="width:${((w / total) * 100).toFixed(2)}%">`).join('')}</colgroup>`;
  }
  const keycol = Number(el.attrs.keycol ?? 0);
  const rows = [...childElements(el)].filter((c) => c.name !== 'title' && c.name !== 'desc');
  // properties / choicetable columns that actually occur
  const head = rows.find((r) => SIMPLE_HEAD[r.name] !== undefined);
  const body = rows.filter((r) => r !== head);
  if (el.name === 'choicetable' && head === undefined) {
    out += `<thead><tr><th>${escapeText(env.text.choiceOption)}</th><th>${escapeText(env.text.choiceDescription)}</th></tr></thead>`;
  }
  if (head !== undefined) {
    out += '<thead><tr>';
    for (const c of childElements(head)) out += `<th${attrs(c, state, c.name)}>${state.flow(c, level)}</th>`;
    out += '</tr></thead>';
  }
  out += '<tbody>';
  for (const r of body) {
    out += `<tr${attrs(r, state, r.name)}>`;
    let i = 0;
    for (const c of childElements(r)) {
      i++;
      const cell = i === keycol || (el.name === 'choicetable' && c.name === 'choption') ? 'th' : 'td';
      out += `<${cell}${attrs(c, state, c.name)}>${state.flow(c, level)}</${cell}>`;
    }
    out += '</tr>';
  }
  return `${out}</tbody></table>`;
}
