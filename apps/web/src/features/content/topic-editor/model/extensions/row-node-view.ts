import type { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';

type Text = { zh: string; en: string };
const pick = (lang: string | undefined, t: Text) => (lang?.startsWith('en') ? t.en : t.zh);
const TEXTS = {
  addAfter: { zh: '在后面添加一行', en: 'Add a row after' },
  remove: { zh: '删除此行', en: 'Remove this row' },
} satisfies Record<string, Text>;

/** The parts catalogue's rows: their attributes are fields, rows are added (a copy) and removed in the visual view. */
export const ROW_NODES = new Set(['catalogSeqNumber', 'itemSeqNumber']);

type Attrs = Record<string, string>;

/**
 * The node view of a parts catalogue row (catalogSeqNumber, itemSeqNumber): a head with its
 * attributes as inputs (the table's attributes and those it has; a value committed when the field
 * is left or Enter is pressed, an emptied one removed) and buttons to add a row after it (a copy,
 * without id and applicability) and to remove it; its content below, drawn by the editor.
 */
export function rowNodeView(props: {
  node: PMNode;
  editor: Editor;
  getPos: () => number | undefined;
  lang: string | undefined;
  attributes: readonly string[];
}): {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  update: (node: PMNode) => boolean;
  stopEvent: (e: Event) => boolean;
  ignoreMutation: (m: { target: globalThis.Node }) => boolean;
} {
  const { editor, getPos, lang } = props;
  let node = props.node;
  const name = node.type.name;
  const dom = document.createElement('div');
  dom.className = `dita-${name} te-row`;
  dom.setAttribute('data-dita', name);
  const head = document.createElement('div');
  head.className = 'te-row-head';
  head.contentEditable = 'false';
  const contentDOM = document.createElement('div');
  contentDOM.className = 'te-row-body';
  dom.append(head, contentDOM);

  const attrsOf = (n: PMNode) => (n.attrs.attrs ?? {}) as Attrs;
  const names = [...new Set([...props.attributes, ...Object.keys(attrsOf(node))])].filter((a) => a !== 'id' && a !== 'applicRefId');
  const commit = (attr: string, value: string) => {
    const pos = getPos();
    const now = attrsOf(node);
    if (pos === undefined || (now[attr] ?? '') === value) return;
    const next: Attrs = { ...now };
    if (value === '') delete next[attr];
    else next[attr] = value;
    editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, attrs: next }));
  };
  for (const attr of names) {
    const label = document.createElement('label');
    label.className = 'te-row-field';
    const span = document.createElement('span');
    span.textContent = attr;
    const input = document.createElement('input');
    input.value = attrsOf(node)[attr] ?? '';
    input.size = Math.max(3, Math.min(12, input.value.length + 1));
    input.setAttribute('data-attr', attr);
    input.setAttribute('aria-label', `${name} ${attr}`);
    input.disabled = !editor.isEditable;
    input.addEventListener('change', () => commit(attr, input.value));
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        commit(attr, input.value);
      }
    });
    label.append(span, input);
    head.appendChild(label);
  }
  const button = (text: string, testId: string, run: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'te-form-button';
    b.textContent = text;
    b.setAttribute('data-testid', testId);
    b.disabled = !editor.isEditable;
    b.addEventListener('click', (e) => {
      e.preventDefault();
      run();
    });
    head.appendChild(b);
  };
  button(pick(lang, TEXTS.addAfter), 'row-add-after', () => {
    const pos = getPos();
    if (pos === undefined) return;
    const { id: _id, applicRefId: _applic, ...rest } = attrsOf(node);
    const copy = node.type.create({ ...node.attrs, attrs: rest, src: null }, node.content);
    editor.view.dispatch(editor.state.tr.insert(pos + node.nodeSize, copy));
  });
  button(pick(lang, TEXTS.remove), 'row-remove', () => {
    const pos = getPos();
    if (pos !== undefined) editor.view.dispatch(editor.state.tr.delete(pos, pos + node.nodeSize));
  });

  return {
    dom,
    contentDOM,
    update(next) {
      if (next.type !== node.type) return false;
      node = next;
      const attrs = attrsOf(next);
      for (const input of Array.from(head.querySelectorAll<HTMLInputElement>('input[data-attr]'))) {
        const v = attrs[input.getAttribute('data-attr') ?? ''] ?? '';
        if (input !== document.activeElement && input.value !== v) input.value = v;
      }
      return true;
    },
    stopEvent: (e) => {
      const t = e.target as HTMLElement | null;
      return !!t && head.contains(t);
    },
    ignoreMutation: (m) => head.contains(m.target),
  };
}
