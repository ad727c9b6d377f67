import type { Attributes } from '@tiptap/core';

/** The DITA attributes of an element, in their written order. */
export type DitaAttrs = Record<string, string>;

/**
 * Attributes every node and mark made from a DITA element carries:
 * - `attrs`: all its XML attributes (id, outputclass, conditions, anything else), in order;
 * - `src`: `start:end` of the element in the file it was read from (identity for lossless saving);
 * - `ws` / `wsEnd`: the whitespace written before the element and before its end tag.
 * `src`, `ws` and `wsEnd` are not copied when a node is split, so a new half counts as new.
 */
export function ditaAttributes(): Attributes {
  return {
    attrs: {
      default: {},
      parseHTML: (el) => parseAttrsJson(el.getAttribute('data-dita-attrs')),
      renderHTML: (a) => renderVisibleAttrs(a.attrs as DitaAttrs),
    },
    src: { default: null, rendered: false, keepOnSplit: false },
    ws: { default: null, rendered: false, keepOnSplit: false },
    wsEnd: { default: null, rendered: false, keepOnSplit: false },
  };
}

function parseAttrsJson(text: string | null): DitaAttrs {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const out: DitaAttrs = {};
      for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val;
      return out;
    }
  } catch {
    // Not ours: pasted from elsewhere.
  }
  return {};
}

/** DOM attributes for the visual view: the DITA attributes as JSON (for copy/paste) and a few for styling. */
function renderVisibleAttrs(attrs: DitaAttrs | undefined): Record<string, string> {
  if (!attrs || Object.keys(attrs).length === 0) return {};
  const out: Record<string, string> = { 'data-dita-attrs': JSON.stringify(attrs) };
  for (const k of ['id', 'type', 'outputclass', 'audience', 'platform', 'product', 'props', 'otherprops', 'conref', 'conkeyref', 'keyref', 'href']) {
    if (attrs[k] !== undefined) out[`data-${k}`] = attrs[k];
  }
  return out;
}
