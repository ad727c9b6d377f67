import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import type { Caller, TestApp } from '../../../../test/harness';
import { multipart, type TestUser } from '../../content/content-test-kit';
import { clausesOf, newRegulation, openComplianceWorld } from '../compliance-test-kit';

/** Clauses of a regulation: the Excel and outline imports and one added by hand (the compliance world: compliance-test-kit.ts). */
const remote = useGitServer();
let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  ({ t, author } = await openComplianceWorld(remote()));
});
afterAll(async () => {
  await t?.close();
});

/** An .xlsx with the template's English headings and the given rows. */
async function workbook(rows: (string | undefined)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clauses');
  sheet.addRow(['Number', 'Title', 'Text', 'Parent number']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const importExcel = (caller: Caller, regulationId: number, buffer: Buffer) => {
  const { payload, headers } = multipart({}, [{ filename: 'clauses.xlsx', content: buffer }]);
  return caller.request({ method: 'POST', url: `/prod-api/ccms/regulation/clause/importData?regulationId=${regulationId}`, payload, headers });
};

describe('clauses', () => {
  let cs25 = 0;
  beforeAll(async () => {
    cs25 = await newRegulation(author.caller, 'CS-25');
  });

  it('imports 3 levels of clauses from Excel; a bad row is refused naming row and field, and nothing is imported', async () => {
    const template = await author.caller.post('/prod-api/ccms/regulation/clause/importTemplate');
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, 'Number', 'Title', 'Text', 'Parent number']);

    const rows = [
      ['25.1581', 'General', 'Furnishing of an aeroplane flight manual.', ''],
      ['25.1581(a)', 'Furnishing information', 'An Aeroplane Flight Manual must be furnished with each aeroplane.', '25.1581'],
      ['25.1581(a)(1)', 'Limits', 'Information required by 25.1583 through 25.1587.', '25.1581(a)'],
      ['25.1581(a)(2)', 'Other information', 'Other information necessary for safe operation.', '25.1581(a)'],
      ['25.1583', 'Operating limitations', 'Airspeed limitations must be furnished.', ''],
    ];
    const badParent = await importExcel(author.caller, cs25, await workbook([...rows, ['25.1585', 'Procedures', 'x', '25.9999']]));
    expect(badParent.body).toMatchObject({ code: 400, msg: 'row 7 Parent number: parent clause "25.9999" does not exist' });
    const tooLong = await importExcel(author.caller, cs25, await workbook([...rows.slice(0, 2), ['x'.repeat(65), 'Long', '', '']]));
    expect(tooLong.body.msg).toBe('row 4 Number is invalid');
    const missing = await importExcel(author.caller, cs25, await workbook([...rows.slice(0, 2), [undefined, 'No number', 'text', '']]));
    expect(missing.body.msg).toBe('row 4 Number is invalid');
    expect(await clausesOf(t, cs25)).toHaveLength(0);

    const ok = await importExcel(author.caller, cs25, await workbook(rows));
    expect(ok.body.data, ok.raw).toEqual({ added: 5, updated: 0, flagged: 0 });
    const tree = (await author.caller.get('/prod-api/ccms/regulation/clause/tree', { regulationId: cs25 })).body.data;
    expect(tree.map((n: { number: string }) => n.number)).toEqual(['25.1581', '25.1583']);
    expect(tree[0].children[0].children.map((n: { number: string; level: number }) => [n.number, n.level])).toEqual([
      ['25.1581(a)(1)', 3],
      ['25.1581(a)(2)', 3],
    ]);
    const search = await author.caller.get('/prod-api/ccms/regulation/clause/list', { regulationId: cs25, keyword: 'AIRSPEED' });
    expect(search.body.rows.map((r: { number: string }) => r.number)).toEqual(['25.1583']);
  });

  it('imports clauses from a text outline, the numbering giving the hierarchy, and adds one by hand', async () => {
    const res = await author.caller.post('/prod-api/ccms/regulation/clause/importOutline', {
      regulationId: cs25,
      outline: ['25.1585 Operating procedures', 'Normal procedures peculiar to the aeroplane.', '25.1585(a) Normal', '25.1585(a)(1) Engine start'].join('\n'),
    });
    expect(res.body.data, res.raw).toEqual({ added: 3, updated: 0, flagged: 0 });
    const one = (await author.caller.get('/prod-api/ccms/regulation/clause/list', { regulationId: cs25, keyword: 'engine start' })).body.rows[0];
    expect(one).toMatchObject({ number: '25.1585(a)(1)', level: 3 });
    // Inserted in one batch: each parent, new in the same import, was set afterwards.
    const byNumber = new Map((await clausesOf(t, cs25)).map((c) => [c.number, c]));
    expect(byNumber.get('25.1585(a)(1)')?.parentId).toBe(byNumber.get('25.1585(a)')?.clauseId);
    expect(byNumber.get('25.1585(a)')?.parentId).toBe(byNumber.get('25.1585')?.clauseId);
    // The import gathered planner statistics (a never-analysed table has reltuples -1).
    const stats = (await t.database.db.execute(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'ccms_regulation_clause'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(stats.rows[0]?.n)).toBeGreaterThanOrEqual(byNumber.size);
    const bad = await author.caller.post('/prod-api/ccms/regulation/clause/importOutline', {
      regulationId: cs25,
      outline: 'Preface text\n25.1587 Performance',
    });
    expect(bad.body.msg).toBe('line 1: the clause number is missing');
    const hand = await author.caller.post('/prod-api/ccms/regulation/clause', {
      regulationId: cs25,
      number: '25.1587',
      title: 'Performance information',
      text: 'Takeoff data.',
    });
    expect(hand.body.code, hand.raw).toBe(200);
    const orphan = await author.caller.post('/prod-api/ccms/regulation/clause', { regulationId: cs25, number: '25.1589', parentNumber: '25.77' });
    expect(orphan.body.msg).toBe('Parent clause number: parent clause "25.77" does not exist');
    expect(await clausesOf(t, cs25)).toHaveLength(9);
  });
});
