/**
 * One file of a flight-operations library described from its content, leniently: what it is (DU,
 * PSL, fleet, highlights), what can be read of it, and every structure rule of the profile it
 * breaks, located (docs/flightops-profile.md). profile.ts's readers refuse a file at its first
 * fault; this is what the catalogue and the save check use.
 */
import { firstChild, normText, parseXml, type XmlElement, XmlSyntaxError } from '@ccms/s1000d';
import { type FlightopsProblem, problem } from './problem.js';
import { type Aircraft, DU_TYPES, type Du, type DuType, type Psl, type PslNode } from './profile.js';

export type ChangeKind = 'added' | 'revised' | 'deleted' | 'merged' | 'airlineKept' | 'conflict';
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'revised', 'deleted', 'merged', 'airlineKept', 'conflict'];

/** A revision's highlights (highlights.xml, written when a manufacturer revision is loaded). */
export interface Highlights {
  revision: string;
  changes: { du: string; path: string; kind: ChangeKind }[];
}

export type FlightopsObject =
  | { file: string; kind: 'du'; du: Du; problems: FlightopsProblem[] }
  | { file: string; kind: 'psl'; psl: Psl; problems: FlightopsProblem[] }
  | { file: string; kind: 'fleet'; fleet: Aircraft[]; problems: FlightopsProblem[] }
  | { file: string; kind: 'highlights'; highlights: Highlights; problems: FlightopsProblem[] }
  | { file: string; kind: 'none'; problems: FlightopsProblem[] };

const words = (s: string | undefined) => (s ?? '').split(/\s+/).filter(Boolean);
const elements = (el: XmlElement, name: string) => el.children.filter((c): c is XmlElement => c.type === 'element' && c.name === name);
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

function describeDu(file: string, root: XmlElement, problems: FlightopsProblem[]): Du {
  const id = root.attrs.id?.trim() ?? '';
  if (!id) problems.push(problem('fo-du-id', root));
  else if (baseName(file).replace(/\.xml$/i, '') !== id) problems.push(problem('fo-du-file-name', root, { id }));
  const type = (root.attrs.type ?? '') as DuType;
  if (!DU_TYPES.includes(type)) problems.push(problem('fo-du-type', root, { value: root.attrs.type ?? '', allowed: DU_TYPES.join(', ') }));
  const title = firstChild(root, 'title');
  if (!title) problems.push(problem('fo-du-title', root));
  const seen = new Set<string>();
  const solutions = elements(root, 'solution').map((s, i) => {
    const eff = firstChild(s, 'effectivity');
    const sid = s.attrs.id?.trim() || `${id}-S${i + 1}`;
    if (seen.has(sid)) problems.push(problem('fo-solution-twice', s, { id: sid }));
    seen.add(sid);
    return { id: sid, effectivity: { msns: words(eff?.attrs.msn), mods: words(eff?.attrs.mod) }, line: s.line, text: normText(s) };
  });
  if (solutions.length === 0) problems.push(problem('fo-du-solution', root, { id }));
  return { id, type, manual: root.attrs.manual?.trim() ?? '', title: normText(title), solutions };
}

function describePsl(root: XmlElement, problems: FlightopsProblem[]): Psl {
  const seen = new Set<string>();
  const nodes = (el: XmlElement): PslNode[] => {
    const out: PslNode[] = [];
    for (const c of el.children) {
      if (c.type !== 'element') continue;
      if (c.name === 'chapter' || c.name === 'section') {
        const title = firstChild(c, 'title');
        if (!title) problems.push(problem('fo-psl-title', c, { element: c.name }));
        out.push({ kind: c.name, title: normText(title), line: c.line, children: nodes(c) });
      } else if (c.name === 'duRef') {
        const ref = c.attrs.ref?.trim() ?? '';
        if (!ref) problems.push(problem('fo-psl-ref', c));
        else if (seen.has(ref)) problems.push(problem('fo-psl-twice', c, { ref }));
        seen.add(ref);
        out.push({ kind: 'duRef', title: '', ref, line: c.line, children: [] });
      }
    }
    return out;
  };
  const lang = root.attrs['xml:lang'] ?? root.attrs.lang;
  return {
    manual: root.attrs.manual ?? '',
    title: normText(firstChild(root, 'title')),
    revision: root.attrs.revision ?? '',
    ...(lang ? { lang } : {}),
    nodes: nodes(root),
  };
}

