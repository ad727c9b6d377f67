import type { ContentStandardId } from '@ccms/contracts/content/standard';
import type { Schema } from '@tiptap/pm/model';
import { ATA2300_ELEMENTS, ATA2300_INLINE_ATOMS, ATA2300_UNIVERSAL_ATTRIBUTES } from './ata2300-elements';
import { ditaName, ELEMENTS, type ElementDef, INLINE_ATOMS, pmName, UNIVERSAL_ATTRIBUTES } from './elements';
import { S1000D_ELEMENTS, S1000D_INLINE_ATOMS, S1000D_UNIVERSAL_ATTRIBUTES } from './s1000d-elements';

/**
 * The editor vocabulary of a content standard (the seam's editor part): the elements the visual
 * view models (kind, content expression, proposed attributes), the empty inline elements shown as
 * atoms, and the attributes every element may carry. The TipTap schema, the converters and the
 * source view's fallback grammar are derived from it; everything it does not model is an island.
 */
export interface EditorVocabulary {
  readonly id: ContentStandardId;
  /** What a schema is cached by: the standard, or for an XML profile its vocabulary (profile-vocabulary.ts). */
  readonly key: string;
  readonly elements: readonly ElementDef[];
  /** Elements by XML name. */
  readonly byName: ReadonlyMap<string, ElementDef>;
  /** Elements by editor node/mark name. */
  readonly byPmName: ReadonlyMap<string, ElementDef>;
  /** Inline elements that are always atoms of their own (DITA's image; S1000D's dmRef, internalRef, ...). */
  readonly inlineAtoms: readonly string[];
  /** The element drawn as an inline picture (`image` node); none when the standard has none inline. */
  readonly imageElement: string | undefined;
  readonly universalAttributes: readonly string[];
  /** The document node's content: the roots this standard's files may have (an island when not modelled). */
  readonly docContent: string;
  /** Editor names of the mixed-content elements (an emptied one gets a text run to type in). */
  readonly mixedTypes: ReadonlySet<string>;
}

function vocabulary(
  id: ContentStandardId,
  elements: ElementDef[],
  inlineAtoms: string[],
  imageElement: string | undefined,
  universal: string[],
  docContent: string,
): EditorVocabulary {
  return {
    key: id,
    docContent,
    mixedTypes: new Set(elements.filter((e) => e.mixed).map((e) => pmName(e.name))),
    id,
    elements,
    byName: new Map(elements.map((e) => [e.name, e])),
    byPmName: new Map(elements.map((e) => [pmName(e.name), e])),
    inlineAtoms,
    imageElement,
    universalAttributes: universal,
  };
}

export const DITA_VOCABULARY = vocabulary('dita', ELEMENTS, INLINE_ATOMS, 'image', UNIVERSAL_ATTRIBUTES, '(topiclike | dita | island)');
export const S1000D_VOCABULARY = vocabulary('s1000d', S1000D_ELEMENTS, S1000D_INLINE_ATOMS, undefined, S1000D_UNIVERSAL_ATTRIBUTES, '(topiclike | island)');
export const ATA2300_VOCABULARY = vocabulary(
  'ata2300',
  ATA2300_ELEMENTS,
  ATA2300_INLINE_ATOMS,
  undefined,
  ATA2300_UNIVERSAL_ATTRIBUTES,
  '(topiclike | island)',
);

/** The XML name of an editor node or mark type, by the vocabulary its schema was built from (an XML profile's `x-note` is `x_note` in the editor). */
export function xmlNameOf(type: { readonly name: string; readonly schema: Schema }): string {
  return vocabularyOf(type.schema).byPmName.get(type.name)?.name ?? ditaName(type.name);
}

/** Standards with a vocabulary of their own. */
const BY_STANDARD: Partial<Record<ContentStandardId, EditorVocabulary>> = { dita: DITA_VOCABULARY, s1000d: S1000D_VOCABULARY, ata2300: ATA2300_VOCABULARY };

/** The vocabulary of a standard (DITA when none is given or the standard has none). */
export const vocabularyFor = (standard: ContentStandardId | undefined): EditorVocabulary => BY_STANDARD[standard ?? 'dita'] ?? DITA_VOCABULARY;

const OF_SCHEMA = new WeakMap<Schema, EditorVocabulary>();

/** Remembers which vocabulary a schema was built from (schema.ts does, for each schema it makes). */
export function registerSchema(schema: Schema, vocab: EditorVocabulary): void {
  OF_SCHEMA.set(schema, vocab);
}

/** The vocabulary a schema was built from: found by the root types it holds when it was not registered (an editor's own schema). */
export function vocabularyOf(schema: Schema): EditorVocabulary {
  const known = OF_SCHEMA.get(schema);
  if (known) return known;
  // An editor's own schema carries its vocabulary on the document node (schema.ts).
  const carried = schema.topNodeType.spec.editorVocabulary as EditorVocabulary | undefined;
  if (carried) {
    OF_SCHEMA.set(schema, carried);
    return carried;
  }
  // Spec 2300's data module is S1000D's root too: its checklist tells them apart.
  const found = schema.nodes.procContent ? ATA2300_VOCABULARY : schema.nodes.dmodule ? S1000D_VOCABULARY : DITA_VOCABULARY;
  OF_SCHEMA.set(schema, found);
  return found;
}
