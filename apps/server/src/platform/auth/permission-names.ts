import type { Language } from '@ccms/contracts/constants';
import type { Denied } from '@ccms/contracts/http';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { sysMenu } from '../../db/schema';

type Named = { name: string; nameEn: string };

const inLanguage = (lang: Language, m: Named | null) => (m ? (lang === 'en' && m.nameEn ? m.nameEn : m.name) : '');

/**
 * Each permission string with the name of the menu holding it, in the caller's language and
 * under its parent ("Libraries › Query library"); the seeded menu (the lowest id) when several
 * hold it, an empty name when none does. What a 403 answer names.
 */
export async function permissionNames(db: Db, perms: readonly string[], lang: Language): Promise<NonNullable<Denied['permissions']>> {
  const parent = alias(sysMenu, 'parent');
  const rows =
    perms.length === 0
      ? []
      : await db
          .select({
            perms: sysMenu.perms,
            name: sysMenu.menuName,
            nameEn: sysMenu.menuNameEn,
            parentName: parent.menuName,
            parentNameEn: parent.menuNameEn,
          })
          .from(sysMenu)
          .leftJoin(parent, eq(parent.menuId, sysMenu.parentId))
          .where(inArray(sysMenu.perms, [...perms]))
          .orderBy(asc(sysMenu.menuId));
  return perms.map((p) => {
    const row = rows.find((r) => r.perms === p);
    if (!row) return { perms: p, name: '' };
    const own = inLanguage(lang, row);
    const above = row.parentName === null ? '' : inLanguage(lang, { name: row.parentName, nameEn: row.parentNameEn ?? '' });
    return { perms: p, name: above ? `${above} › ${own}` : own };
  });
}
