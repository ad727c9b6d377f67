import type { Condition } from '@ccms/dita';
import { selectionOfText } from '@ccms/s1000d';
import type { Db } from '../../../db/client';
import { standardOf } from '../../content/standard/registry';
import { conditionsOf, dataPropertyConditions } from '../engine/prepare';
import { dataPropertiesOf, publishSettingRows } from './output.queries';

/** What to apply: the config's filter group, the publication's DITAVAL file or filter group, data properties, variables. */
export async function settingsOf(db: Db, row: { libraryId: number; configId: number | null; publicationId: number | null }, libraryType: string) {
  const { config, settings, publication } = await publishSettingRows(db, row);
  const group = (name: string) => settings.filter((s) => s.kind === 'filter' && s.groupName === name);
  // S1000D and ATA Spec 2300 filter by applicability: a PCT product, property values or a filter group.
  if (standardOf(libraryType).id !== 'dita')
    return { conditions: [], ditavalPath: '', variables: [], applic: applicOf(config?.filterGroup, publication?.ditaVal, group) };
  const conditions: Condition[] = [];
  if (config?.filterGroup) conditions.push(...conditionsOf(group(config.filterGroup)));
  let ditavalPath = '';
  // The publication's filter is a file of the library's filter rules (a .ditaval) or a filter group's name.
  if (publication && standardOf(libraryType).files.roleOf(publication.ditaVal) === 'rules') ditavalPath = publication.ditaVal;
  else if (publication) conditions.push(...conditionsOf(group(publication.ditaVal)));
  if (config?.product) {
    conditions.push(...dataPropertyConditions(await dataPropertiesOf(db, row.libraryId, config.product), conditions));
  }
  const variables = settings
    .filter((s) => s.kind === 'variable' && (!config?.product || s.product === config.product))
    .map((s) => ({ name: s.name, type: s.type, value: s.value }));
  return { conditions, ditavalPath, variables, applic: undefined };
}

/**
 * An S1000D publication's applicability selection: the config's filter group and the publication's
 * filter, each a filter group of the library (its include rows are property values: name the
 * property's ident, value its value; its exclude rows values the publication is not for, see
 * packages/s1000d/src/publish/selection.ts), or for the publication also a PCT product key or
 * `ident=value;...` pairs. The publication's values win over the config's.
 */
export function applicOf(
  configGroup: string | null | undefined,
  filter: string | undefined,
  group: (name: string) => Array<{ name: string; type: string; value: string }>,
): { product?: string; assign?: Record<string, string>; exclude?: Record<string, string[]> } {
  const assign: Record<string, string> = {};
  const exclude: Record<string, string[]> = {};
  let product: string | undefined;
  const pairs = (name: string) => {
    for (const r of group(name)) {
      if (r.type === 'include') assign[r.name] = r.value;
      else if (r.type === 'exclude') {
        const values = exclude[r.name] ?? [];
        if (!values.includes(r.value)) values.push(r.value);
        exclude[r.name] = values;
      }
    }
  };
  if (configGroup) pairs(configGroup);
  if (filter && group(filter).length > 0) pairs(filter);
  else if (filter) {
    const selection = selectionOfText(filter);
    product = selection.product;
    Object.assign(assign, selection.assign ?? {});
  }
  return {
    ...(product ? { product } : {}),
    ...(Object.keys(assign).length > 0 ? { assign } : {}),
    ...(Object.keys(exclude).length > 0 ? { exclude } : {}),
  };
}
