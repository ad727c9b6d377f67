import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const zh = import.meta.glob<{ default: Tree }>('./zh/*.ts', { eager: true });
const en = import.meta.glob<{ default: Tree }>('./en/*.ts', { eager: true });

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

const namespaces = (files: Record<string, unknown>) => Object.keys(files).map((file) => file.replace(/^\.\/(zh|en)\//, ''));

describe('i18n resources', () => {
  it('has the same namespaces in zh and en', () => {
    expect(namespaces(en).sort()).toEqual(namespaces(zh).sort());
  });

  for (const file of Object.keys(zh)) {
    const ns = file.replace('./zh/', '');
    it(`namespace ${ns} has every key in both languages, none empty in zh`, () => {
      const zhTree = zh[file]?.default ?? {};
      const enTree = en[`./en/${ns}`]?.default ?? {};
      const zhKeys = keysOf(zhTree);
      const enKeys = keysOf(enTree);
      expect(
        enKeys.filter((k) => !zhKeys.includes(k)),
        `keys only in en/${ns}`,
      ).toEqual([]);
      expect(
        zhKeys.filter((k) => !enKeys.includes(k)),
        `keys missing from en/${ns}`,
      ).toEqual([]);
      const empty = zhKeys.filter((k) => k.split('.').reduce<Tree | string | undefined>((t, p) => (typeof t === 'object' ? t[p] : undefined), zhTree) === '');
      expect(empty, `empty zh texts in ${ns}`).toEqual([]);
    });
  }
});
