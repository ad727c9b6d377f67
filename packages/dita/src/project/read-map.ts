import type { ConditionFilter } from '../ditaval/ditaval.js';
import type { ResolvedMap } from '../map/map-model.js';
import { resolveMap } from '../map/map-resolver.js';
import type { ProblemList } from '../problems/problem.js';
import type { ProjectFiles } from './file-reader.js';
import { CARRIED_CODES, type LoadOptions, MAP_CODES } from './project-model.js';

/**
 * The root map resolved with its submaps and key scopes. An incremental load with no map among the changes keeps
 * the previous resolved map (its maps read again from the previous load, its map problems carried).
 */
export async function readMap(
  rootMap: string,
  options: LoadOptions,
  files: ProjectFiles,
  changed: ReadonlySet<string>,
  problems: ProblemList,
  filter: ConditionFilter,
): Promise<ResolvedMap> {
  const { source, previous } = options;
  const keepMap = previous !== undefined && options.changed !== undefined && !previous.map.maps.some((m) => changed.has(m));
  let map: ResolvedMap;
  if (keepMap && previous !== undefined) {
    map = previous.map;
    for (const m of map.maps) await files.read(m, true);
    for (const p of previous.problems)
      if (map.maps.includes(p.file) && !CARRIED_CODES.test(p.code) && MAP_CODES.test(p.code)) problems.add(p.severity, p.code, p.message, p);
  } else {
    map = await resolveMap(rootMap, {
      source,
      problems,
      readXml: async (p) => (await files.read(p, true))?.root,
      ...(options.lang !== undefined && options.lang.trim() !== '' ? { lang: options.lang } : {}),
      ...(filter.empty ? {} : { filter }),
    });
  }
  return map;
}
