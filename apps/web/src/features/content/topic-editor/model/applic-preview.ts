/**
 * The applicability preview of an S1000D module in the visual view: for a chosen product (its
 * property values), content whose `applicRefId` names an applic that does not apply to it is
 * greyed in place; every element with an applicRefId shows its applic's display text on hover.
 * Decorations only: nothing is written to the XML.
 */
import {
  type Applic,
  type Assignment,
  applicToText,
  childElements,
  evaluateApplic,
  normText,
  parseXml,
  readApplic,
  type XmlElement,
} from '@ccms/s1000d/applic';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** One applic of the module's referencedApplicGroup: its expression and the text a writer reads. */
export interface ApplicEntry {
  applic: Applic;
  text: string;
}

/** The applics of a module by id (none when it does not parse). */
export function applicGroups(xml: string): Map<string, ApplicEntry> {
  const out = new Map<string, ApplicEntry>();
  let root: XmlElement;
  try {
    root = parseXml(xml).root;
  } catch {
    return out;
  }
  const walk = (el: XmlElement) => {
    for (const c of childElements(el)) {
      if (c.name === 'applic' && c.attrs.id) {
        const applic = readApplic(c);
        const display = childElements(c).find((d) => d.name === 'displayText');
        out.set(c.attrs.id, { applic, text: (display ? normText(display) : '') || applicToText(applic) });
      } else if (c.name !== 'identAndStatusSection') walk(c);
    }
  };
  walk(root);
  return out;
}

export interface ApplicPreview {
  groups: ReadonlyMap<string, ApplicEntry>;
  /** The product's property values; null shows display texts only (nothing greyed). */
  assignment: Assignment | null;
}

export interface ApplicMark {
  pos: number;
  end: number;
  /** False when the applic certainly does not apply to the product. */
  applies: boolean;
  text: string;
}

const ISLAND_APPLIC = /^<[\w:.-]+\b[^>]*?\bapplicRefId\s*=\s*(["'])([^"']*)\1/;

/** The applicRefId of a node: its element's attribute, or the one on an island's outer element. */
function applicRefOf(node: PMNode): string | undefined {
  const attrs = node.attrs.attrs as Record<string, string> | undefined;
  if (attrs?.applicRefId) return attrs.applicRefId;
  if (node.type.name === 'island' && typeof node.attrs.xml === 'string') return ISLAND_APPLIC.exec(node.attrs.xml)?.[2];
  return undefined;
}

/** What the preview draws: each block with an applicRefId the module's group knows, applying or not. */
export function applicMarks(doc: PMNode, preview: ApplicPreview): ApplicMark[] {
  const out: ApplicMark[] = [];
  doc.descendants((node, pos) => {
    if (!node.isBlock) return false;
    const ref = applicRefOf(node);
    const entry = ref ? preview.groups.get(ref) : undefined;
    if (entry) {
      const applies = preview.assignment ? evaluateApplic(entry.applic, preview.assignment) !== false : true;
      out.push({ pos, end: pos + node.nodeSize, applies, text: entry.text });
    }
    return !node.isTextblock;
  });
  return out;
}

/** Set on a transaction (meta) to show a preview, or null to clear it. */
export const APPLIC_PREVIEW_META = 'ccmsApplicPreview';

function build(doc: PMNode, preview: ApplicPreview | null): DecorationSet {
  if (!preview) return DecorationSet.empty;
  const decos = applicMarks(doc, preview).map((m) =>
    Decoration.node(m.pos, m.end, { class: m.applies ? 'te-applic' : 'te-applic te-not-applicable', title: m.text, 'data-applic': m.text }),
  );
  return DecorationSet.create(doc, decos);
}

/** The plugin drawing the applicability preview (built again on each edit while a preview is shown). */
export function applicPreviewPlugin(): Plugin {
  type State = { preview: ApplicPreview | null; set: DecorationSet };
  const key = new PluginKey<State>('ccmsApplicPreview');
  return new Plugin<State>({
    key,
    state: {
      init: (): State => ({ preview: null, set: DecorationSet.empty }),
      apply: (tr, old): State => {
        const meta = tr.getMeta(APPLIC_PREVIEW_META) as ApplicPreview | null | undefined;
        if (meta !== undefined) return { preview: meta, set: build(tr.doc, meta) };
        if (!tr.docChanged || !old.preview) return old;
        return { preview: old.preview, set: build(tr.doc, old.preview) };
      },
    },
    props: {
      decorations(state) {
        return key.getState(state)?.set;
      },
    },
  });
}
