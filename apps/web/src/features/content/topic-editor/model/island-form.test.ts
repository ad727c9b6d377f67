import { readFileSync } from 'node:fs';
import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { afterEach, describe, expect, it } from 'vitest';
import { parseXml } from '../../shared/lossless-xml';
import { createDitaExtensions } from './editor';
import { addRow, emptiedCopy, islandForm, removeRow, setField } from './island-form';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';
import { S1000D_VOCABULARY } from './vocabulary';

/** Bike 258A: reqPersons with persons, support equipment and supplies, an identification section. */
const PROCED = readFileSync('/work/shared/corpora/s1000d-bike-4.1/csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML', 'utf8');

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(xml: string): Editor {
  const { doc } = xmlToDoc(xml, { vocabulary: S1000D_VOCABULARY });
  editor = new Editor({ extensions: createDitaExtensions({ vocabulary: S1000D_VOCABULARY, lang: 'en' }), content: doc });
  return editor;
}

function islands(e: Editor, name: string): Array<{ node: PMNode; pos: number }> {
  const out: Array<{ node: PMNode; pos: number }> = [];
  e.state.doc.descendants((n, pos) => {
    if (n.type.name === 'island' && n.attrs.name === name) out.push({ node: n, pos });
  });
  return out;
}

/** Sets an island's XML in the editor, as the form does. */
function edit(e: Editor, at: { node: PMNode; pos: number }, xml: string) {
  e.view.dispatch(e.state.tr.setNodeMarkup(at.pos, undefined, { ...at.node.attrs, xml }));
}

