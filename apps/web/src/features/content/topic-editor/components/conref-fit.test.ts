import type { EditorTargetRow } from '@ccms/contracts/content/topic-editor-pickers';
import { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { afterEach, describe, expect, it } from 'vitest';
import { createDitaExtensions } from '../model/editor';
import { xmlToDoc } from '../model/to-editor';
import { conrefChoices, sourceConrefFit, visualConrefFit } from './conref-fit';

const CONCEPT = `<concept id="c"><title>T</title><conbody>
  <p id="p1">First.</p>
  <ul><li id="l1">One.</li></ul>
</conbody></concept>`;

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** An editor with the cursor just inside the first node matching `test`. */
function at(test: (n: PMNode) => boolean): Editor {
  editor = new Editor({ extensions: createDitaExtensions(), content: xmlToDoc(CONCEPT).doc });
  let pos = -1;
  editor.state.doc.descendants((n, p) => {
    if (pos < 0 && test(n)) pos = p + 1;
    return pos < 0;
  });
  editor.commands.setTextSelection(pos + 1);
  return editor;
}

const row = (element: string, elementId: string | null = element): EditorTargetRow => ({ path: 't.dita', topicId: 't', elementId, element, title: element });

describe('what a content reference may be at the cursor', () => {
  it('in a paragraph: another paragraph or a phrase, not a list item', () => {
    const fit = visualConrefFit(at((n) => n.type.name === 'p'));
    expect(fit('p')).toBeNull();
    expect(fit('ph')).toBeNull();
    expect(fit('li')).toEqual({ element: 'li', at: 'p' });
    expect(fit('step')).toEqual({ element: 'step', at: 'p' });
  });

  it('in a list item: another list item fits', () => {
    const fit = visualConrefFit(at((n) => n.type.name === 'li'));
    expect(fit('li')).toBeNull();
    expect(fit('step')).not.toBeNull();
  });

  it('in the source view: by the grammar of the element the cursor is in', () => {
    const fit = sourceConrefFit('ul');
    expect(fit('li')).toBeNull();
    expect(fit('p')).toEqual({ element: 'p', at: 'ul' });
    expect(sourceConrefFit(undefined)('p')).toBeNull();
    expect(sourceConrefFit('no-such-element')('p')).toBeNull();
  });

  it('lists what fits first, then what cannot go there with why; never a whole topic', () => {
    const fit = sourceConrefFit('ul');
    const choices = conrefChoices([row('p'), row('li'), row('concept', null), row('note'), row('li', 'l2')], fit);
    expect(choices.map((c) => [c.row.elementId, c.refusal?.at ?? null])).toEqual([
      ['li', null],
      ['l2', null],
      ['p', 'ul'],
      ['note', 'ul'],
    ]);
    expect(conrefChoices([row('p')], undefined)).toEqual([{ row: row('p'), refusal: null }]);
  });
});
