import type { UsageRow } from '@ccms/contracts/content/graphic';
import { holdsContent, type StandardFiles } from '@ccms/contracts/content/standard';
import { parseXml, resolveRelative, type XmlElement } from '@ccms/dita';
import type { Db } from '../../../db/client';
import type { GitRepo } from '../../../platform/git/git-repo';
import { standardOf } from '../standard/registry';
import { type IndexedSource, indexedCommit, indexedSources, type LinkHit, linksTo } from './where-used.queries';

/**
 * Where a resource is used: the catalogue's link graph when it has indexed the very commit
 * asked about, otherwise the branch's content files (by the library's standard) read now with
 * the DITA engine's parser (kept per commit, so a page of rows costs one scan). Either way a use
 * names its file and line.
 */

export interface Target {
  path: string;
  /** Key names that stand for the target (a glossary entry's id): matched when a keyref resolved nowhere. */
  keys?: string[];
  /** Leave out map references (topicref, mapref): for images and videos, which maps only name to define keys. */
  contentOnly?: boolean;
}

const MAP_KINDS = new Set(['topicref', 'mapref']);

export interface UsageIndex {
  source: 'catalog' | 'scan';
  /** The uses of each target, keyed by its path, sorted by file and line. */
  usesOf(targets: Target[]): Promise<Map<string, UsageRow[]>>;
}

const MAP_ROOTS = new Set(['map', 'bookmap', 'subjectScheme']);
/** Files bigger than this are not DITA anyone writes by hand: the scan skips them. */
const MAX_SCAN_BYTES = 8 * 1024 * 1024;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

interface ScannedUse extends LinkHit {
  title: string;
}

interface Scan {
  byTarget: Map<string, ScannedUse[]>;
  byKey: Map<string, ScannedUse[]>;
}

const scans = new Map<string, Promise<Scan>>();
const SCAN_CACHE = 8;

const isMapRoot = (el: XmlElement) => MAP_ROOTS.has(el.name) || (el.attrs.class ?? '').includes(' map/map ');

