import { type Extensions, getSchema } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { CdataMark, ditaMarks } from './extensions/dita-marks';
import { ditaNodes } from './extensions/dita-nodes';
import { DitaDoc, type DitaResolvers, DitaText, EntityRef, Image, InlineIsland, InlineRef, Island, Run } from './extensions/special';

/** The TipTap extensions that define the DITA schema (no commands, no plugins). */
export function schemaExtensions(resolvers: DitaResolvers = {}): Extensions {
  return [
    DitaDoc,
    DitaText,
    // Modelled elements first: the first member of a group is what ProseMirror creates to fill a gap (p, not an island).
    ...ditaNodes,
    Run,
    Island.configure(resolvers),
    InlineIsland.configure(resolvers),
    EntityRef,
    InlineRef.configure(resolvers),
    Image.configure(resolvers),
    ...ditaMarks,
    CdataMark,
  ];
}

let cached: Schema | null = null;

/** The ProseMirror schema of the DITA visual view (the same for every editor instance). */
export function getDitaSchema(): Schema {
  cached ??= getSchema(schemaExtensions());
  return cached;
}
