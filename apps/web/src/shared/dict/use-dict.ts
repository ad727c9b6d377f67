import type { Language } from '@ccms/contracts/constants';
import { DictApi, type DictItem } from '@ccms/contracts/system/dict';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { normalizeLanguage } from '../../i18n';

/** A dictionary entry as selects, radios and tags use it; the label is in the UI language. */
export interface DictOption {
  label: string;
  value: string;
  /** Tag style: default, primary, success, info, warning, danger. */
  listClass: string;
  cssClass: string;
  isDefault: boolean;
}

/** Items carry both labels, so switching language needs no new call. */
export function toOptions(items: readonly DictItem[], lang: Language): DictOption[] {
  return items.map((d) => ({
    label: (lang === 'en' ? d.dictLabelEn : d.dictLabelZh) || d.dictLabel,
    value: d.dictValue,
    listClass: d.listClass,
    cssClass: d.cssClass,
    isDefault: d.isDefault === 'Y',
  }));
}

const dictQuery = (type: string) => ({
  queryKey: ['dict', type],
  queryFn: () => api.one(DictApi.dataOfType, { path: { dictType: type } }),
  // No type, no call: a control whose dictionary is not chosen yet (the form builder's select) has no options.
  enabled: type !== '',
  // Dictionaries change rarely: one call per type per session (the dict screens invalidate ['dict']).
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The options of one dictionary type (GET /system/dict/data/type/{type}).
 * Usage: `const sexes = useDict('sys_user_sex'); <Select options={sexes} />; <DictTag options={sexes} value={row.sex} />`
 * An empty type asks nothing and gives no options.
 */
export function useDict(type: string): DictOption[] {
  const { i18n } = useTranslation();
  const { data } = useQuery(dictQuery(type));
  return data ? toOptions(data, normalizeLanguage(i18n.language)) : [];
}

/**
 * Several dictionary types at once, keyed by type (RuoYi's useDict(...types)).
 * Usage: `const { sys_normal_disable, sys_user_sex } = useDicts('sys_normal_disable', 'sys_user_sex');`
 */
export function useDicts<T extends string>(...types: T[]): Record<T, DictOption[]> {
  const { i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language);
  const results = useQueries({ queries: types.map(dictQuery) });
  const out = {} as Record<T, DictOption[]>;
  types.forEach((type, i) => {
    const data = results[i]?.data;
    out[type] = data ? toOptions(data, lang) : [];
  });
  return out;
}

/** The label of a value ('' when unknown), for plain text cells and exports. */
export function dictLabel(options: readonly DictOption[], value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return options.find((o) => o.value === String(value))?.label ?? '';
}
