import type { KeyScope } from '../keys/key-space.js';
import { splitHrefKey } from '../links/href.js';
import type { ResolvedMap } from '../map/map-model.js';
import { walkNodes } from '../map/map-model.js';
import { localTargets, type ProjectFiles } from './file-reader.js';
import { allScopesOf, changedKeyNames, dirtyFiles } from './key-changes.js';
import type { LoadOptions } from './project-model.js';

/**
 * Reads the topic files of a resolved map: every local DITA topicref and key definition, then (transitively)
 * every DITA file they reference, and the files conkeyrefs reach through keys. Each file gets the key scope of
 * its first normal topicref (else the map's). On an incremental load, the files to read again are worked out
 * (files.dirty) before any topic is read.
 */
export async function readTopics(
  map: ResolvedMap,
  files: ProjectFiles,
  options: LoadOptions,
  changed: ReadonlySet<string>,
): Promise<{ scopes: Map<string, KeyScope>; fileTargets: Map<string, string[]>; keyChanges: Set<string> | undefined }> {
  const { previous } = options;
  const scopes = new Map<string, KeyScope>();
  const normalScoped = new Set<string>();
  const wanted: string[] = [];
  const mapNodes = [...walkNodes(map.nodes), ...map.reltables.flatMap((r) => r.rows.flat(2))];
  for (const n of mapNodes) {
    if (n.href === undefined || n.scope !== 'local' || n.format !== 'dita') continue;
    if (!scopes.has(n.href) || (n.processingRole === 'normal' && n.element.name !== 'keydef' && !normalScoped.has(n.href))) {
      scopes.set(n.href, n.keyScope);
      if (n.processingRole === 'normal') normalScoped.add(n.href);
    }
    wanted.push(n.href);
  }
  for (const s of allScopesOf(map.keyScope)) {
    for (const d of s.table.values()) if (d.href !== undefined && d.scope === 'local' && (d.format ?? 'dita') === 'dita') wanted.push(d.href);
  }
  // Key names whose definition changed, worked out once (re-reading files and re-resolving references both need them).
  let keyChanges: Set<string> | undefined;
  if (previous !== undefined && options.changed !== undefined) {
    keyChanges = previous.map === map ? new Set<string>() : changedKeyNames(previous.map.keyScope, map.keyScope);
    files.dirty = dirtyFiles(previous, keyChanges, scopes, changed);
  }
  const fileTargets = new Map<string, string[]>();
  let frontier = [...new Set(wanted)];
  while (frontier.length > 0) {
    const loaded = await Promise.all(frontier.map(async (f) => [f, await files.read(f)] as const));
    const next = new Set<string>();
    for (const [f, doc] of loaded) {
      if (doc === undefined) continue;
      let targets = files.carried.has(f) ? previous?.fileTargets.get(f) : undefined;
      if (targets === undefined) targets = localTargets(f, files.rawRefs.get(f) ?? []);
      fileTargets.set(f, targets);
      for (const t of targets) if (!files.pending.has(t)) next.add(t);
      if (!scopes.has(f)) scopes.set(f, map.keyScope);
    }
    frontier = [...next];
  }
  // conkeyref targets are reached through keys: make sure their files are loaded too.
  const keyTargets = new Set<string>();
  for (const [f, refs] of files.rawRefs) {
    if (files.carried.has(f)) continue;
    for (const r of refs) {
      if (r.attr !== 'conkeyref') continue;
      const def = (scopes.get(f) ?? map.keyScope).resolve(splitHrefKey(r.value).path);
      if (def?.href !== undefined && def.scope === 'local' && !files.pending.has(def.href)) keyTargets.add(def.href);
    }
  }
  await Promise.all([...keyTargets].map((f) => files.read(f)));
  return { scopes, fileTargets, keyChanges };
}
