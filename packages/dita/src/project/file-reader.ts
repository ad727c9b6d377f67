import type { ConditionFilter } from '../ditaval/ditaval.js';
import { isExternalHref, splitHref } from '../links/href.js';
import type { RawReference } from '../links/link-graph.js';
import { collectReferences } from '../links/link-graph.js';
import { DitaDocument } from '../model/dita-document.js';
import { isMap, normaliseTokenAttributes } from '../model/dita-elements.js';
import type { ProblemList } from '../problems/problem.js';
import { resolveRelative, SOURCE_OUTSIDE_ROOT } from '../source/file-source.js';
import { decodeXml, parseXml } from '../xml/xml-parser.js';
import { type LoadOptions, RawFile } from './project-model.js';
import { turns } from './turns.js';

/**
 * The files of one load, each read, parsed and filtered once (asking again gives the same answer). Of a previous
 * load, a file's text is reused unless it changed, and its document too when it is an unchanged map or a topic
 * outside `dirty` (carried).
 */
export class ProjectFiles {
  readonly raw = new Map<string, RawFile>();
  readonly docs = new Map<string, DitaDocument>();
  /** Every file asked for, in the order asked. */
  readonly pending = new Map<string, Promise<DitaDocument | undefined>>();
  readonly rawRefs = new Map<string, RawReference[]>();
  /** Files whose document is the previous load's. */
  readonly carried = new Set<string>();
  /** Incremental: unchanged, unaffected topics keep their resolved document; set once the map is read. */
  dirty: Set<string> | undefined;
  private readonly turn = turns();

  constructor(
    private readonly options: LoadOptions,
    private readonly changed: ReadonlySet<string>,
    private readonly problems: ProblemList,
    private readonly filter: ConditionFilter,
  ) {}

  read(path: string, isMapFile = false): Promise<DitaDocument | undefined> {
    const { source, previous } = this.options;
    const { changed, problems, filter, pending, docs, raw, rawRefs, carried, dirty } = this;
    const prevRaw = previous?.raw;
    const existing = pending.get(path);
    if (existing !== undefined) return existing;
    // Maps are reused when unchanged (resolving a map never edits it); topics when not dirty.
    const reuseMap = isMapFile && previous !== undefined && this.options.changed !== undefined && !changed.has(path);
    const reuseTopic = !isMapFile && dirty !== undefined && previous !== undefined && !dirty.has(path) && !previous.map.maps.includes(path);
    const reuse = reuseMap || reuseTopic ? previous?.docs.get(path) : undefined;
    if (reuse !== undefined) {
      const p = Promise.resolve(reuse);
      pending.set(path, p);
      docs.set(path, reuse);
      const r = previous?.raw.get(path);
      if (r !== undefined) raw.set(path, r);
      const refs = previous?.rawRefs.get(path);
      if (refs !== undefined) rawRefs.set(path, refs);
      carried.add(path);
      return p;
    }
    const p = (async (): Promise<DitaDocument | undefined> => {
      let file = prevRaw !== undefined && !changed.has(path) ? prevRaw.get(path) : undefined;
      if (file === undefined) {
        let content: string | Buffer;
        try {
          content = await source.read(path);
        } catch {
          const refused = source.refusal?.(path);
          if (refused !== undefined) problems.error(SOURCE_OUTSIDE_ROOT, refused, { file: path, line: 0, column: 0 });
          return undefined;
        }
        const text = decodeXml(content);
        file = new RawFile(text);
      }
      await this.turn();
      raw.set(path, file);
      const parsed = parseXml(file.text, path);
      problems.addAll(parsed.problems);
      const root = parsed.root;
      if (root !== undefined) {
        normaliseTokenAttributes(root);
        filter.apply(root);
      }
      const doc = new DitaDocument(path, root, parsed.doctype, file.text);
      docs.set(path, doc);
      if (root !== undefined) rawRefs.set(path, collectReferences(root, isMap(root)));
      return doc;
    })();
    pending.set(path, p);
    return p;
  }
}

/** Local DITA files a file links to or pulls from (not through keys): the files reading it leads to. */
export function localTargets(f: string, refs: readonly RawReference[]): string[] {
  const targets: string[] = [];
  for (const r of refs) {
    if (r.attr === 'keyref' || r.attr === 'conkeyref' || r.attr === 'datakeyref' || r.kind === 'coderef' || r.kind === 'image' || r.kind === 'object') continue;
    if (isExternalHref(r.value) || r.el.attrs.scope === 'external' || r.el.attrs.scope === 'peer') continue;
    const { path } = splitHref(r.value);
    if (path === '' || !/\.(dita|xml)$/i.test(path)) continue;
    if (r.el.attrs.format !== undefined && r.el.attrs.format !== 'dita') continue;
    const target = resolveRelative(f, path);
    if (target !== undefined) targets.push(target);
  }
  return targets;
}
