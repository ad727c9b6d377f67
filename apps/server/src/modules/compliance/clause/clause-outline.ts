/** A clause read from a structured text outline. */
export interface OutlineClause {
  number: string;
  title: string;
  text: string;
  parentNumber: string;
  /** 1-based line of the clause's heading. */
  line: number;
}

/** A heading line: a clause number ("25", "25.1581", "25.1581(a)(2)", "1.2.3") then its title. */
const HEADING = /^\s*((?:\d+[A-Z]?)(?:\.\d+[A-Z]?)*(?:\([A-Za-z0-9]+\))*)\.?(?:\s+(.*))?$/;

/** The number one level up: the last "(x)" or ".n" taken off; empty at the top. */
export function parentNumberOf(number: string): string {
  const paren = number.match(/^(.*)\([A-Za-z0-9]+\)$/);
  if (paren?.[1]) return paren[1];
  const dot = number.lastIndexOf('.');
  return dot > 0 ? number.slice(0, dot) : '';
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