function describeFleet(root: XmlElement, problems: FlightopsProblem[]): Aircraft[] {
  const seen = new Set<string>();
  return elements(root, 'aircraft').map((a) => {
    const msn = a.attrs.msn?.trim() ?? '';
    if (!msn) problems.push(problem('fo-fleet-msn', a));
    else if (seen.has(msn)) problems.push(problem('fo-fleet-twice', a, { msn }));
    seen.add(msn);
    return { msn, registration: a.attrs.registration?.trim() ?? '', mods: words(a.attrs.mods) };
  });
}

function describeHighlights(root: XmlElement): Highlights {
  return {
    revision: root.attrs.revision ?? '',
    changes: elements(root, 'change')
      .map((c) => ({ du: c.attrs.du ?? '', path: c.attrs.path ?? '', kind: c.attrs.kind as ChangeKind }))
      .filter((c) => CHANGE_KINDS.includes(c.kind)),
  };
}

const ROOTS = ['du', 'psl', 'fleet', 'highlights'] as const;

/** Describes one file by its root: a DU, a PSL, the fleet, highlights, or `none` (another XML, or broken XML with the reason). */
export function describeFlightops(file: string, content: string | Uint8Array): FlightopsObject {
  let root: XmlElement;
  try {
    root = parseXml(content).root;
  } catch (err) {
    if (err instanceof XmlSyntaxError)
      return { file, kind: 'none', problems: [problem('fo-not-well-formed', { line: err.line, column: err.column }, { reason: err.message })] };
    throw err;
  }
  const problems: FlightopsProblem[] = [];
  if (root.name === 'du') return { file, kind: 'du', du: describeDu(file, root, problems), problems };
  if (root.name === 'psl') return { file, kind: 'psl', psl: describePsl(root, problems), problems };
  if (root.name === 'fleet') return { file, kind: 'fleet', fleet: describeFleet(root, problems), problems };
  if (root.name === 'highlights') return { file, kind: 'highlights', highlights: describeHighlights(root), problems };
  return { file, kind: 'none', problems: [] };
}

/**
 * A file checked as a save checks it: its structure rules, and a root the file's name asks for
 * (a DU in `du/`, psl.xml a PSL, fleet.xml the fleet).
 */
export function checkFlightops(file: string, content: string | Uint8Array, expectedRoot?: (typeof ROOTS)[number]): FlightopsProblem[] {
  const described = describeFlightops(file, content);
  if (described.problems.some((p) => p.code === 'fo-not-well-formed')) return described.problems;
  if (expectedRoot && described.kind !== expectedRoot) {
    const root = parseXml(content).root;
    return [problem('fo-root', root, { root: root.name, expected: expectedRoot }), ...described.problems];
  }
  return described.problems;
}

/** The aircraft of the fleet an MSN or a registration names. */
export function aircraftOf(fleet: readonly Aircraft[], msnOrRegistration: string): Aircraft | undefined {
  const wanted = msnOrRegistration.trim();
  return fleet.find((a) => a.msn === wanted) ?? fleet.find((a) => a.registration.toLowerCase() === wanted.toLowerCase());
}

/** A solution's effectivity in one short line: `0101 0205 + 12345`, or `*` for every aircraft. */
export function effectivityText(e: { msns: string[]; mods: string[] }): string {
  const msns = e.msns.length > 0 ? e.msns.join(' ') : '*';
  return e.mods.length > 0 ? `${msns} + ${e.mods.join(' ')}` : msns;
}

/** effectivityText read back (the catalogue keeps solutions' effectivity as text in a topic's facts). */
export function parseEffectivityText(text: string): { msns: string[]; mods: string[] } {
  const [msns = '', mods = ''] = text.split('+');
  const m = words(msns).filter((w) => w !== '*');
  return { msns: m, mods: words(mods) };
}

/** A DU's solutions and their effectivity as one fact: `S1=0101; S2=0205 + 12345`. */
export const solutionsFact = (du: Pick<Du, 'solutions'>): string => du.solutions.map((s) => `${s.id}=${effectivityText(s.effectivity)}`).join('; ');

/** solutionsFact read back. */
export function parseSolutionsFact(text: string): { id: string; effectivity: { msns: string[]; mods: string[] } }[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return { id: part.slice(0, at).trim(), effectivity: parseEffectivityText(part.slice(at + 1)) };
    });
}
