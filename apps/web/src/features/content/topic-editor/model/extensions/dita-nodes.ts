import { Node } from '@tiptap/core';
import { type ElementDef, pmName } from '../elements';
import type { EditorVocabulary } from '../vocabulary';
import { ditaAttributes } from './attrs';
import { ROW_NODES, rowNodeView } from './row-node-view';

/** Extra attributes and schema fields of the CALS table parts (tgroup is the prosemirror-tables table). */
const TABLE_PARTS: Record<string, { role: string; attrs: Record<string, { default: unknown; rendered?: boolean }> }> = {
  tgroup: {
    role: 'table',
    attrs: {
      // The colspec elements as written ({ attrs, raw, ws }), and the thead/tbody tags ({ open, close, ws, wsEnd }).
      colspecs: { default: [], rendered: false },
      thead: { default: null, rendered: false },
      tbody: { default: null, rendered: false },
    },
  },
  row: { role: 'row', attrs: { head: { default: false, rendered: false } } },
  entry: {
    role: 'cell',
    attrs: { colspan: { default: 1 }, rowspan: { default: 1 }, colwidth: { default: null, rendered: false } },
  },
};

const DOM_TAG: Record<string, string> = {
  p: 'p',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  sl: 'ul',
  sli: 'li',
  dl: 'dl',
  dt: 'dt',
  dd: 'dd',
  codeblock: 'pre',
  pre: 'pre',
  lines: 'pre',
  tgroup: 'table',
  row: 'tr',
  entry: 'td',
  simpletable: 'table',
  sthead: 'tr',
  strow: 'tr',
  stentry: 'td',
};

function nodeFor(def: ElementDef, plain: boolean) {
  const name = pmName(def.name);
  const part = plain ? undefined : TABLE_PARTS[def.name];
  const tag = plain ? 'div' : (DOM_TAG[def.name] ?? 'div');
  return Node.create({
    name,
    group: def.group,
    content: def.content,
    defining: def.defining ?? def.kind !== 'block',
    isolating: part !== undefined || (!plain && def.name === 'stentry'),
    code: def.kind === 'pre',
    whitespace: def.kind === 'pre' ? 'pre' : 'normal',
    addAttributes: () => ({ ...ditaAttributes(), ...(part?.attrs ?? {}) }),
    // TipTap applies every extension's extendNodeSchema to every node: decide by the node's own name.
    extendNodeSchema: (extension) => {
      const role = plain ? undefined : TABLE_PARTS[extension.name]?.role;
      return role ? { tableRole: role } : {};
    },
    parseHTML: () => [{ tag: `[data-dita="${def.name}"]` }],
    renderHTML: ({ HTMLAttributes }) => {
      const attrs = { ...HTMLAttributes, 'data-dita': def.name, class: `dita-${def.name}` };
      if (tag === 'table') return ['table', attrs, ['tbody', 0]];
      return [tag, attrs, 0];
    },
    // S1000D parts catalogue rows: attributes as fields, rows added and removed (row-node-view.ts).
    ...(!plain && ROW_NODES.has(def.name)
      ? {
          addNodeView() {
            const lang = (this.editor?.extensionManager.extensions.find((e) => e.name === 'island')?.options as { lang?: string } | undefined)?.lang;
            return ({ node, editor, getPos }) =>
              rowNodeView({ node, editor, getPos: typeof getPos === 'function' ? getPos : () => undefined, lang, attributes: def.attributes ?? [] });
          },
        }
      : {}),
  });
}

/**
 * One node per modelled element of a vocabulary that is not a phrase. An XML profile's elements
 * are plain nodes: a profile's `row` or `entry` is not a CALS table part, nor any other standard's.
 */
export const nodesOf = (vocab: Pick<EditorVocabulary, 'elements'> & { readonly id?: EditorVocabulary['id'] }) =>
  vocab.elements.filter((e) => e.kind !== 'mark').map((e) => nodeFor(e, vocab.id === 'xmlprofile'));
