/** A clause read from a structured text outline. */
export interface OutlineClause {
  number: string;
  title: string;
  text: string;
  parentNumber: string;
  /** 1-based line of the clause's heading. */
  line: number;
}

/**
 * The documents aviation writes before a paragraph number: EASA's certification specifications and
 * their acceptable means and guidance (CS 25.1309, AMC 25.1309, AMC1 25.1309, GM 25.1309), the FAA's
 * advisory circulars and special rules (AC 25.1309-1A, SFAR 88), and ATA chapters (ATA 21-51-00).
 */
const PREFIX = '(?:(?:AMC\\d*|GM\\d*|CS|AC|SFAR|FAR|JAR|CFR|ATA)\\s+)';
/** A paragraph number: "25", "25.1581", "25.1581(a)(2)", "1.2.3", an appendix's "H25.1", a revision suffix "-1A", an ATA "21-51-00". */
const NUMBER = '(?:[A-Z]{1,2}(?=\\d))?\\d+[A-Z]?(?:[.-]\\d+[A-Z]?)*(?:\\([A-Za-z0-9]+\\))*(?:-\\d+[A-Z]?)?';
/** A heading line: a clause number (with its document, when written) then its title. */
const HEADING = new RegExp(`^\\s*(${PREFIX}?${NUMBER})\\.?(?:\\s+(.*))?$`);

/** The number one level up: the last "(x)", ".n" or "-n" taken off (a document's name stays); empty at the top. */
export function parentNumberOf(number: string): string {
  const paren = number.match(/^(.*)\([A-Za-z0-9]+\)$/);
  if (paren?.[1]) return paren[1];
  const prefix = number.match(/^[A-Z]+\d*\s+/)?.[0] ?? '';
  const rest = number.slice(prefix.length);
  const cut = Math.max(rest.lastIndexOf('.'), rest.lastIndexOf('-'));
  return cut > 0 ? `${prefix}${rest.slice(0, cut)}` : '';
}

/**
 * Reads an outline: each heading line starts a clause, the lines after it are its text. The
 * parent is the nearest ancestor by numbering that the outline (or `known`) holds, so the
 * numbering gives the hierarchy. Text before the first heading is refused by line.
 */
export function parseOutline(outline: string, known: Set<string> = new Set()): { clauses: OutlineClause[]; badLine?: number } {
  const clauses: OutlineClause[] = [];
  const seen = new Set(known);
  const lines = outline.replace(/\r\n/g, '\n').split('\n');
  let current: OutlineClause | undefined;
  const body: string[] = [];
  const close = () => {
    if (current) current.text = body.join('\n').trim();
    body.length = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const m = line.match(HEADING);
    if (m?.[1]) {
      close();
      const number = m[1];
      let parent = parentNumberOf(number);
      while (parent && !seen.has(parent)) parent = parentNumberOf(parent);
      current = { number, title: (m[2] ?? '').trim(), text: '', parentNumber: parent, line: i + 1 };
      clauses.push(current);
      seen.add(number);
    } else if (line.trim() !== '') {
      if (!current) return { clauses: [], badLine: i + 1 };
      body.push(line.trim());
    }
  }
  close();
  return { clauses };
}
