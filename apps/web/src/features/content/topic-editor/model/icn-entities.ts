/**
 * The ICN entity declarations of an S1000D module's internal DTD subset, kept in step with its
 * graphics: a graphic inserted by its ICN adds `<!ENTITY ICN-… SYSTEM "ICN-….CGM" NDATA cgm>` (and
 * the NOTATION when the subset has none for its format); removing the last use of an entity that
 * was used when the module was opened removes its declaration, and its NOTATION when no other
 * entity names it. Declarations the module had without using them are left alone, so a module
 * opened and saved with no edit keeps its bytes.
 */

/** An ICN file as the graphic picker found it. */
export interface IcnFile {
  /** The ICN (the entity name): the file name without its extension. */
  icn: string;
  /** The file name the entity points at (ICN-….CGM). */
  file: string;
}

/** The notation of a graphic format, by file extension, with its public identifier (as the S1000D sample data writes them). */
const NOTATIONS: Record<string, { name: string; publicId: string }> = {
  cgm: { name: 'cgm', publicId: '-//USA-DOD//NOTATION Computer Graphics Metafile//EN' },
  png: { name: 'png', publicId: '-//W3C//NOTATION Portable Network Graphics//EN' },
  jpg: { name: 'jpeg', publicId: '+//ISBN 0-7923-9432-1::Graphic Notation//NOTATION Joint Photographic Experts Group Raster//EN' },
  jpeg: { name: 'jpeg', publicId: '+//ISBN 0-7923-9432-1::Graphic Notation//NOTATION Joint Photographic Experts Group Raster//EN' },
  gif: { name: 'gif', publicId: '+//ISBN 0-7923-9432-1::Graphic Notation//NOTATION CompuServe Graphic Interchange Format//EN' },
  tif: { name: 'tiff', publicId: '+//ISBN 0-7923-9432-1::Graphic Notation//NOTATION Aldus Tagged Image File Format//EN' },
  tiff: { name: 'tiff', publicId: '+//ISBN 0-7923-9432-1::Graphic Notation//NOTATION Aldus Tagged Image File Format//EN' },
  svg: { name: 'svg', publicId: '-//W3C//NOTATION Scalable Vector Graphics//EN' },
  swf: { name: 'swf', publicId: '-//S1000D//NOTATION X-SHOCKWAVE-FLASH 3D Models Encoding//EN' },
};

export const notationOf = (file: string) => NOTATIONS[file.replace(/^.*\./, '').toLowerCase()];

