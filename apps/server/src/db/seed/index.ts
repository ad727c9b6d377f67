import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password';
import type { Db } from '../client';
import { sysUser } from '../schema';
import { seedAuthoring } from './authoring';
import { seedConfig, seedLaterConfig } from './config';
import { seedDicts } from './dicts';
import { renameSeededButtons, seedJobRoles } from './job-roles';
import { seedJobs } from './jobs';
import { seedLaterMenus, seedMenus } from './menus';
import { seedOrganization } from './organization';

export interface SeedOptions {
  adminPassword?: string;
  captchaEnabled: boolean;
}

/**
 * First-start data: administrator, roles (admin, common and the job roles), departments, posts,
 * dictionaries, config keys and the full menu. Runs once, in one transaction, only on an empty database; later starts keep
 * what is there. Returns the generated administrator password when none was given.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<{ seeded: boolean; generatedPassword?: string }> {
  const [users] = await db.select({ n: count() }).from(sysUser);
  if ((users?.n ?? 0) > 0) {
    // Tables added by later versions get their defaults on the first start after the upgrade;
    // the job roles come once, and seeded buttons get the fixed names where still the old ones.
    await seedAuthoring(db);
    await seedLaterConfig(db);
    await seedLaterMenus(db);
    await seedJobRoles(db);
    await renameSeededButtons(db);
    return { seeded: false };
  }
  const generatedPassword = opts.adminPassword ? undefined : randomBytes(9).toString('base64url').slice(0, 12);
  const adminHash = await hashPassword(opts.adminPassword ?? (generatedPassword as string));
  await db.transaction(async (tx) => {
    await seedOrganization(tx, adminHash);
    await seedMenus(tx);
    await seedJobRoles(tx);
    await seedDicts(tx);
    await seedConfig(tx, { captchaEnabled: opts.captchaEnabled });
    await seedJobs(tx);
    await seedAuthoring(tx);
  });
  return { seeded: true, generatedPassword };
}
