import { Node, type NodeViewRenderer } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { indextermText, prologRows, prologSummary, s1000dRefLabel } from '../readable';
import { ditaAttributes } from './attrs';
import { islandFormView } from './island-form-view';

/** How the visual view shows references: the page passes resolvers (keys, images, conrefs of the library). */
export interface DitaResolvers {
  /** Text shown for an empty `<keyword keyref>`, `<xref href|keyref/>`, `<term keyref/>`... */
  resolveText?: (element: string, attrs: Record<string, string>) => string | undefined;
  /** URL to show for an `<image href|keyref>`. */
  resolveImage?: (attrs: Record<string, string>) => string | undefined;
  /** Resolved content of a conref/conkeyref, shown read-only in place (undefined while unknown). */
  resolveConref?: (element: string, attrs: Record<string, string>) => ConrefResolution | undefined;
  /** Language of the labels the view draws (note types, metadata, placeholders): zh by default. */
  lang?: string;
}

/** A content reference as the page resolved it: the target's text and an "open source" action, or why it is broken. */
export type ConrefResolution = { text: string; open?: { label: string; run: () => void } | undefined } | { problem: string };

/** The document: exactly one DITA root (a topic type, `dita`, or an island when not modelled). */
export const DitaDoc = Node.create({ name: 'doc', topNode: true, content: '(topiclike | dita | island)' });

export const DitaText = Node.create({ name: 'text', group: 'inline' });

/** Text written directly inside a mixed-content element (`<li>text</li>`): written back without tags. */
export const Run = Node.create({
  name: 'run',
  content: 'inline*',
  addAttributes: () => ({ src: { default: null, rendered: false, keepOnSplit: false }, ws: { default: null, rendered: false, keepOnSplit: false } }),
  parseHTML: () => [{ tag: 'div[data-dita-run]' }],
  renderHTML: () => ['div', { 'data-dita-run': '', class: 'dita-run' }, 0],
});

const islandAttrs = () => ({
  /** The XML text of the island, written back as is. */
  xml: { default: '', rendered: false },
  /** Element name, or #comment / #pi / #text. */
  name: { default: '', rendered: false },
  src: { default: null, rendered: false },
  ws: { default: null, rendered: false },
});

/** Where a copied island keeps its XML (a prolog shows its metadata, not the XML). */
const islandXml = (el: HTMLElement) => el.getAttribute('data-xml') ?? el.textContent ?? '';

/**
 * The prolog as a writer reads it: a collapsed panel headed "Metadata · Author, Keywords, ..."
 * that opens on the labelled values (authors, dates, keywords, index terms). The XML stays in an
 * attribute for copying; the panel is read-only like every island (edit it in the source view).
 */
export function prologView(xml: string, lang?: string): DOMOutputSpec {
  const rows = prologRows(xml, lang);
  const list: DOMOutputSpec[] = rows.map((r) => ['div', { class: 'te-meta-row' }, ['dt', {}, r.label], ['dd', {}, r.values.join('; ')]]);
  return [
    'div',
    { 'data-dita-island': 'prolog', 'data-xml': xml, class: 'dita-island te-prolog-box', contenteditable: 'false' },
    ['details', { class: 'te-prolog' }, ['summary', {}, prologSummary(rows, lang)], ['dl', { class: 'te-meta' }, ...list]],
  ];
}

/** A block the visual view does not model (unknown element, comment, processing instruction): read-only, never dropped. */
export const Island = Node.create<DitaResolvers>({
  name: 'island',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addOptions: () => ({}),
  addAttributes: islandAttrs,
  parseHTML: () => [{ tag: 'div[data-dita-island]', getAttrs: (el) => ({ xml: islandXml(el), name: el.getAttribute('data-dita-island') ?? '' }) }],
  renderHTML({ node }) {
    if (node.attrs.name === 'prolog') return prologView(node.attrs.xml, this.options.lang);
    return [
      'div',
      { 'data-dita-island': node.attrs.name, class: 'dita-island', contenteditable: 'false' },
      ['pre', { class: 'dita-island-xml' }, node.attrs.xml],
    ];
  },
});

/** An inline piece the visual view does not model (unknown inline element, comment, block inside a paragraph); an index term reads as one. */
export const InlineIsland = Node.create<DitaResolvers>({
  name: 'inline_island',
  group: 'inline',
  inline: true,
  atom: true,
  addOptions: () => ({}),
  addAttributes: islandAttrs,
  parseHTML: () => [
    {
      tag: 'span[data-dita-island]',
      getAttrs: (el) => ({ xml: el.getAttribute('data-xml') ?? el.textContent ?? '', name: el.getAttribute('data-dita-island') ?? '' }),
    },
  ],
  renderHTML({ node }) {
    if (node.attrs.name === 'indexterm') {
      return [
        'span',
        { 'data-dita-island': 'indexterm', 'data-xml': node.attrs.xml, class: 'dita-inline-island te-indexterm', contenteditable: 'false' },
        indextermText(node.attrs.xml, this.options.lang),
      ];
    }
    return ['span', { 'data-dita-island': node.attrs.name, class: 'dita-inline-island', contenteditable: 'false' }, node.attrs.xml];
  },
});

