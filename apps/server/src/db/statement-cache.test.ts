import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCachingClient } from './statement-cache';

const url = process.env.DATABASE_URL;

/** Named statements are a PostgreSQL connection's; PGlite runs never use this client. */
describe.skipIf(!url)('statement caching pg client (PostgreSQL)', () => {
  let client: StatementCachingClient;
  const prepared = async () =>
    (await client.query('SELECT name, statement FROM pg_prepared_statements ORDER BY name')).rows as { name: string; statement: string }[];

  beforeAll(async () => {
    client = new StatementCachingClient({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  it('sends a parameterised text named from its second use on, with the right results every time', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toEqual([]);
    expect((await client.query(text, [2])).rows).toEqual([{ n: 3 }]);
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([{ name: 'ccms_s1', statement: text }]);
  });

  it('leaves texts without parameters, named statements and callback calls as pg runs them', async () => {
    await client.query('SELECT 1 AS one');
    await client.query('SELECT 1 AS one');
    await client.query({ name: 'mine', text: 'SELECT $1::text AS t', values: ['a'] });
    const viaCallback = await new Promise<unknown>((resolve, reject) =>
      client.query('SELECT $1::text || $2::text AS t', ['a', 'b'], (err: Error | null, res: { rows: unknown[] }) => (err ? reject(err) : resolve(res.rows))),
    );
    expect(viaCallback).toEqual([{ t: 'ab' }]);
    expect((await prepared()).map((p) => p.name)).toEqual(['ccms_s1', 'mine']);
  });

  it('reports a failing statement and runs it again after', async () => {
    const text = 'SELECT 1 / $1::int AS q';
    await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
    await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
    expect((await client.query(text, [1])).rows).toEqual([{ q: 1 }]);
  });
});
