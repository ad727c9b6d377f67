import type { Node as PMNode, Schema } from '@tiptap/pm/model';
import type { XmlElement, XmlNode } from '../../shared/lossless-xml';
import { type Conversion, convertXml } from './to-editor';

/** The original file, read once per text: nodes and elements by their source range. */
export interface Original {
  source: string;
  conv: Conversion;
  nodes: Map<string, PMNode>;
  elements: Map<number, XmlElement>;
}

let cache: Original | null = null;

/**
 * Tells `docToXml` the conversion an editor's document was made from (`convertXml` with the
 * editor's schema): its nodes are the editor's, so an unchanged node is recognised by identity and
 * written as its original text without comparing it (typing in a long topic does not write every
 * node again).
 */
export function rememberConversion(source: string, conv: Conversion): void {
  // Indexed when first written (an editor that is never edited never needs it).
  remembered = { source, conv };
  cache = null;
}

let remembered: { source: string; conv: Conversion } | null = null;

/**
 * A new editor's first document: `source` read into the editor's own schema (call it before the
 * editor makes its document, from onBeforeCreate), remembered for `docToXml`.
 */
export function documentFor(schema: Schema, source: string): Conversion {
  const start = performance.now();
  const conv = convertXml(source, { schema });
  rememberConversion(source, conv);
  // A named span for the page's timeline (DevTools, bench/editor-web).
  performance.measure('ccms:topic-editor:convert', { start, end: performance.now() });
  return conv;
}

export function original(source: string, schema: Schema): Original {
  if (cache && cache.source === source && cache.conv.pmDoc.type.schema === schema) return cache;
  const conv = remembered?.source === source && remembered.conv.pmDoc.type.schema === schema ? remembered.conv : convertXml(source, { schema });
  cache = indexConversion(source, conv);
  return cache;
}

function indexConversion(source: string, conv: Conversion): Original {
  const nodes = new Map<string, PMNode>();
  conv.pmDoc.descendants((n) => {
    if (typeof n.attrs.src === 'string') nodes.set(n.attrs.src, n);
    return true;
  });
  const elements = new Map<number, XmlElement>();
  const walk = (list: XmlNode[]) => {
    for (const n of list) {
      if (n.type === 'element') {
        elements.set(n.start, n);
        walk(n.children);
      }
    }
  };
  walk(conv.xml.children);
  return { source, conv, nodes, elements };
}
