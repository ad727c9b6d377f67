import { type Extensions, getSchema } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { CdataMark, marksOf } from './extensions/dita-marks';
import { nodesOf } from './extensions/dita-nodes';
import { DitaDoc, type DitaResolvers, DitaText, EntityRef, Image, InlineIsland, InlineRef, Island, Run, S1000dIsland } from './extensions/special';
import { DITA_VOCABULARY, type EditorVocabulary, registerSchema } from './vocabulary';

/** The TipTap extensions that define a standard's schema (DITA's by default; no commands, no plugins). */
export function schemaExtensions(resolvers: DitaResolvers = {}, vocab: EditorVocabulary = DITA_VOCABULARY): Extensions {
  return [
    vocab.id === 'dita'
      ? DitaDoc
      : DitaDoc.extend({
          content: vocab.docContent,
          // The vocabulary rides on the document node, so an editor's own schema tells the converters what it models.
          extendNodeSchema: (extension) => (extension.name === 'doc' ? { editorVocabulary: vocab } : {}),
        }),
    DitaText,
    // Modelled elements first: the first member of a group is what ProseMirror creates to fill a gap (p, not an island).
    ...nodesOf(vocab),
    Run,
    (vocab.id === 'dita' || vocab.id === 'xmlprofile' ? Island : S1000dIsland).configure(resolvers),
    InlineIsland.configure(resolvers),
    EntityRef,
    InlineRef.configure(resolvers),
    Image.configure(resolvers),
    ...marksOf(vocab),
    CdataMark,
  ];
}

const cached = new Map<string, Schema>();

/** The ProseMirror schema of a vocabulary's visual view (one per standard or XML profile vocabulary, shared by every editor instance). */
export function schemaOf(vocab: EditorVocabulary): Schema {
  let schema = cached.get(vocab.key);
  if (!schema) {
    schema = getSchema(schemaExtensions({}, vocab));
    registerSchema(schema, vocab);
    cached.set(vocab.key, schema);
  }
  return schema;
}

/** The ProseMirror schema of the DITA visual view (the same for every editor instance). */
export function getDitaSchema(): Schema {
  return schemaOf(DITA_VOCABULARY);
}