function textOf(el: XmlElement | undefined): string {
  if (!el) return '';
  const parts: string[] = [];
  const stack: (XmlElement | string)[] = [el];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    if (typeof next === 'string') {
      parts.push(next);
      continue;
    }
    for (let i = next.children.length - 1; i >= 0; i--) {
      const c = next.children[i];
      if (c) stack.push(c.type === 'text' ? c.text : c);
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const titleOf = (root: XmlElement) => {
  const title = root.children.find((c): c is XmlElement => c.type === 'element' && c.name === 'title');
  return textOf(title).slice(0, 500) || root.attrs.title || '';
};

/** The kind of reference an href on this element is, as the catalogue names them. */
function hrefKind(el: XmlElement, inMap: boolean): string {
  if (el.name === 'image') return 'image';
  if (el.name === 'object') return 'object';
  if (el.name === 'xref' || el.name === 'glossref') return inMap && el.name === 'glossref' ? 'topicref' : 'xref';
  if (el.name === 'link') return 'link';
  if (el.name === 'coderef') return 'coderef';
  if (inMap) return el.name === 'mapref' || el.attrs.format === 'ditamap' ? 'mapref' : 'topicref';
  return 'xref';
}

/** Reads every content file of a commit and indexes its references by target path and by unresolved key. */
async function scanCommit(repo: GitRepo, commit: string, standard: StandardFiles): Promise<Scan> {
  const files = (await repo.filesUnder(commit, '')).filter((f) => f.type === 'blob' && holdsContent(standard, f.path) && (f.size ?? 0) <= MAX_SCAN_BYTES);
  const uses: ScannedUse[] = [];
  const keyTargets = new Map<string, string>();
  for (let i = 0; i < files.length; i += 500) {
    const chunk = files.slice(i, i + 500);
    const contents = await repo.readFiles(
      commit,
      chunk.map((f) => f.path),
    );
    chunk.forEach((file, k) => {
      const content = contents[k];
      if (!content) return;
      const root = parseXml(content, file.path).root;
      if (!root) return;
      const inMap = isMapRoot(root);
      const title = titleOf(root);
      const add = (el: XmlElement, kind: string, value: string, key: string | null, targetPath: string | null) =>
        uses.push({ sourcePath: file.path, line: el.line, col: el.column, kind, value, key, targetPath, title });
      const stack: XmlElement[] = [root];
      while (stack.length > 0) {
        const el = stack.pop();
        if (!el) break;
        for (let c = el.children.length - 1; c >= 0; c--) {
          const child = el.children[c];
          if (child?.type === 'element') stack.push(child);
        }
        const a = el.attrs;
        const local = a.scope !== 'external' && a.scope !== 'peer';
        const href = a.href ?? (el.name === 'object' ? a.data : undefined);
        const target = href && local && !EXTERNAL.test(href) && !href.startsWith('#') ? (resolveRelative(file.path, href.split('#')[0] ?? '') ?? null) : null;
        if (inMap && a.keys && target) {
          for (const key of a.keys.split(/\s+/)) if (key && !keyTargets.has(key)) keyTargets.set(key, target);
        }
        // A key definition (keydef, resource-only) names its target; it does not use it.
        const definesKey = inMap && !!a.keys && (el.name === 'keydef' || a['processing-role'] === 'resource-only');
        if (href && target && !definesKey) add(el, hrefKind(el, inMap), href, null, target);
        if (a.keyref) add(el, el.name === 'image' ? 'image' : 'keyref', a.keyref, a.keyref.split('/')[0] ?? a.keyref, null);
        if (a.conkeyref) add(el, 'conkeyref', a.conkeyref, a.conkeyref.split('/')[0] ?? a.conkeyref, null);
        if (a.conref && !a.conref.startsWith('#')) {
          const conTarget = resolveRelative(file.path, a.conref.split('#')[0] ?? '');
          if (conTarget) add(el, 'conref', a.conref, null, conTarget);
        }
      }
    });
  }
  const byTarget = new Map<string, ScannedUse[]>();
  const byKey = new Map<string, ScannedUse[]>();
  for (const use of uses) {
    if (use.key !== null) use.targetPath = keyTargets.get(use.key) ?? null;
    if (use.targetPath !== null) byTarget.set(use.targetPath, [...(byTarget.get(use.targetPath) ?? []), use]);
    else if (use.key !== null) byKey.set(use.key, [...(byKey.get(use.key) ?? []), use]);
  }
  return { byTarget, byKey };
}

/** The scan of a commit, shared by concurrent callers and kept for the last few commits. */
function scanOf(repo: GitRepo, commit: string, standard: StandardFiles): Promise<Scan> {
  const cacheKey = `${repo.dir}@${commit}:${standard.id}`;
  let scan = scans.get(cacheKey);
  if (!scan) {
    scan = scanCommit(repo, commit, standard);
    scans.set(cacheKey, scan);
    scan.catch(() => scans.delete(cacheKey));
    while (scans.size > SCAN_CACHE) {
      const oldest = scans.keys().next().value;
      if (oldest === undefined) break;
      scans.delete(oldest);
    }
  }
  return scan;
}

const byPlace = (a: UsageRow, b: UsageRow) => (a.sourcePath < b.sourcePath ? -1 : a.sourcePath > b.sourcePath ? 1 : a.line - b.line || a.col - b.col);

/** The usage index of one commit of a library branch. */
export async function usageIndex(db: Db, repo: GitRepo, at: { libraryId: number; libraryType: string; branch: string; commit: string }): Promise<UsageIndex> {
  const indexed = await indexedCommit(db, at);
  const scope = { libraryId: at.libraryId, branch: at.branch };

  /** Groups hits under their targets, with catalogue titles and ids for the using files (when the branch was ever indexed). */
  async function group(targets: Target[], hitsOf: (t: Target) => (LinkHit & { title?: string })[]): Promise<Map<string, UsageRow[]>> {
    const perTarget = targets.map((t) => [t.path, hitsOf(t).filter((h) => !t.contentOnly || !MAP_KINDS.has(h.kind))] as const);
    const paths = [...new Set(perTarget.flatMap(([, hits]) => hits.map((h) => h.sourcePath)))];
    const sources = indexed && paths.length > 0 ? await indexedSources(db, { ...scope, paths }) : new Map<string, IndexedSource>();
    const out = new Map<string, UsageRow[]>();
    for (const [path, hits] of perTarget) {
      const rows = hits.map((h) => {
        const known = sources.get(h.sourcePath);
        return {
          sourcePath: h.sourcePath,
          line: h.line,
          col: h.col,
          kind: h.kind,
          value: h.value,
          title: known?.title || h.title || '',
          topicId: known?.topicId ?? null,
          documentId: known?.documentId ?? null,
        };
      });
      out.set(path, [...(out.get(path) ?? []), ...rows].sort(byPlace));
    }
    return out;
  }

  if (indexed === at.commit) {
    return {
      source: 'catalog',
      async usesOf(targets) {
        const hits = await linksTo(db, { ...scope, paths: targets.map((t) => t.path), keys: targets.flatMap((t) => t.keys ?? []) });
        return group(targets, (t) =>
          hits.filter((h) => h.targetPath === t.path || (h.targetPath === null && h.key !== null && (t.keys ?? []).includes(h.key))),
        );
      },
    };
  }
  return {
    source: 'scan',
    async usesOf(targets) {
      const scan = await scanOf(repo, at.commit, standardOf(at.libraryType).files);
      return group(targets, (t) => [...(scan.byTarget.get(t.path) ?? []), ...(t.keys ?? []).flatMap((k) => scan.byKey.get(k) ?? [])]);
    },
  };
}