/** The entity names the module's body uses (infoEntityIdent and the other *EntityIdent attributes). */
export function entityUses(xml: string): Set<string> {
  const body = xml.slice(bodyStart(xml));
  const out = new Set<string>();
  for (const m of body.matchAll(/\b\w*EntityIdent\s*=\s*(["'])([^"']+)\1/g)) if (m[2]) out.add(m[2]);
  return out;
}

/** Where the root element starts (after the prolog and its DOCTYPE). */
function bodyStart(xml: string): number {
  const subset = subsetOf(xml);
  const from = subset ? subset.end : 0;
  const m = /<[A-Za-z_]/.exec(xml.slice(from));
  return m ? from + m.index : xml.length;
}

/** The internal subset of the DOCTYPE: where its text is (between `[` and `]`) and where the DOCTYPE ends. */
function subsetOf(xml: string): { open: number; close: number; end: number } | null {
  const m = /<!DOCTYPE\s+[\w:.-]+[^[>]*\[/.exec(xml);
  if (!m) return null;
  const open = m.index + m[0].length;
  const close = xml.indexOf(']', open);
  if (close < 0) return null;
  const end = xml.indexOf('>', close);
  return end < 0 ? null : { open, close, end: end + 1 };
}

interface Declared {
  entities: Map<string, { start: number; end: number; notation: string | undefined }>;
  notations: Map<string, { start: number; end: number }>;
}

function declared(xml: string): Declared {
  const out: Declared = { entities: new Map(), notations: new Map() };
  const subset = subsetOf(xml);
  if (!subset) return out;
  const text = xml.slice(subset.open, subset.close);
  for (const m of text.matchAll(/<!ENTITY\s+([\w.-]+)\s[^>]*?(?:NDATA\s+([\w.-]+))?\s*>[ \t]*\r?\n?/g)) {
    if (m[1]) out.entities.set(m[1], { start: subset.open + m.index, end: subset.open + m.index + m[0].length, notation: m[2] });
  }
  for (const m of text.matchAll(/<!NOTATION\s+([\w.-]+)\s[^>]*>[ \t]*\r?\n?/g)) {
    if (m[1]) out.notations.set(m[1], { start: subset.open + m.index, end: subset.open + m.index + m[0].length });
  }
  return out;
}

/**
 * `xml` (the module as the editor writes it) with its ICN declarations in step with its graphics:
 * `before` is the module as opened, `known` the ICN files the picker inserted.
 */
export function syncIcnEntities(xml: string, before: string, known: ReadonlyMap<string, IcnFile>): string {
  const now = entityUses(xml);
  const then = entityUses(before);
  const decl = declared(xml);
  const remove = [...decl.entities.keys()].filter((name) => then.has(name) && !now.has(name));
  const add = [...now].filter((name) => !decl.entities.has(name) && known.has(name));
  if (remove.length === 0 && add.length === 0) return xml;
  // Notations whose last entity goes: removed with it (unless an added entity needs it).
  const left = [...decl.entities].filter(([name]) => !remove.includes(name)).map(([, e]) => e.notation);
  const needed = new Set([...left, ...add.map((name) => notationOf(known.get(name)?.file ?? '')?.name)]);
  const removedNotations = new Set(remove.map((name) => decl.entities.get(name)?.notation).filter((n): n is string => !!n && !needed.has(n)));
  const cuts = [...remove.map((name) => decl.entities.get(name)), ...[...removedNotations].map((n) => decl.notations.get(n))].filter(
    (c): c is { start: number; end: number } => c !== undefined,
  );
  cuts.sort((a, b) => b.start - a.start);
  let out = xml;
  for (const c of cuts) out = out.slice(0, c.start) + out.slice(c.end);
  if (add.length === 0) return out;
  const lines: string[] = [];
  const notationsThere = new Set([...decl.notations.keys()].filter((n) => !removedNotations.has(n)));
  for (const name of add) {
    const file = known.get(name)?.file ?? '';
    const notation = notationOf(file);
    if (notation && !notationsThere.has(notation.name)) {
      lines.push(`<!NOTATION ${notation.name} PUBLIC "${notation.publicId}">`);
      notationsThere.add(notation.name);
    }
    lines.push(`<!ENTITY ${name} SYSTEM "${file}"${notation ? ` NDATA ${notation.name}` : ''}>`);
  }
  const subset = subsetOf(out);
  if (subset) {
    const pad = out[subset.close - 1] === '\n' || subset.close === subset.open ? '' : '\n';
    return `${out.slice(0, subset.close)}${pad}${lines.join('\n')}\n${out.slice(subset.close)}`;
  }
  // No internal subset yet: a DOCTYPE naming the root goes before it (an existing DOCTYPE without a subset gets one).
  const doctype = /<!DOCTYPE\s+([\w:.-]+)([^>]*)>/.exec(out);
  if (doctype) {
    const at = doctype.index + doctype[0].length - 1;
    return `${out.slice(0, at)} [\n${lines.join('\n')}\n]${out.slice(at)}`;
  }
  const root = bodyStart(out);
  const name = /^<([\w:.-]+)/.exec(out.slice(root))?.[1] ?? 'dmodule';
  return `${out.slice(0, root)}<!DOCTYPE ${name} [\n${lines.join('\n')}\n]>\n${out.slice(root)}`;
}
