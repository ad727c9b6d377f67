import { applyPushes, resolveAllConrefs } from '../conref/conref-resolver.js';
import type { Condition } from '../ditaval/ditaval.js';
import { ConditionFilter, parseDitaval } from '../ditaval/ditaval.js';
import { checkSubjectValues } from '../map/subject-values.js';
import type { DitaDocument } from '../model/dita-document.js';
import { ProblemList } from '../problems/problem.js';
import { normalizePath } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { ProjectFiles } from './file-reader.js';
import { loadIncremental } from './incremental-load.js';
import { CARRIED_CODES, DitaProject, type LoadOptions } from './project-model.js';
import { readMap } from './read-map.js';
import { readTopics } from './read-topics.js';
import { indexReferrers, resolveReferences } from './references.js';

export { DitaProject, type LoadOptions } from './project-model.js';

/**
 * Reads the map, its submaps and every topic it reaches; filters, pushes, pulls conrefs and builds the link graph.
 * The steps: the filter, the map (read-map), the topics (read-topics), pushed and pulled content, the references
 * (references). An incremental load tries the quick path first (incremental-load).
 */
export async function loadProject(options: LoadOptions): Promise<DitaProject> {
  const { source } = options;
  const problems = new ProblemList();
  const rootMap = normalizePath(options.map) ?? options.map;
  const conditions: Condition[] = [...(options.conditions ?? [])];
  if (options.ditaval !== undefined) {
    const parsed = parseDitaval(options.ditaval.content, options.ditaval.path);
    problems.addAll(parsed.problems);
    conditions.push(...parsed.conditions);
  }
  const filter = new ConditionFilter(conditions);
  const changed = new Set((options.changed ?? []).map((c) => normalizePath(c) ?? c));
  if (options.previous !== undefined && options.changed !== undefined) {
    const fast = await loadIncremental(options, options.previous, changed);
    if (fast !== undefined) return fast;
  }
  const previous = options.previous;
  const files = new ProjectFiles(options, changed, problems, filter);
  const { raw, docs, pending, rawRefs, carried } = files;
  const map = await readMap(rootMap, options, files, changed, problems, filter);
  const { scopes, fileTargets, keyChanges } = await readTopics(map, files, options, changed);
  const dirty = files.dirty;

  const pushFiles = new Set<string>();
  for (const [f, refs] of rawRefs) if (!carried.has(f) && refs.some((r) => r.el.attrs.conaction !== undefined)) pushFiles.add(f);
  const carriedPushFiles = [...carried].filter((f) => previous?.pushFiles.has(f) === true);
  // Pushed content changes other files: an incremental load that touches pushes starts over.
  if (dirty !== undefined && previous !== undefined && [...dirty, ...pushFiles].some((f) => previous.pushFiles.has(f) || pushFiles.has(f))) {
    return loadProject({ ...options, previous: undefined, changed: undefined });
  }
  const conrefDependencies = new Map<string, Set<string>>();
  if (previous !== undefined && dirty !== undefined) {
    for (const [f, deps] of previous.conrefDependencies) if (carried.has(f)) conrefDependencies.set(f, deps);
    // Problems found while parsing or pulling content in carried files still stand.
    for (const p of previous.problems) if (carried.has(p.file) && CARRIED_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);
  }
  const ctx = {
    docs,
    scopeOf: (f: string, el?: XmlElement) => (el !== undefined ? map.elementScopes.get(el) : undefined) ?? scopes.get(f) ?? map.keyScope,
    problems,
    dependencies: conrefDependencies,
  };
  applyPushes(ctx, dirty === undefined ? undefined : (f) => !carried.has(f));
  for (const [target, sources] of conrefDependencies) for (const s of sources) if (pushFiles.has(s)) pushFiles.add(target);
  for (const f of carriedPushFiles) pushFiles.add(f);
  resolveAllConrefs(ctx, dirty === undefined ? undefined : (f) => !carried.has(f));
  checkSubjectValues(
    map.subjectSchemes,
    [...docs.values()].filter((d) => !carried.has(d.path)),
    problems,
  );

  const changedKeys = previous !== undefined && dirty !== undefined ? (keyChanges ?? new Set<string>()) : undefined;
  const reuse =
    previous !== undefined && dirty !== undefined
      ? {
          previous: previous.referencesByFile,
          carried,
          touched: new Set([...docs.keys()].filter((f) => !carried.has(f)).concat([...changed])),
          changedKeys: changedKeys ?? new Set<string>(),
        }
      : undefined;
  const referencesByFile = await resolveReferences(rawRefs, docs, source, ctx.scopeOf, problems, reuse);
  indexReferrers(referencesByFile, previous !== undefined && dirty !== undefined ? previous.referencesByFile : undefined);
  // Documents in the order they were asked for (reused ones are ready at once, read ones later): an incremental load lists them as a full one does.
  const ordered = new Map<string, DitaDocument>();
  for (const p of pending.keys()) {
    const doc = docs.get(p);
    if (doc !== undefined) ordered.set(p, doc);
  }
  for (const [p, doc] of docs) if (!ordered.has(p)) ordered.set(p, doc);
  return new DitaProject({
    source,
    map,
    docs: ordered,
    problems: problems.sorted(),
    referencesByFile,
    scopes,
    conrefDependencies,
    raw,
    filter,
    rawRefs,
    fileTargets,
    pushFiles,
    dirty: dirty === undefined ? undefined : new Set([...docs.keys()].filter((f) => !carried.has(f))),
    changedKeys,
    options: { ...options, previous: undefined, changed: undefined },
  });
}
