import { createHash } from 'node:crypto';
import type { GlossaryKind } from '@ccms/contracts/content/glossary';
import { parseXml, type XmlElement } from '@ccms/dita';

/**
 * Abbreviations and terms as DITA glossary entries (glossentry topics), one per file.
 *
 * A term:          <glossterm>name</glossterm><glossdef>definition</glossdef>
 * An abbreviation: <glossterm>definition</glossterm> (the full form) and, in glossBody,
 *                  <glossSurfaceForm>definition (name)</glossSurfaceForm> and
 *                  <glossAlt><glossAbbreviation>name</glossAbbreviation></glossAlt>,
 *                  which is what <abbreviated-form keyref="id"/> renders from.
 */

const DOCTYPE = '<!DOCTYPE glossentry PUBLIC "-//OASIS//DTD DITA Glossary Entry//EN" "glossentry.dtd">';
/** Short forms of a full term (glossAlt children) that make an entry an abbreviation. */
const SHORT_FORMS = ['glossAbbreviation', 'glossAcronym', 'glossShortForm'];

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export interface GlossaryFields {
  name: string;
  definition: string;
}

/** A new entry file. */
export function buildEntry(kind: GlossaryKind, id: string, fields: GlossaryFields, lang = ''): string {
  const name = escapeXml(fields.name);
  const definition = escapeXml(fields.definition);
  const langAttr = lang ? ` xml:lang="${escapeXml(lang)}"` : '';
  const body =
    kind === 'term'
      ? [`  <glossterm>${name}</glossterm>`, `  <glossdef>${definition}</glossdef>`]
      : [
          `  <glossterm>${definition}</glossterm>`,
          '  <glossBody>',
          `    <glossSurfaceForm>${definition} (${name})</glossSurfaceForm>`,
          '    <glossAlt>',
          `      <glossAbbreviation>${name}</glossAbbreviation>`,
          '    </glossAlt>',
          '  </glossBody>',
        ];
  return ['<?xml version="1.0" encoding="UTF-8"?>', DOCTYPE, `<glossentry id="${escapeXml(id)}"${langAttr}>`, ...body, '</glossentry>', ''].join('\n');
}

function text(el: XmlElement | undefined): string {
  if (!el) return '';
  let out = '';
  const visit = (node: XmlElement) => {
    for (const c of node.children) {
      if (c.type === 'text') out += c.text;
      else visit(c);
    }
  };
  visit(el);
  return out.replace(/\s+/g, ' ').trim();
}

const child = (el: XmlElement | undefined, name: string) => el?.children.find((c): c is XmlElement => c.type === 'element' && c.name === name);

function shortForm(entry: XmlElement): string {
  const body = child(entry, 'glossBody');
  for (const c of body?.children ?? []) {
    if (c.type !== 'element' || c.name !== 'glossAlt') continue;
    for (const form of SHORT_FORMS) {
      const found = text(child(c, form));
      if (found) return found;
    }
  }
  return '';
}

export interface ParsedEntry extends GlossaryFields {
  entryId: string;
  /** The entry has a short form (glossAbbreviation, glossAcronym...): an abbreviation wherever its file is. */
  abbreviated?: boolean;
}

/** Name and definition of a glossentry file as the list shows them; null when the file is not one. */
export function readEntry(content: Buffer | string, path: string): ParsedEntry | null {
  const root = parseXml(content, path).root;
  if (root?.name !== 'glossentry') return null;
  const term = text(child(root, 'glossterm'));
  const def = text(child(root, 'glossdef'));
  const short = shortForm(root);
  if (short) return { entryId: root.attrs.id ?? '', name: short, definition: term && term !== short ? term : def, abbreviated: true };
  return { entryId: root.attrs.id ?? '', name: term, definition: def };
}

/** Replaces the content of the first `name` element (or fills an empty one), keeping its attributes. */
function replaceElement(xml: string, name: string, content: string): { xml: string; found: boolean } {
  const re = new RegExp(`<${name}(\\s[^>]*?)?(?:/>|>[\\s\\S]*?</${name}\\s*>)`);
  const match = re.exec(xml);
  if (!match) return { xml, found: false };
  const attrs = match[1] ?? '';
  return { xml: `${xml.slice(0, match.index)}<${name}${attrs}>${content}</${name}>${xml.slice(match.index + match[0].length)}`, found: true };
}

/**
 * An existing entry with a new name and definition. The elements holding them are rewritten in
 * place, so whatever else an author put in the file (prolog, notes, related links) stays; a file
 * that lacks them is written anew.
 */
export function editEntry(kind: GlossaryKind, xml: string, id: string, fields: GlossaryFields): string {
  const name = escapeXml(fields.name);
  const definition = escapeXml(fields.definition);
  if (kind === 'term') {
    const term = replaceElement(xml, 'glossterm', name);
    if (!term.found) return buildEntry(kind, id, fields);
    const def = replaceElement(term.xml, 'glossdef', definition);
    if (def.found) return def.xml;
    return term.xml.replace(/(<\/glossterm\s*>)/, `$1\n  <glossdef>${definition}</glossdef>`);
  }
  const term = replaceElement(xml, 'glossterm', definition);
  const short = SHORT_FORMS.map((form) => replaceElement(term.xml, form, name)).find((r) => r.found);
  if (!term.found || !short) return buildEntry(kind, id, fields);
  const surface = replaceElement(short.xml, 'glossSurfaceForm', `${definition} (${name})`);
  return surface.xml;
}

/**
 * A file-name stem and XML id from a name: "abbr-" or "term-" (so the two kinds never share a
 * key) and the name's ASCII letters and digits; a name without any (Chinese, say) gets a short
 * hash instead, so ids stay valid NCNames and stable for the same name.
 */
export function idFor(kind: GlossaryKind, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  const prefix = kind === 'abbreviation' ? 'abbr' : 'term';
  return `${prefix}-${slug || hash}`;
}
