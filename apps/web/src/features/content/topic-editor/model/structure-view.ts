/**
 * The structure the visual view draws without changing the document: step numbers (1. 2. 3.,
 * a. b. c. in substeps), the label of each note (Caution, Warning, ...), and a greyed
 * placeholder in each empty element so it can be seen and clicked. Decorations only: nothing
 * here is written to the XML.
 */
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep, ReplaceStep } from '@tiptap/pm/transform';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { admonitionLabel, catalogRowLabel, noteLabel, placeholderOf, s1000dStepNumber, stepNumber } from './readable';
import { xmlNameOf } from './vocabulary';

/** What the view draws: `widget` texts at positions and `empty` elements, for tests and the plugin. */
export interface StructureMarks {
  numbers: Array<{ pos: number; text: string }>;
  labels: Array<{ pos: number; text: string }>;
  empty: Array<{ pos: number; end: number; placeholder: string }>;
}

const STEP_LISTS = new Set(['steps', 'substeps']);
const STEP_ITEMS = new Set(['step', 'substep']);
/** S1000D: the containers of numbered steps, and the steps each numbers (hierarchically: 1, 1.1, 1.1.1). */
const S1000D_STEPS: Record<string, string> = {
  mainProcedure: 'proceduralStep',
  proceduralStep: 'proceduralStep',
  crewDrill: 'crewDrillStep',
  crewDrillStep: 'crewDrillStep',
  isolationMainProcedure: 'isolationStep',
};

/** Walks the blocks (not inside textblocks) and collects what to draw. */
export function structureMarks(doc: PMNode, lang?: string): StructureMarks {
  const out: StructureMarks = { numbers: [], labels: [], empty: [] };
  const s1000dNumbers = new Map<number, string>();
  doc.descendants((node, pos, parent) => {
    const name = node.type.name;
    const stepName = S1000D_STEPS[name];
    if (stepName) {
      const own = s1000dNumbers.get(pos);
      if (name === stepName && own === undefined) return !node.isAtom;
      let i = 0;
      node.forEach((child, offset) => {
        if (child.type.name !== stepName) return;
        const text = s1000dStepNumber(name === stepName ? own : undefined, i);
        s1000dNumbers.set(pos + 1 + offset, text);
        out.numbers.push({ pos: pos + 1 + offset + 1, text });
        i++;
      });
    } else if (name === 'catalogSeqNumber') {
      out.labels.push({ pos: pos + 1, text: catalogRowLabel((node.attrs.attrs ?? {}) as Record<string, string>, lang) });
    } else if (admonitionLabel(name, lang) !== undefined) {
      out.labels.push({ pos: pos + 1, text: admonitionLabel(name, lang) ?? name });
    } else if (STEP_LISTS.has(name)) {
      let i = 0;
      node.forEach((child, offset) => {
        if (!STEP_ITEMS.has(child.type.name)) return;
        out.numbers.push({ pos: pos + 1 + offset + 1, text: stepNumber(i, name === 'substeps') });
        i++;
      });
    } else if (name === 'note') {
      out.labels.push({ pos: pos + 1, text: noteLabel((node.attrs.attrs ?? {}) as Record<string, string>, lang) });
    }
    if (node.isTextblock) {
      if (node.content.size === 0) {
        // A run is the text of its element (`<li></li>`): it shows that element's placeholder.
        const element = name === 'run' && parent ? xmlNameOf(parent.type) : xmlNameOf(node.type);
        out.empty.push({ pos, end: pos + node.nodeSize, placeholder: placeholderOf(element, lang) });
      }
      return false;
    }
    return !node.isAtom;
  });
  // Nested S1000D steps are numbered from their parent, before the walk reaches them: in document order here.
  if (s1000dNumbers.size > 0) out.numbers.sort((a, b) => a.pos - b.pos);
  return out;
}

function label(cls: string, text: string): HTMLElement {
  const span = document.createElement('span');
  span.className = cls;
  span.setAttribute('contenteditable', 'false');
  span.textContent = text;
  return span;
}

function build(doc: PMNode, lang: string | undefined): DecorationSet {
  const m = structureMarks(doc, lang);
  const decos: Decoration[] = [];
  for (const n of m.numbers)
    decos.push(Decoration.widget(n.pos, () => label('te-step-num', n.text), { side: -1, ignoreSelection: true, key: `num:${n.text}` }));
  for (const l of m.labels)
    decos.push(Decoration.widget(l.pos, () => label('te-note-label', l.text), { side: -1, ignoreSelection: true, key: `note:${l.text}` }));
  for (const e of m.empty) decos.push(Decoration.node(e.pos, e.end, { class: 'te-empty', 'data-placeholder': e.placeholder }));
  return DecorationSet.create(doc, decos);
}

/**
 * Whether a transaction only changed text inside textblocks without emptying or filling one
 * (typing): then the drawn structure only moves with the text and is not built again.
 */
function textOnly(tr: Transaction): boolean {
  for (let i = 0; i < tr.steps.length; i++) {
    const step = tr.steps[i];
    const before = tr.docs[i];
    if (!before) return false;
    // Mark steps change no structure; anything else (attributes, wrapping) may.
    if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) continue;
    if (!(step instanceof ReplaceStep)) return false;
    const { from, to, slice } = step;
    const $from = before.resolve(from);
    const $to = before.resolve(to);
    if ($from.parent !== $to.parent || !$from.parent.isTextblock) return false;
    if (slice.openStart !== 0 || slice.openEnd !== 0) return false;
    let inline = true;
    slice.content.forEach((n) => {
      if (!n.isInline) inline = false;
    });
    if (!inline) return false;
    const size = $from.parent.content.size - (to - from) + slice.content.size;
    if (($from.parent.content.size === 0) !== (size === 0)) return false;
  }
  return true;
}

/** The plugin drawing step numbers, note labels and empty-element placeholders. */
export function structurePlugin(lang?: string): Plugin {
  const key = new PluginKey<DecorationSet>('ditaStructure');
  return new Plugin({
    key,
    state: {
      init: (_c, state) => build(state.doc, lang),
      apply: (tr, old) => {
        if (!tr.docChanged) return old;
        return textOnly(tr) ? old.map(tr.mapping, tr.doc) : build(tr.doc, lang);
      },
    },
    props: {
      decorations(state) {
        return key.getState(state);
      },
    },
  });
}
