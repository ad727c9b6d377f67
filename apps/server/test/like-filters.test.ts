import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from './harness';

/**
 * The system lists' "contains" filters take what the user typed literally: a `%` or `_` is a
 * character to find, not a LIKE wildcard (every pattern goes through platform/db/filters).
 */

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  // Two notices alike but for a percent sign.
  for (const noticeTitle of ['Uptime 100% this week', 'Uptime 1000 this week']) {
    expect((await admin.post('/prod-api/system/notice', { noticeTitle, noticeType: '1', noticeContent: '<p>up</p>' })).body.code).toBe(200);
  }
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

/** The rows of a list answer: paged lists answer rows, tree lists answer data. */
async function list(url: string, query: Record<string, string | number>): Promise<Row[]> {
  const res = await admin.get(url, query);
  expect(res.status).toBe(200);
  return (res.body.rows ?? res.body.data) as Row[];
}

// [list, filter field, the column it searches, a value that finds seeded rows]
const FILTERS: [string, string, string, string][] = [
  ['/prod-api/system/user/list', 'userName', 'userName', 'adm'],
  ['/prod-api/system/role/list', 'roleName', 'roleName', ''],
  ['/prod-api/system/role/list', 'roleKey', 'roleKey', 'dmin'],
  ['/prod-api/system/config/list', 'configKey', 'configKey', 'sys.'],
  ['/prod-api/system/dict/type/list', 'dictType', 'dictType', 'sys_'],
  ['/prod-api/system/dict/type/list', 'dictName', 'dictName', ''],
  ['/prod-api/system/menu/list', 'menuName', 'menuName', ''],
  ['/prod-api/system/dept/list', 'deptName', 'deptName', ''],
  ['/prod-api/system/post/list', 'postCode', 'postCode', ''],
  ['/prod-api/system/notice/list', 'noticeTitle', 'noticeTitle', 'week'],
];

describe('contains filters on the system lists', () => {
  it.each(FILTERS)('%s ?%s=: a typed percent sign or underscore is a character', async (url, field, column, hit) => {
    if (hit) expect((await list(url, { [field]: hit })).length).toBeGreaterThan(0);
    const all = await list(url, { pageSize: 1000 });
    expect(all.length).toBeGreaterThan(0);
    for (const typed of ['%', '_']) {
      const found = await list(url, { [field]: typed, pageSize: 1000 });
      const expected = all.filter((r) => String(r[column] ?? '').includes(typed)).length;
      expect(found.length).toBe(expected);
      // Taken as a wildcard, % would find every row.
      if (typed === '%') expect(found.length).toBeLessThan(all.length);
    }
  });

  it('finds the notice titled with a percent sign by "00% t", not the one without', async () => {
    const found = await list('/prod-api/system/notice/list', { noticeTitle: '00% t' });
    expect(found.map((r) => r.noticeTitle)).toEqual(['Uptime 100% this week']);
  });
});
