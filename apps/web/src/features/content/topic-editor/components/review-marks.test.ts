import { Schema } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { editorSelection, markedRanges } from './review-marks';

const schema = new Schema({ nodes: { doc: { content: 'block+' }, p: { group: 'block', content: 'text*' }, text: {} } });
const doc = schema.node('doc', null, [
  schema.node('p', null, [schema.text('Check the cable.')]),
  schema.node('p', null, [schema.text('Press the red switch. Then press the red switch again.')]),
]);

describe('review marks in the visual view', () => {
  it('places each comment on its quote by context; a quote not in the text is not marked', () => {
    const ranges = markedRanges(doc, [
      { id: 1, quote: 'red switch', prefix: 'Then press the ', suffix: ' again.' },
      { id: 2, quote: 'cable' },
      { id: 3, quote: 'blue lever' },
    ]);
    expect(ranges.map((r) => [r.id, doc.textBetween(r.from, r.to)])).toEqual([
      [1, 'red switch'],
      [2, 'cable'],
    ]);
    const second = ranges[0];
    expect(second && second.from > doc.textContent.indexOf('Then')).toBe(true);
  });

  it('reads a selection with its context (32 characters each side at most)', () => {
    const from = 1 + 'Check the cable.'.length + 2 + 'Press the '.length;
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, from, from + 'red switch'.length) });
    expect(editorSelection(state)).toEqual({ quote: 'red switch', prefix: 'Check the cable. Press the ', suffix: '. Then press the red switch agai' });
    expect(editorSelection(EditorState.create({ doc }))).toBeNull();
  });
});
