import { isDeepStrictEqual } from 'node:util';
import { rowsOf } from '@ccms/contracts/http';
import { WorkItemListRow } from '@ccms/contracts/work/work-item';
import { describe, expect, it } from 'vitest';
import { safeEncode, z } from 'zod';
import { pick, type Rand, rng } from '../../../test/seeded-random';
import { answerSerializer, CHANGED, encodeFit, REFUSED, SAME } from './answer-serializer';

/** zod's own path, as fastify-type-provider-zod writes an answer. */
const zodText = (schema: z.ZodType, value: unknown) => {
  const result = safeEncode(schema, value);
  return result.success ? JSON.stringify(result.data) : undefined;
};

/** What the judge says must be what zod does: SAME answers the same JSON, REFUSED is refused, CHANGED is accepted. */
function agrees(schema: z.ZodType, value: unknown) {
  const fit = encodeFit(schema, value);
  const expected = zodText(schema, value);
  if (fit === REFUSED) return expected === undefined;
  if (expected === undefined) return false;
  if (fit === CHANGED) return true;
  const own = JSON.stringify(value);
  return own !== undefined && isDeepStrictEqual(JSON.parse(own), JSON.parse(expected));
}

const Row = z.object({
  id: z.number().int().positive(),
  title: z.string().max(10),
  state: z.enum(['draft', 'active']),
  kind: z.literal('defect'),
  due: z.union([z.date(), z.string()]).nullable(),
  tags: z.array(z.string()).max(3),
  note: z.string().optional(),
  level: z.number().min(0).max(5).nullable(),
  extra: z.unknown(),
  labels: z.record(z.string(), z.number()),
  email: z.email().optional(),
  fixed: z.boolean(),
});
const Answer = rowsOf(Row);

/** Mostly a value the schema takes, sometimes one it refuses (each field on its own). */
const either = (r: Rand, good: unknown[], bad: unknown[]) => (r() < 0.93 ? pick(r, good) : pick(r, bad));

function randomRow(r: Rand): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: either(r, [1, 2, 2 ** 40], [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', 2 ** 60]),
    title: either(r, ['a', 'exactly 10', ''], ['eleven char', 5, null]),
    state: either(r, ['draft', 'active'], ['closed', undefined]),
    kind: either(r, ['defect'], ['requirement']),
    due: either(r, [null, new Date(0), '2026-01-01'], [new Date(Number.NaN), 7, undefined]),
    tags: either(r, [[], ['a'], ['a', 'b', 'c']], [['a', 'b', 'c', 'd'], [1], 'a']),
    level: either(r, [0, 5, null, 2.5], [6, -1]),
    extra: pick(r, [undefined, null, { nested: new Date(0) }, [1, 'x'], 'text']),
    labels: either(r, [{}, { a: 1 }, { a: undefined }], [{ a: 'x' }, []]),
    fixed: either(r, [true, false], [0, 'true']),
  };
  if (r() < 0.5) row.note = either(r, ['n', undefined], [3]);
  if (r() < 0.2) row.email = either(r, ['a@b.org'], ['not mail']);
  // A key the schema does not name: zod strips it, so the value cannot go out as it is.
  if (r() < 0.1) row.password = 'secret';
  if (r() < 0.05) delete row[pick(r, Object.keys(row))];
  return row;
}

describe('the answer serializer', () => {
  it('judges random answers as zod encodes them (seeded; a failure names its seed)', () => {
    const seed = 20261130;
    const r = rng(seed);
    const counts = { [REFUSED]: 0, [CHANGED]: 0, [SAME]: 0 };
    for (let i = 0; i < 3000; i++) {
      const value = { code: 200, msg: 'ok', rows: Array.from({ length: 1 + Math.floor(r() * 3) }, () => randomRow(r)), total: 3 };
      if (!agrees(Answer, value)) throw new Error(`seed ${seed}, case ${i}: judge ${encodeFit(Answer, value)} for ${JSON.stringify(value)}`);
      counts[encodeFit(Answer, value)]++;
    }
    // Every outcome was met, so the comparison above covered each.
    expect(counts[REFUSED]).toBeGreaterThan(100);
    expect(counts[CHANGED]).toBeGreaterThan(10);
    expect(counts[SAME]).toBeGreaterThan(10);
  });

  it('takes the first union option that accepts, as zod does, and leaves kinds it does not know to zod', () => {
    const Loose = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);
    // The first option strips b: not the same.
    expect(encodeFit(Loose, { a: 'x', b: 1 })).toBe(CHANGED);
    expect(agrees(Loose, { a: 'x', b: 1 })).toBe(true);
    const Defaulted = z.object({ n: z.number().default(3), t: z.tuple([z.string(), z.number()]) });
    for (const value of [{ t: ['a', 1] }, { n: 1, t: ['a', 1] }, { n: 'x', t: ['a', 1] }, { n: 1, t: ['a', 'b'] }]) expect(agrees(Defaulted, value)).toBe(true);
    const Refined = z.object({ a: z.number() }).refine((o) => o.a > 1);
    expect(encodeFit(Refined, { a: 1 })).toBe(REFUSED);
    expect(encodeFit(Refined, { a: 2 })).not.toBe(REFUSED);
    const Passthrough = z.object({ a: z.number() }).passthrough();
    expect(agrees(Passthrough, { a: 1, b: 2 })).toBe(true);
  });

  it('never sends a key the schema does not name, and answers a value zod refuses with its error', () => {
    const write = answerSerializer(({ schema }: { schema: z.ZodType; method: string; url: string }) => (data: unknown) => {
      const text = zodText(schema, data);
      if (text === undefined) throw new Error('refused by zod');
      return text;
    })({ schema: rowsOf(z.object({ userName: z.string() })), method: 'GET', url: '/x' });
    const text = write({ code: 200, msg: 'ok', rows: [{ userName: 'admin', password: 'secret' }], total: 1 });
    expect(JSON.parse(text)).toEqual({ code: 200, msg: 'ok', rows: [{ userName: 'admin' }], total: 1 });
    expect(() => write({ code: 200, msg: 'ok', rows: [{ userName: 3 }], total: 1 })).toThrow('refused by zod');
  });

  it('writes a page of work items as it is: the list rows are built to their schema', () => {
    const row = {
      workItemId: 1,
      projectId: 2,
      projectTitle: 'P',
      workItemType: 'defect',
      title: 'gear torque',
      priority: 2,
      status: 'resolved',
      severity: 3,
      releaseId: null,
      releaseTitle: '',
      version: '',
      due: null,
      deadline: null,
      estimate: 0,
      parentId: null,
      parentTitle: '',
      progress: 0,
      archived: false,
      confidential: false,
      module: 'gear',
      ownerId: null,
      ownerName: '',
      assigneeId: 1,
      assigneeName: 'Admin',
      resolution: '',
      closeReason: '',
      childCount: 0,
      rowVersion: 1,
      createBy: 'admin',
      createTime: new Date(0),
      updateTime: null,
      myLevel: 'write',
      actions: ['close', 'reactivate'],
    };
    const page = { code: 200, msg: 'ok', rows: [row, row], total: 2 };
    expect(encodeFit(rowsOf(WorkItemListRow), page)).toBe(SAME);
    expect(agrees(rowsOf(WorkItemListRow), page)).toBe(true);
  });
});
