import type { ComponentType } from 'react';

/** The antd icon styles a menu may use; a stored name ends with its style ("RocketOutlined"). */
export const ICON_STYLES = ['Outlined', 'Filled', 'TwoTone'] as const;
export type IconStyle = (typeof ICON_STYLES)[number];

export interface IconCatalog {
  /** Every icon name of a style, alphabetical. */
  names: Record<IconStyle, string[]>;
  get(name: string): ComponentType | undefined;
}

const styleOf = (name: string): IconStyle | undefined => ICON_STYLES.find((s) => name.endsWith(s) && name.length > s.length);

/** Builds the catalog from the icon module's exports (only components named <Name><Style>). */
export function catalogOf(module: Record<string, unknown>): IconCatalog {
  const names: Record<IconStyle, string[]> = { Outlined: [], Filled: [], TwoTone: [] };
  const icons = new Map<string, ComponentType>();
  for (const [name, value] of Object.entries(module)) {
    const style = styleOf(name);
    if (!style || !/^[A-Z]/.test(name) || value === null || (typeof value !== 'object' && typeof value !== 'function')) continue;
    names[style].push(name);
    icons.set(name, value as ComponentType);
  }
  for (const style of ICON_STYLES) names[style].sort();
  return { names, get: (name) => icons.get(name) };
}

let catalog: Promise<IconCatalog> | null = null;

/** The whole antd icon set is its own chunk, loaded when the picker first opens (the sidebar loads the same chunk). */
export function loadIconCatalog(): Promise<IconCatalog> {
  catalog ??= import('../../../shared/icons/antd-icons').then((m) => catalogOf(m as unknown as Record<string, unknown>));
  return catalog;
}

/** Names matching a search (case-insensitive, any part of the name). */
export function filterIcons(names: readonly string[], search: string): string[] {
  const q = search.trim().toLowerCase();
  return q ? names.filter((n) => n.toLowerCase().includes(q)) : [...names];
}