describe('the S1000D forms on islands', () => {
  it('reads a row group: its rows with their attributes and texts', () => {
    const e = open(PROCED);
    const [group] = islands(e, 'supplyDescrGroup');
    const form = islandForm(group?.node.attrs.xml);
    expect(form?.rowName).toBe('supplyDescr');
    expect(form?.rows.map((r) => r.fields.find((f) => f.label === 'name')?.value)).toEqual(['Degreasing agent', 'Detergent A', 'Detergent B']);
    expect(form?.rows[0]?.fields.map((f) => f.label)).toEqual([
      '@id',
      'name',
      'identNumber › manufacturerCode',
      'identNumber › partAndSerialNumber › partNumber',
      'reqQuantity › @unitOfMeasure',
      'reqQuantity',
    ]);
  });

  it('a field typed changes only its value; the module is written with only that change', () => {
    const e = open(PROCED);
    const [group] = islands(e, 'supplyDescrGroup');
    if (!group) throw new Error('no supplyDescrGroup');
    const form = islandForm(group.node.attrs.xml);
    const name = form?.rows[1]?.fields.find((f) => f.label === 'name');
    const unit = form?.rows[1]?.fields.find((f) => f.label === 'reqQuantity › @unitOfMeasure');
    let xml = setField(group.node.attrs.xml, name?.key ?? '', 'Detergent A & rinse <mild>');
    xml = setField(xml, unit?.key ?? '', 'ml');
    edit(e, group, xml);
    const out = docToXml(e.state.doc, PROCED);
    expect(out).toBe(
      PROCED.replace('<name>Detergent A</name>', '<name>Detergent A &amp; rinse &lt;mild></name>').replace(
        /(<partNumber>BSK-TLST-023-14<\/partNumber>\s*<\/partAndSerialNumber>\s*<\/identNumber>\s*<reqQuantity unitOfMeasure=")L"/,
        '$1ml"',
      ),
    );
    expect(islandForm(xml)?.rows[1]?.fields.find((f) => f.label === 'name')?.value).toBe('Detergent A & rinse <mild>');
  });

  it('adds a row (a copy of the last, emptied, no id) on its own line, and removes one with its line', () => {
    const group = PROCED.slice(PROCED.indexOf('<supportEquipDescrGroup>'), PROCED.indexOf('</supportEquipDescrGroup>') + '</supportEquipDescrGroup>'.length);
    const added = addRow(group);
    const form = islandForm(added);
    expect(form?.rows).toHaveLength(4);
    expect(form?.rows[3]?.fields.map((f) => [f.label, f.value])).toEqual([
      ['name', ''],
      ['identNumber › manufacturerCode', ''],
      ['identNumber › partAndSerialNumber › partNumber', ''],
      ['reqQuantity › @unitOfMeasure', 'EA'],
      ['reqQuantity', ''],
    ]);
    expect(added).toMatch(/<\/supportEquipDescr>\n\t{6}<supportEquipDescr>\n\t{7}<name><\/name>/);
    expect(parseXml(added).errors).toEqual([]);
    const removed = removeRow(added, 3);
    expect(removed).toBe(group);
    expect(islandForm(removeRow(group, 0))?.rows.map((r) => r.fields[0]?.value)).toEqual(['seq-0002', 'seq-0003']);
  });

  it('the identification section: codes, issue, language and title are fields', () => {
    const e = open(PROCED);
    const [ident] = islands(e, 'identAndStatusSection');
    if (!ident) throw new Error('no identAndStatusSection');
    const form = islandForm(ident.node.attrs.xml);
    const field = (label: string) => form?.fields.find((f) => f.label === label);
    expect(field('dmAddress › dmIdent › dmCode › @infoCode')?.value).toBe('258');
    expect(field('dmAddress › dmAddressItems › dmTitle › infoName')?.value).toBe('Other procedures to clean');
    const xml = setField(ident.node.attrs.xml, field('dmAddress › dmAddressItems › dmTitle › infoName')?.key ?? '', 'Clean with care');
    edit(e, ident, xml);
    expect(docToXml(e.state.doc, PROCED)).toBe(PROCED.replace('<infoName>Other procedures to clean</infoName>', '<infoName>Clean with care</infoName>'));
  });

  it('a person of reqPersons copied as a new row: texts emptied, attributes kept', () => {
    const person = PROCED.slice(PROCED.indexOf('<person man="A">'), PROCED.indexOf('</person>') + 9);
    const copy = emptiedCopy(person);
    expect(copy).toContain('<trade></trade>');
    expect(copy).toContain('<personCategory personCategoryCode="Chemical technician"/>');
    expect(islandForm(copy)?.fields.find((f) => f.label === '@man')?.value).toBe('A');
  });

  it('in the visual view: the supplies are a form; a value typed and a row added are written, the rest of the module as it was', () => {
    const e = open(PROCED);
    const form = e.view.dom.querySelector<HTMLElement>('[data-dita-island="supplyDescrGroup"].te-form');
    if (!form) throw new Error('no supplies form');
    expect(form.querySelectorAll('fieldset.te-form-row')).toHaveLength(3);
    const name = form.querySelectorAll<HTMLInputElement>('fieldset.te-form-row input[aria-label="name"]')[0];
    if (!name) throw new Error('no name field');
    expect(name.value).toBe('Degreasing agent');
    name.value = 'Degreaser';
    name.dispatchEvent(new Event('change'));
    expect(docToXml(e.state.doc, PROCED)).toBe(PROCED.replace('<name>Degreasing agent</name>', '<name>Degreaser</name>'));
    form.querySelector<HTMLButtonElement>('[data-testid="form-add-row"]')?.click();
    const again = e.view.dom.querySelector<HTMLElement>('[data-dita-island="supplyDescrGroup"].te-form');
    expect(again?.querySelectorAll('fieldset.te-form-row')).toHaveLength(4);
    const out = docToXml(e.state.doc, PROCED);
    expect(parseXml(out).errors).toEqual([]);
    expect(out).toMatch(/<\/supplyDescr>\n\t{6}<supplyDescr>\n\t{7}<name><\/name>[\s\S]*?<\/supplyDescr>\n\t{5}<\/supplyDescrGroup>/);
    // A person added after the first one, then removed again: the module is as it was but for the supplies.
    const person = e.view.dom.querySelector<HTMLElement>('[data-dita-island="person"].te-form');
    person?.querySelector<HTMLButtonElement>('[data-testid="form-add-after"]')?.click();
    expect(e.view.dom.querySelectorAll('[data-dita-island="person"].te-form')).toHaveLength(3);
    expect(docToXml(e.state.doc, PROCED)).toContain(
      '<person man="A">\n\t\t\t\t\t\t<personCategory personCategoryCode="Chemical technician"/>\n\t\t\t\t\t\t<personSkill skillLevelCode="sk02"/>\n\t\t\t\t\t\t<trade></trade>',
    );
    e.view.dom
      .querySelectorAll<HTMLElement>('[data-dita-island="person"].te-form')[1]
      ?.querySelector<HTMLButtonElement>('[data-testid="form-remove"]')
      ?.click();
    expect(e.view.dom.querySelectorAll('[data-dita-island="person"].te-form')).toHaveLength(2);
    expect(docToXml(e.state.doc, PROCED)).toBe(out);
  });

  it('parts catalogue rows: attributes typed, a row added after another (a copy without id) and removed; the quantity a form', () => {
    const ipd = `<dmodule><content><illustratedPartsCatalog>
<catalogSeqNumber indenture="1" figureNumber="01" item="000" id="csn-1"><itemSeqNumber itemSeqNumberValue="00A"><quantityPerNextHigherAssy>1</quantityPerNextHigherAssy></itemSeqNumber></catalogSeqNumber>
<catalogSeqNumber indenture="2" figureNumber="01" item="001"><itemSeqNumber itemSeqNumberValue="00A"/></catalogSeqNumber>
</illustratedPartsCatalog></content></dmodule>`;
    const e = open(ipd);
    const rows = () => [...e.view.dom.querySelectorAll<HTMLElement>('.dita-catalogSeqNumber.te-row')];
    expect(rows()).toHaveLength(2);
    const item = rows()[1]?.querySelector<HTMLInputElement>('input[data-attr="item"]');
    if (!item) throw new Error('no item field');
    expect(item.value).toBe('001');
    item.value = '002';
    item.dispatchEvent(new Event('change'));
    expect(docToXml(e.state.doc, ipd)).toBe(ipd.replace('item="001"', 'item="002"'));
    const qty = e.view.dom.querySelector<HTMLInputElement>('[data-dita-island="quantityPerNextHigherAssy"] input');
    if (!qty) throw new Error('no quantity field');
    qty.value = '2';
    qty.dispatchEvent(new Event('change'));
    rows()[0]?.querySelector<HTMLButtonElement>('[data-testid="row-add-after"]')?.click();
    expect(rows()).toHaveLength(3);
    const out = docToXml(e.state.doc, ipd);
    expect(out).toContain(
      '<catalogSeqNumber indenture="1" figureNumber="01" item="000" id="csn-1"><itemSeqNumber itemSeqNumberValue="00A"><quantityPerNextHigherAssy>2</quantityPerNextHigherAssy></itemSeqNumber></catalogSeqNumber>\n<catalogSeqNumber indenture="1" figureNumber="01" item="000"><itemSeqNumber itemSeqNumberValue="00A"><quantityPerNextHigherAssy>2</quantityPerNextHigherAssy></itemSeqNumber></catalogSeqNumber>',
    );
    expect(parseXml(out).errors).toEqual([]);
    rows()[1]?.querySelector<HTMLButtonElement>('[data-testid="row-remove"]')?.click();
    expect(docToXml(e.state.doc, ipd)).toBe(ipd.replace('item="001"', 'item="002"').replace('<quantityPerNextHigherAssy>1<', '<quantityPerNextHigherAssy>2<'));
  });
});
