import type { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { addRow, emptiedCopy, FORM_ISLANDS, type FormField, islandForm, removeRow, setField } from '../island-form';

type Text = { zh: string; en: string };
const pick = (lang: string | undefined, t: Text) => (lang?.startsWith('en') ? t.en : t.zh);
const TEXTS = {
  addRow: { zh: '添加一行', en: 'Add a row' },
  removeRow: { zh: '删除此行', en: 'Remove this row' },
  addAfter: { zh: '在后面添加一个', en: 'Add one after' },
  remove: { zh: '删除', en: 'Remove' },
} satisfies Record<string, Text>;

/** Element names as a writer reads them (the rest by their XML name). */
const TITLES: Record<string, Text> = {
  identAndStatusSection: { zh: '标识与状态', en: 'Identification and status' },
  person: { zh: '人员', en: 'Person' },
  personnel: { zh: '人员数量', en: 'Personnel' },
  supportEquipDescrGroup: { zh: '保障设备', en: 'Support equipment' },
  supplyDescrGroup: { zh: '耗材', en: 'Supplies' },
  spareDescrGroup: { zh: '备件', en: 'Spares' },
};

/** Rows that are islands of their own (a person of reqPersons): added and removed in the document. */
const STANDALONE_ROWS = new Set(['person', 'personnel']);

/**
 * The node view of an island that is a form (island-form.ts): its fields as inputs (a value
 * committed when the field is left or Enter is pressed), rows added and removed. Other islands are
 * drawn by `fallback` (their XML, read-only).
 */
export function islandFormView(props: {
  node: PMNode;
  editor: Editor;
  getPos: () => number | undefined;
  lang: string | undefined;
}): { dom: HTMLElement; update: (node: PMNode) => boolean; stopEvent: (e: Event) => boolean; ignoreMutation: () => boolean } | null {
  const { editor, getPos, lang } = props;
  // S1000D modules only (the schema built from its vocabulary has a dmodule).
  if (!editor.schema.nodes.dmodule || !FORM_ISLANDS.has(props.node.attrs.name as string) || !islandForm(props.node.attrs.xml as string)) return null;
  let node = props.node;
  const dom = document.createElement('div');
  dom.className = 'dita-island te-form';
  dom.setAttribute('data-dita-island', node.attrs.name as string);
  dom.contentEditable = 'false';

  const setXml = (xml: string) => {
    const pos = getPos();
    if (pos === undefined || xml === node.attrs.xml) return;
    editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, xml }));
  };
  const button = (label: string, testId: string, run: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'te-form-button';
    b.textContent = label;
    b.setAttribute('data-testid', testId);
    b.disabled = !editor.isEditable;
    b.addEventListener('click', (e) => {
      e.preventDefault();
      run();
    });
    return b;
  };
  const table = (fields: FormField[]) => {
    const t = document.createElement('table');
    t.className = 'te-form-fields';
    for (const f of fields) {
      const tr = t.insertRow();
      const th = document.createElement('th');
      th.textContent = f.label;
      tr.appendChild(th);
      const input = document.createElement('input');
      input.value = f.value;
      input.setAttribute('data-field', f.key);
      input.setAttribute('aria-label', f.label);
      input.disabled = !editor.isEditable;
      input.addEventListener('change', () => setXml(setField(node.attrs.xml as string, f.key, input.value)));
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          setXml(setField(node.attrs.xml as string, f.key, input.value));
        }
      });
      tr.insertCell().appendChild(input);
    }
    return t;
  };

  let shape = '';
  const draw = () => {
    const xml = node.attrs.xml as string;
    const form = islandForm(xml);
    if (!form) return;
    shape = [...form.fields.map((f) => f.key), '|', ...form.rows.flatMap((r) => r.fields.map((f) => f.key))].join(',');
    dom.replaceChildren();
    const details = document.createElement('details');
    details.open = form.name !== 'identAndStatusSection';
    const summary = document.createElement('summary');
    const title = TITLES[form.name];
    summary.textContent = title ? pick(lang, title) : form.name;
    details.appendChild(summary);
    if (form.fields.length > 0) details.appendChild(table(form.fields));
    form.rows.forEach((r, i) => {
      const box = document.createElement('fieldset');
      box.className = 'te-form-row';
      box.setAttribute('data-row', String(i));
      const legend = document.createElement('legend');
      legend.textContent = `${r.name} ${i + 1}`;
      box.append(
        legend,
        table(r.fields),
        button(pick(lang, TEXTS.removeRow), 'form-remove-row', () => setXml(removeRow(node.attrs.xml as string, r.index))),
      );
      details.appendChild(box);
    });
    if (form.rowName && form.rows.length > 0)
      details.appendChild(button(pick(lang, TEXTS.addRow), 'form-add-row', () => setXml(addRow(node.attrs.xml as string))));
    if (STANDALONE_ROWS.has(form.name)) {
      details.append(
        button(pick(lang, TEXTS.addAfter), 'form-add-after', () => {
          const pos = getPos();
          if (pos === undefined) return;
          const copy = node.type.create({ ...node.attrs, xml: emptiedCopy(node.attrs.xml as string), src: null });
          editor.view.dispatch(editor.state.tr.insert(pos + node.nodeSize, copy));
        }),
        button(pick(lang, TEXTS.remove), 'form-remove', () => {
          const pos = getPos();
          if (pos !== undefined) editor.view.dispatch(editor.state.tr.delete(pos, pos + node.nodeSize));
        }),
      );
    }
    dom.appendChild(details);
  };
  draw();

  return {
    dom,
    update(next) {
      if (next.type !== node.type || next.attrs.name !== node.attrs.name) return false;
      const before = shape;
      node = next;
      const form = islandForm(next.attrs.xml as string);
      const now = form ? [...form.fields.map((f) => f.key), '|', ...form.rows.flatMap((r) => r.fields.map((f) => f.key))].join(',') : '';
      if (now !== before) draw();
      else if (form) {
        // Same fields: values set where the writer is not typing (the focus stays where it is).
        const values = new Map([...form.fields, ...form.rows.flatMap((r) => r.fields)].map((f) => [f.key, f.value]));
        for (const input of Array.from(dom.querySelectorAll<HTMLInputElement>('input[data-field]'))) {
          const v = values.get(input.getAttribute('data-field') ?? '');
          if (v !== undefined && input !== document.activeElement && input.value !== v) input.value = v;
        }
      }
      return true;
    },
    stopEvent: (e) => {
      const t = e.target as HTMLElement | null;
      return !!t && (t.tagName === 'INPUT' || t.tagName === 'BUTTON' || t.tagName === 'SUMMARY');
    },
    ignoreMutation: () => true,
  };
}
