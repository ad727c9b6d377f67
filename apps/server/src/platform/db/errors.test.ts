import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { sysConfig } from '../../db/schema';
import { databaseError, isUniqueViolation } from './errors';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const failureOf = async (write: () => Promise<unknown>) => {
  try {
    await write();
  } catch (err) {
    return err;
  }
  throw new Error('the write succeeded');
};

describe('unique violations', () => {
  it('recognises a unique index refusing a row, as the database driver reports it', async () => {
    const row = { configName: 'probe', configKey: 'probe.unique', configValue: '1' };
    await database.db.insert(sysConfig).values(row);
    expect(isUniqueViolation(await failureOf(() => database.db.insert(sysConfig).values(row)))).toBe(true);
  });

  it('does not mistake another failure for one', async () => {
    const nullName = { configName: null, configKey: 'probe.null', configValue: '1' } as unknown as typeof sysConfig.$inferInsert;
    expect(isUniqueViolation(await failureOf(() => database.db.insert(sysConfig).values(nullName)))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe("the database's own errors", () => {
  it('reads the SQLSTATE and text of a refusal, as the driver reports it through drizzle', async () => {
    const err = await failureOf(() => database.db.execute(sql`CREATE TABLE probe_keys (a int PRIMARY KEY, b int PRIMARY KEY)`));
    expect(databaseError(err)).toEqual({ code: '42P16', message: expect.stringContaining('multiple primary keys') });
  });

  it('is undefined for a failure that is no database error', () => {
    expect(databaseError(new Error('42P16'))).toBeUndefined();
    expect(databaseError(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(databaseError(null)).toBeUndefined();
  });
});
