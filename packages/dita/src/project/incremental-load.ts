import { resolveAllConrefs } from '../conref/conref-resolver.js';
import { parseDitaval } from '../ditaval/ditaval.js';
import type { KeyScope } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import { collectReferences } from '../links/link-graph.js';
import { checkSubjectValues } from '../map/subject-values.js';
import { DitaDocument } from '../model/dita-document.js';
import { isMap, normaliseTokenAttributes } from '../model/dita-elements.js';
import { ProblemList } from '../problems/problem.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { decodeXml, parseXml } from '../xml/xml-parser.js';
import { localTargets } from './file-reader.js';
import { withDependents } from './key-changes.js';
import { CARRIED_CODES, DitaProject, type LoadOptions, MAP_CODES, RawFile, XML_EXT } from './project-model.js';
import { redoReferences } from './references.js';

/**
 * The common incremental case, in time proportional to the change: topic files edited in place, the maps untouched,
 * no file added to or dropped from what the build reads, no pushed content involved. Gives the same project as the
 * general incremental load (which runs instead whenever this returns undefined): the same documents in the same
 * order, the same problems, references and dependencies.
 */
export async function loadIncremental(options: LoadOptions, previous: DitaProject, changed: Set<string>): Promise<DitaProject | undefined> {
  const { source } = options;
  const map = previous.map;
  for (const f of changed) {
    if (map.maps.includes(f) || previous.pushFiles.has(f) || previous.docs.get(f)?.root === undefined || !XML_EXT.test(f)) return undefined;
  }
  const dirty = withDependents(previous.conrefDependencies, changed);
  for (const f of dirty) if (previous.pushFiles.has(f) || previous.docs.get(f)?.root === undefined) return undefined;

  const problems = new ProblemList();
  if (options.ditaval !== undefined) problems.addAll(parseDitaval(options.ditaval.content, options.ditaval.path).problems);
  const filter = previous.filter;
  for (const p of previous.problems)
    if (map.maps.includes(p.file) && !CARRIED_CODES.test(p.code) && MAP_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);

  const docs = new Map(previous.docs);
  const raw = new Map(previous.raw);
  const rawRefs = new Map(previous.rawRefs);
  const fileTargets = new Map(previous.fileTargets);
  const scopeOf = (f: string, el?: XmlElement): KeyScope =>
    (el !== undefined ? map.elementScopes.get(el) : undefined) ?? previous.scopes.get(f) ?? map.keyScope;
  for (const f of dirty) {
    let file = changed.has(f) ? undefined : previous.raw.get(f);
    if (file === undefined) {
      let content: string | Buffer;
      try {
        content = await source.read(f);
      } catch {
        return undefined;
      }
      file = new RawFile(decodeXml(content));
    }
    // Pushes change other files: the general path handles them.
    if (file.text.includes('conaction')) return undefined;
    const parsed = parseXml(file.text, f);
    const root = parsed.root;
    if (root === undefined || isMap(root)) return undefined;
    problems.addAll(parsed.problems);
    normaliseTokenAttributes(root);
    filter.apply(root);
    const refs = collectReferences(root, false);
    const targets = localTargets(f, refs);
    // Other links would change which files are read, and in which order.
    if (!sameList(targets, previous.fileTargets.get(f))) return undefined;
    for (const r of refs) {
      if (r.attr !== 'conkeyref') continue;
      const def = scopeOf(f).resolve(splitHrefKey(r.value).path);
      if (def?.href !== undefined && def.scope === 'local' && !docs.has(def.href)) return undefined;
    }
    docs.set(f, new DitaDocument(f, root, parsed.doctype, file.text));
    raw.set(f, file);
    rawRefs.set(f, refs);
    fileTargets.set(f, targets);
  }
  const carried = { has: (f: string): boolean => docs.has(f) && !dirty.has(f) };
  const conrefDependencies = new Map<string, Set<string>>();
  for (const [f, deps] of previous.conrefDependencies) if (!dirty.has(f)) conrefDependencies.set(f, deps);
  for (const p of previous.problems) if (carried.has(p.file) && CARRIED_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);
  const ctx = { docs, scopeOf, problems, dependencies: conrefDependencies };
  resolveAllConrefs(ctx, (f) => dirty.has(f));
  checkSubjectValues(
    map.subjectSchemes,
    [...docs.values()].filter((d) => dirty.has(d.path)),
    problems,
  );
  const changedKeys = new Set<string>();
  const referencesByFile = await redoReferences(previous.referencesByFile, dirty, rawRefs, docs, source, scopeOf, problems);
  return new DitaProject({
    source,
    map,
    docs,
    problems: problems.sorted(),
    referencesByFile,
    scopes: previous.scopes,
    conrefDependencies,
    raw,
    filter,
    rawRefs,
    fileTargets,
    pushFiles: new Set(previous.pushFiles),
    dirty: new Set(dirty),
    changedKeys,
    options: { ...options, previous: undefined, changed: undefined },
  });
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
