import { topicmetaOf } from '../map/map-metadata.js';
import type { MapNode, Reltable } from '../map/map-model.js';
import { plainText } from '../model/plain-text.js';
import type { DitaProject } from '../project/dita-project.js';

export interface RelatedLink {
  file: string;
  fragment?: string;
  type: string;
  navtitle?: string;
  /** The reltable topicref's topicmeta/linktext: the link's text, before the target's title (DITA-OT's maplink). */
  linktext?: string;
  /** Its topicmeta/shortdesc: the link's description, before the target's own. */
  shortdesc?: string;
  href?: string;
  external: boolean;
}

/** A reltable topicref's topicmeta/linktext and shortdesc as text, its keys resolved in the scope of the map that holds it. */
function linkMeta(tgt: MapNode, project: DitaProject): { linktext?: string; shortdesc?: string } {
  // Its own topicmeta, then what it takes from its key definition.
  const meta = topicmetaOf(tgt);
  if (meta.length === 0) return {};
  const scope = project.map.elementScopes.get(tgt.element) ?? project.map.keyScope;
  const out: { linktext?: string; shortdesc?: string } = {};
  for (const name of ['linktext', 'shortdesc'] as const) {
    const el = meta.find((m) => m.name === name);
    const text = el !== undefined ? plainText(el, scope).replace(/\s+/g, ' ').trim() : '';
    if (text !== '') out[name] = text;
  }
  return out;
}

/** Related links from relationship tables, per source file. */
export function reltableLinks(reltables: readonly Reltable[], project: DitaProject): Map<string, RelatedLink[]> {
  const out = new Map<string, RelatedLink[]>();
  const metaOf = new Map<MapNode, { linktext?: string; shortdesc?: string }>();
  for (const table of reltables) {
    for (const row of table.rows) {
      row.forEach((cell, ci) => {
        const colLinking = table.columns[ci]?.linking;
        for (const src of cell) {
          const srcLinking = src.linking ?? colLinking;
          if (src.href === undefined || src.scope !== 'local' || srcLinking === 'targetonly' || srcLinking === 'none') continue;
          row.forEach((other, oi) => {
            if (oi === ci) return;
            const otherCol = table.columns[oi];
            for (const tgt of other) {
              const tl = tgt.linking ?? otherCol?.linking;
              if (tl === 'sourceonly' || tl === 'none' || tgt.href === undefined) continue;
              const external = tgt.scope !== 'local';
              const doc = !external ? project.docs.get(tgt.href) : undefined;
              const type = tgt.type ?? otherCol?.type ?? doc?.firstTopic?.name ?? 'topic';
              let meta = metaOf.get(tgt);
              if (meta === undefined) {
                meta = linkMeta(tgt, project);
                metaOf.set(tgt, meta);
              }
              const link: RelatedLink = {
                file: tgt.href,
                type,
                external,
                ...(tgt.fragment !== undefined ? { fragment: tgt.fragment } : {}),
                ...(tgt.navtitle !== undefined ? { navtitle: tgt.navtitle } : {}),
                ...meta,
              };
              if (src.href === undefined) continue;
              let list = out.get(src.href);
              if (list === undefined) {
                list = [];
                out.set(src.href, list);
              }
              // A target related through several rows is listed once; DITA-OT's hideduplicates tells links apart by their text too.
              if (!list.some((l) => l.file === link.file && l.fragment === link.fragment && l.linktext === link.linktext)) list.push(link);
            }
          });
        }
      });
    }
  }
  return out;
}