/** An entity reference other than the predefined and character ones (`&product;`): kept as a reference. */
export const EntityRef = Node.create({
  name: 'entity',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ name: { default: '', rendered: false } }),
  parseHTML: () => [{ tag: 'span[data-dita-entity]', getAttrs: (el) => ({ name: el.getAttribute('data-dita-entity') ?? '' }) }],
  renderHTML: ({ node }) => ['span', { 'data-dita-entity': node.attrs.name, class: 'dita-entity', contenteditable: 'false' }, `&${node.attrs.name};`],
});

const atomAttrs = () => ({
  ...ditaAttributes(),
  /** DITA element name (xref, keyword, term, ph, image...). */
  name: { default: '', rendered: false },
  /** The children of the element as written (e.g. an image's `<alt>`), kept as is; null when empty. */
  inner: { default: null, rendered: false },
  /** Whether it was written `<x/>` rather than `<x></x>`. */
  selfClosing: { default: true, rendered: false },
});

/**
 * The decoration spec key under which the page hands an inline reference a text to show instead
 * of its own (an xref without text: its target's title, components/link-titles.ts).
 */
export const LINK_TITLE_SPEC = 'ditaLinkTitle';

const inlineRefText = (options: DitaResolvers, node: { attrs: Record<string, unknown> }) => {
  const name = node.attrs.name as string;
  const attrs = node.attrs.attrs as Record<string, string>;
  return options.resolveText?.(name, attrs) ?? s1000dRefLabel(name, attrs, node.attrs.inner as string | null) ?? refLabel(attrs) ?? name;
};

/** An inline element with no text of its own: `<keyword keyref="k"/>`, `<xref href="..."/>`, shown resolved. */
export const InlineRef = Node.create<DitaResolvers>({
  name: 'inline_ref',
  group: 'inline',
  inline: true,
  atom: true,
  addOptions: () => ({}),
  addAttributes: atomAttrs,
  parseHTML: () => [{ tag: 'span[data-dita-ref]', getAttrs: (el) => ({ name: el.getAttribute('data-dita-ref') ?? 'ph' }) }],
  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      { ...HTMLAttributes, 'data-dita-ref': node.attrs.name, class: `dita-ref dita-${node.attrs.name}`, contenteditable: 'false' },
      inlineRefText(this.options, node),
    ];
  },
  // Drawn as renderHTML draws it; the text follows a decoration's LINK_TITLE_SPEC (which arrives after the view is drawn).
  addNodeView() {
    const options = this.options;
    return ({ node: first, HTMLAttributes, decorations }) => {
      let node = first;
      const dom = document.createElement('span');
      const own = { ...HTMLAttributes, 'data-dita-ref': node.attrs.name, class: `dita-ref dita-${node.attrs.name}`, contenteditable: 'false' };
      for (const [k, v] of Object.entries(own)) if (v !== null && v !== undefined) dom.setAttribute(k, String(v));
      const draw = (decos: readonly { spec: Record<string, unknown> }[]) => {
        const title = decos.map((d) => d.spec[LINK_TITLE_SPEC]).find((v): v is string => typeof v === 'string' && v !== '');
        const text = title ?? inlineRefText(options, node);
        if (dom.textContent !== text) dom.textContent = text;
      };
      draw(decorations as unknown as readonly { spec: Record<string, unknown> }[]);
      return {
        dom,
        update: (next, decos) => {
          // Other attributes (from the attributes panel): drawn again from scratch.
          if (next.type !== node.type || !next.sameMarkup(node)) return false;
          node = next;
          draw(decos as unknown as readonly { spec: Record<string, unknown> }[]);
          return true;
        },
        ignoreMutation: () => true,
      };
    };
  },
});

/** `<image href|keyref>`, inline (a figure holds it in a text run). */
export const Image = Node.create<DitaResolvers>({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  addOptions: () => ({}),
  addAttributes: () => ({ ...atomAttrs(), name: { default: 'image', rendered: false } }),
  parseHTML: () => [{ tag: 'img[data-dita-image]' }],
  renderHTML({ node, HTMLAttributes }) {
    const attrs = node.attrs.attrs as Record<string, string>;
    const url = this.options.resolveImage?.(attrs) ?? attrs.href ?? '';
    return ['img', { ...HTMLAttributes, 'data-dita-image': '', class: 'dita-image', src: url, alt: attrs.alt ?? attrs.keyref ?? attrs.href ?? '' }];
  },
});

function refLabel(attrs: Record<string, string>): string | undefined {
  if (attrs.keyref) return `[${attrs.keyref}]`;
  if (attrs.conkeyref) return `[${attrs.conkeyref}]`;
  if (attrs.href) return attrs.href;
  if (attrs.conref) return attrs.conref;
  return undefined;
}

/**
 * An S1000D module's island: the identification section, requirement rows and parts catalogue
 * details are forms (island-form.ts); any other island gets no node view (null: drawn from
 * renderHTML as above). DITA's island has no node view at all.
 */
export const S1000dIsland = Island.extend({
  addNodeView() {
    const lang = this.options.lang;
    return ({ node, editor, getPos }) =>
      islandFormView({ node, editor, getPos: typeof getPos === 'function' ? getPos : () => undefined, lang }) as unknown as ReturnType<NodeViewRenderer>;
  },
});
