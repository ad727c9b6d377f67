import { Mark } from '@tiptap/core';
import { pmName } from '../elements';
import type { EditorVocabulary } from '../vocabulary';
import { ditaAttributes } from './attrs';

const TAGS: Record<string, string> = { b: 'strong', i: 'em', u: 'u', sup: 'sup', sub: 'sub', codeph: 'code', tt: 'code' };

/** One mark per phrase element of a vocabulary. */
export const marksOf = (vocab: Pick<EditorVocabulary, 'elements'>) =>
  vocab.elements
    .filter((e) => e.kind === 'mark')
    .map((def) =>
      Mark.create({
        name: pmName(def.name),
        // Nested phrases of the same kind (`<ph><ph>..`) are two marks: nothing excludes anything.
        excludes: '',
        inclusive: def.name !== 'xref',
        spanning: true,
        addAttributes: ditaAttributes,
        parseHTML: () => [{ tag: `[data-dita="${def.name}"]` }],
        renderHTML: ({ HTMLAttributes }) => [TAGS[def.name] ?? 'span', { ...HTMLAttributes, 'data-dita': def.name, class: `dita-${def.name}` }, 0],
      }),
    );

/** Text written as a CDATA section: kept as such when its paragraph is written again. */
export const CdataMark = Mark.create({
  name: 'cdata',
  excludes: '',
  inclusive: true,
  addAttributes: () => ({ src: { default: null, rendered: false } }),
  parseHTML: () => [{ tag: 'span[data-dita-cdata]' }],
  renderHTML: () => ['span', { 'data-dita-cdata': '', class: 'dita-cdata' }, 0],
});
