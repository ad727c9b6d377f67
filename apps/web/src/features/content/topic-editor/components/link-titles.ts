import type { EditorLink } from '@ccms/contracts/content/topic-editor';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { LINK_TITLE_SPEC } from '../model/extensions/special';
import { metaDecorations } from './meta-decorations';

/** The transaction meta that hands the plugin the engine's answer for the topic's cross-references. */
export const LINK_TITLES_META = 'ditaLinkTitles';

/** The engine's answer for an xref's href or keyref (the key wins, as in the engine). */
export function linkOf(attrs: Record<string, string>, links: readonly EditorLink[]): EditorLink | undefined {
  if (attrs.keyref) return links.find((l) => l.attr === 'keyref' && l.value === attrs.keyref);
  if (attrs.href) return links.find((l) => l.attr === 'href' && l.value === attrs.href);
  return undefined;
}

export interface LinkTitleMark {
  from: number;
  to: number;
  /** The target's title. */
  title: string;
  /** Whether the xref has no text of its own (its title is then drawn in its place, greyed as generated text). */
  generated: boolean;
  /** What the xref points at (the generated text's tooltip). */
  target: string;
}

/**
 * Where the targets' titles go: an xref without text shows its target's title in its place; an
 * xref with text keeps its text and gets the title as its tooltip. Broken ones are left to the
 * broken-reference underline (they show their href).
 */
export function linkTitleMarks(doc: PMNode, links: readonly EditorLink[]): LinkTitleMark[] {
  const out: LinkTitleMark[] = [];
  if (links.length === 0) return out;
  doc.descendants((node, pos) => {
    if (node.type.name === 'inline_ref' && node.attrs.name === 'xref') {
      const attrs = (node.attrs.attrs ?? {}) as Record<string, string>;
      const link = linkOf(attrs, links);
      if (link?.title && !link.problem)
        out.push({ from: pos, to: pos + node.nodeSize, title: link.title, generated: true, target: attrs.keyref ?? attrs.href ?? '' });
      return false;
    }
    if (node.isText) {
      const mark = node.marks.find((m) => m.type.name === 'xref');
      const attrs = (mark?.attrs.attrs ?? {}) as Record<string, string>;
      const link = mark ? linkOf(attrs, links) : undefined;
      if (link?.title && !link.problem)
        out.push({ from: pos, to: pos + node.nodeSize, title: link.title, generated: false, target: attrs.keyref ?? attrs.href ?? '' });
    }
    return true;
  });
  return out;
}

function decorate(doc: PMNode, links: readonly EditorLink[]): DecorationSet {
  const decos = linkTitleMarks(doc, links).map((m) =>
    m.generated
      ? Decoration.node(m.from, m.to, { class: 'te-generated', title: m.target, 'data-testid': 'xref-title' }, { [LINK_TITLE_SPEC]: m.title })
      : Decoration.inline(m.from, m.to, { title: m.title }),
  );
  return DecorationSet.create(doc, decos);
}

/** Draws cross-references with their targets' titles (see linkTitleMarks); a new or changed xref waits for the next answer, as its underline does. */
export const LinkTitles = metaDecorations<readonly EditorLink[]>(LINK_TITLES_META, decorate);
