import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { sysConfig, sysMenu, sysUser } from '../src/db/schema';
import { seedIfEmpty } from '../src/db/seed';
import { verifyPassword } from '../src/platform/auth/password';
import { loadConfig, sharedSecretsMissing } from '../src/platform/config';
import { loadOrCreateSecret, secureDataDir } from '../src/platform/secrets';

/** What main.ts does on a first start and on every later one: secrets, then the seed. */
describe('secrets (loadOrCreateSecret)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-secrets-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes a random secret once, readable by the owner only, and reads the same one back', async () => {
    const first = await loadOrCreateSecret(dataDir, 'jwt-secret', undefined);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const file = path.join(dataDir, 'secrets', 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readFile(file, 'utf8')).toBe(first);
    expect(await loadOrCreateSecret(dataDir, 'jwt-secret', undefined)).toBe(first);
    const other = await loadOrCreateSecret(dataDir, 'secret-key', undefined);
    expect(other).not.toBe(first);
    expect((await stat(path.join(dataDir, 'secrets', 'secret-key'))).mode & 0o777).toBe(0o600);
  });

  it('takes the environment value when given, writing nothing', async () => {
    expect(await loadOrCreateSecret(dataDir, 'from-env', 'given-by-operator')).toBe('given-by-operator');
    await expect(stat(path.join(dataDir, 'secrets', 'from-env'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('gives parallel first starts one and the same secret', async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateSecret(dataDir, 'raced', undefined)));
    expect(new Set(all).size).toBe(1);
  });
});

/** An empty, migrated database, as on a first start. */
async function emptyDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await database.migrate();
  return database;
}

const adminRow = async (database: Database) => (await database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin')))[0];
const captchaSetting = async (database: Database) =>
  (await database.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled')))[0]?.configValue;

describe('the first seed (seedIfEmpty)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database.close());

  it('generates a random administrator password once, stored only as a hash, and turns the captcha off for CCMS_CAPTCHA=false', async () => {
    const config = loadConfig({ CCMS_CAPTCHA: 'false' });
    expect(config.captchaOnFirstSeed).toBe(false);
    const first = await seedIfEmpty(database.db, { adminPassword: config.adminPassword, captchaEnabled: config.captchaOnFirstSeed });
    expect(first.seeded).toBe(true);
    const password = first.generatedPassword ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const admin = await adminRow(database);
    expect(admin?.password).not.toContain(password);
    expect(await verifyPassword(admin?.password ?? '', password)).toBe(true);
    expect(await captchaSetting(database)).toBe('false');
  });

  it('a second start on the same database seeds nothing and keeps the password', async () => {
    const before = await adminRow(database);
    const users = (await database.db.select().from(sysUser)).length;
    const again = await seedIfEmpty(database.db, { adminPassword: 'changed99', captchaEnabled: true });
    expect(again).toEqual({ seeded: false });
    expect(await adminRow(database)).toEqual(before);
    expect(await database.db.select().from(sysUser)).toHaveLength(users);
    expect(await captchaSetting(database)).toBe('false');
  });

  it('a start after the upgrade that added Grammar Packages adds its menu, keeping the rest', async () => {
    const grammarMenus = () =>
      database.db
        .select({ perms: sysMenu.perms })
        .from(sysMenu)
        .where(inArray(sysMenu.menuId, [2316, 3480, 3481]));
    expect(await grammarMenus()).toHaveLength(3);
    await database.db.delete(sysMenu).where(inArray(sysMenu.menuId, [2316, 3480, 3481]));
    const others = (await database.db.select().from(sysMenu)).length;
    await seedIfEmpty(database.db, { captchaEnabled: true });
    expect((await grammarMenus()).map((m) => m.perms).sort()).toEqual(['ccms:grammar:add', 'ccms:grammar:list', 'ccms:grammar:remove']);
    expect(await database.db.select().from(sysMenu)).toHaveLength(others + 3);
  });
});

describe('a first seed with CCMS_ADMIN_PASSWORD and the captcha default', () => {
  let database: Database;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database.close());

  it('uses the given password, prints none, and leaves the captcha on', async () => {
    const config = loadConfig({ CCMS_ADMIN_PASSWORD: 'chosen123' });
    expect(config.captchaOnFirstSeed).toBe(true);
    const seed = await seedIfEmpty(database.db, { adminPassword: config.adminPassword, captchaEnabled: config.captchaOnFirstSeed });
    expect(seed).toEqual({ seeded: true, generatedPassword: undefined });
    expect(await verifyPassword((await adminRow(database))?.password ?? '', 'chosen123')).toBe(true);
    expect(await captchaSetting(database)).toBe('true');
  });
});

describe('two nodes on one PostgreSQL (sharedSecretsMissing)', () => {
  it('refuses to start with DATABASE_URL unless both shared secrets are given', () => {
    const url = 'postgres://db.example/ccms';
    expect(sharedSecretsMissing(loadConfig({ DATABASE_URL: url }))).toBe(
      'DATABASE_URL is set, so several nodes may share the database: set CCMS_JWT_SECRET and CCMS_SECRET_KEY (the same on every node) before starting',
    );
    expect(sharedSecretsMissing(loadConfig({ DATABASE_URL: url, CCMS_JWT_SECRET: 'j'.repeat(40) }))).toMatch(/set CCMS_SECRET_KEY \(/);
    expect(sharedSecretsMissing(loadConfig({ DATABASE_URL: url, CCMS_JWT_SECRET: 'j'.repeat(40), CCMS_SECRET_KEY: 'k'.repeat(40) }))).toBeNull();
    // One node on PGlite keeps generating its own.
    expect(sharedSecretsMissing(loadConfig({}))).toBeNull();
  });
});

describe('data directory (secureDataDir)', () => {
  it('makes the data directory owner-only, also when it already existed open', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'ccms-datadir-'));
    try {
      const dir = path.join(parent, 'data');
      await secureDataDir(dir);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      await chmod(dir, 0o755);
      await secureDataDir(dir);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
