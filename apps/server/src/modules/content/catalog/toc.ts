import type { TocNode } from '@ccms/contracts/content/document';
import { BROKEN_LINK_KEY } from '@ccms/contracts/content/document';
import type { DitaProject, MapNode, Reference } from '@ccms/dita';

/**
 * A toc node as stored with the document (short keys: the toc of a big map is large). Topic
 * ids, codes and statuses are joined in when the toc is read, so a topic edit never rewrites it.
 */
export interface StoredTocNode {
  /** element name */
  e: string;
  /** navtitle written in the map ('' when none: the topic's indexed title is shown) */
  t: string;
  /** href or keyref as written */
  h: string | null;
  /** library path of the target file (local DITA targets) */
  p: string | null;
  /** broken reference */
  b: boolean;
  /** reason of a broken reference */
  r: string;
  c: StoredTocNode[];
}

/** Broken references of a map file by position, to mark the toc nodes written there. */
function brokenAt(project: DitaProject): Map<string, Reference> {
  const out = new Map<string, Reference>();
  for (const map of project.map.maps) {
    for (const ref of project.referencesByFile.get(map) ?? []) {
      if (ref.status === 'broken' && (ref.kind === 'topicref' || ref.kind === 'mapref')) out.set(`${ref.file}:${ref.line}:${ref.column}`, ref);
    }
  }
  return out;
}

/** The toc of a loaded map, in map order: hidden (toc="no") and resource-only nodes are left out. */
export function buildToc(project: DitaProject): StoredTocNode[] {
  const broken = brokenAt(project);
  const convert = (nodes: readonly MapNode[]): StoredTocNode[] => {
    const out: StoredTocNode[] = [];
    for (const node of nodes) {
      if (node.processingRole === 'resource-only' || node.toc === false) continue;
      const local = node.href !== undefined && node.scope === 'local' && node.format === 'dita';
      const bad = broken.get(`${node.element.file}:${node.element.line}:${node.element.column}`);
      const undefinedKey = node.keyref !== undefined && node.keyDef === undefined && node.href === undefined;
      const written = node.element.attrs.href ?? (node.keyref !== undefined ? node.keyref : null);
      const navtitle = node.navtitle?.replace(/\s+/g, ' ').trim() ?? '';
      const path = local && node.href !== undefined ? node.href : null;
      const isBroken = bad !== undefined || undefinedKey;
      out.push({
        e: node.name,
        t: navtitle,
        h: written,
        p: path,
        b: isBroken,
        r: bad?.reason ?? (undefinedKey ? `Key "${node.keyref}" is not defined` : ''),
        c: convert(node.children),
      });
    }
    return out;
  };
  return convert(project.map.nodes);
}

export interface TopicFacet {
  topicId: number;
  title: string;
  code: string;
  revision: string;
  status: string;
}

/** Paths of every node with a target, for joining topic facts. */
export function tocPaths(nodes: readonly StoredTocNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.p) into.add(n.p);
    tocPaths(n.c, into);
  }
  return into;
}

/** The stored toc as the API shows it, with topic facts joined by path and node ids by position. */
export function presentToc(nodes: readonly StoredTocNode[], topics: ReadonlyMap<string, TopicFacet>, prefix = ''): TocNode[] {
  return nodes.map((n, i) => {
    const nodeId = prefix === '' ? String(i) : `${prefix}.${i}`;
    const topic = n.p ? topics.get(n.p) : undefined;
    const broken = n.b;
    return {
      nodeId,
      element: n.e,
      title: n.t || topic?.title || n.h || '',
      href: n.h,
      path: n.p,
      hasContent: topic !== undefined && !n.b,
      topicId: topic?.topicId ?? null,
      topicCode: topic?.code ?? '',
      topicRevision: topic?.revision ?? '',
      topicStatus: topic?.status ?? null,
      broken,
      errorKey: broken ? BROKEN_LINK_KEY : null,
      reason: n.r,
      children: presentToc(n.c, topics, nodeId),
    };
  });
}

/** The node at a nodeId ("0.2.1"), or undefined. */
export function nodeAt(nodes: readonly StoredTocNode[], nodeId: string): StoredTocNode | undefined {
  let level: readonly StoredTocNode[] = nodes;
  let found: StoredTocNode | undefined;
  for (const part of nodeId.split('.')) {
    if (!/^\d+$/.test(part)) return undefined;
    found = level[Number(part)];
    if (!found) return undefined;
    level = found.c;
  }
  return found;
}
