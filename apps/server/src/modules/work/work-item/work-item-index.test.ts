import {
  type Condition,
  type ConditionQuery,
  OPERATORS_BY_KIND,
  operatorArity,
  QUERY_FIELDS,
  type QueryField,
} from '@ccms/contracts/work/work-item-conditions';
import { CLOSE_REASONS, RESOLUTIONS, WORK_ITEM_STATES } from '@ccms/contracts/work/work-item-states';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { pick, type Rand, rng } from '../../../../test/seeded-random';
import { ccmsProject, ccmsProjectGrant, ccmsProjectMember, ccmsRelease, sysUser, ccmsWorkItem as w } from '../../../db/schema';
import type { GrantCaller } from '../../../platform/auth/grants';
import { accessParams, levelFromRow } from '../project/project-access';
import { conditionsSql } from './work-item.conditions';
import { pageItems, SORTABLE } from './work-item.queries';
import { type WorkItemIndex, workItemIndex } from './work-item-index';
import { makeProject } from './work-item-test-kit';

// The index answers exactly what SQL answers: random conditions over random items, compared
// row for row (order, total, content), before and after writes on this node and on another.

const maybe = <T>(r: Rand, p: number, value: () => T): T | null => (r() < p ? value() : null);

const SEED = 33;
/** The seeded administrator's placeholders for the access columns the index's rows carry. */
const ADMIN = { userId: 1, roleIds: [1] };
const WORDS = ['Torque', 'torque', 'WIRING', 'gear', 'Gear box', '100%', 'a_b', 'back\\slash', 'Éclair', 'éclair', 'straße', '中文', '扭矩', 'İzmir', '', ' '];
const TEXT_VALUES = ['torque', 'TORQUE', 'gear', 'ear', '%', '_', '\\', 'é', 'É', 'ß', '中', 'i', 'İ', '', 'x'];
const TEXT_FIELDS = ['version', 'module', 'os', 'feature', 'size', 'businessValue', 'platform', 'source', 'frequency', 'versionReport', 'versionFix'];
const day = (r: Rand) => `2031-0${1 + Math.floor(r() * 3)}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
const stamp = (r: Rand) => new Date(Date.UTC(2031, Math.floor(r() * 3), 1 + Math.floor(r() * 28), Math.floor(r() * 24), Math.floor(r() * 60)));

function randomItem(r: Rand, projectId: number): typeof w.$inferInsert {
  const type = r() < 0.5 ? 'requirement' : 'defect';
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, r() < 0.4 ? pick(r, WORDS) : '']));
  return {
    ...text,
    projectId,
    workItemType: type,
    title: `${pick(r, WORDS)} ${pick(r, WORDS)}`.slice(0, 200),
    status: pick(r, WORK_ITEM_STATES),
    priority: 1 + Math.floor(r() * 4),
    severity: 1 + Math.floor(r() * 4),
    progress: pick(r, [0, 50, 100]),
    estimate: pick(r, [0, 0.5, 1.25, 8, -0]),
    effort: pick(r, [0, 2, 2.5]),
    reactivateCount: Math.floor(r() * 2),
    assigneeId: maybe(r, 0.7, () => 1 + Math.floor(r() * 3)),
    ownerId: maybe(r, 0.5, () => 1 + Math.floor(r() * 3)),
    releaseId: maybe(r, 0.2, () => pick(r, [release, 7])),
    due: maybe(r, 0.5, () => day(r)),
    begin: maybe(r, 0.3, () => day(r)),
    resolved: maybe(r, 0.3, () => stamp(r)),
    updateTime: maybe(r, 0.5, () => stamp(r)),
    createTime: stamp(r),
    archived: r() < 0.2,
    confidential: r() < 0.2,
    resolution: r() < 0.3 ? pick(r, RESOLUTIONS) : '',
    closeReason: r() < 0.2 ? pick(r, CLOSE_REASONS) : '',
    description: r() < 0.5 ? pick(r, WORDS) : '',
    createBy: pick(r, ['admin', 'Alice']),
  };
}

function valueFor(r: Rand, field: QueryField): string | number | boolean {
  switch (QUERY_FIELDS[field]) {
    case 'number':
      return field === 'estimate' || field === 'effort' ? pick(r, [0, 0.5, 1.25, 2.5, 8]) : pick(r, [0, 1, 2, 3, 4, 50, 100, 7]);
    case 'user':
      return 1 + Math.floor(r() * 4);
    case 'date':
      return day(r);
    case 'bool':
      return r() < 0.5;
    case 'enum':
      if (field === 'status') return pick(r, WORK_ITEM_STATES);
      if (field === 'workItemType') return pick(r, ['requirement', 'defect']);
      return pick(r, ['', ...(field === 'resolution' ? RESOLUTIONS : CLOSE_REASONS)]);
    default:
      return pick(r, TEXT_VALUES);
  }
}

function randomCondition(r: Rand): Condition {
  const field = pick(r, Object.keys(QUERY_FIELDS) as QueryField[]);
  const operator = pick(r, OPERATORS_BY_KIND[QUERY_FIELDS[field]]);
  const arity = operatorArity(operator);
  if (arity === 'none') return { field, operator };
  if (arity === 'one') return { field, operator, value: valueFor(r, field) };
  const values = Array.from({ length: arity === 'pair' ? 2 : 1 + Math.floor(r() * 3) }, () => valueFor(r, field) as string | number);
  if (arity === 'pair') values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { field, operator, value: values };
}

function randomQuery(r: Rand, projectId: number): ConditionQuery {
  const sorts = Object.keys(SORTABLE);
  return {
    projectId,
    conditions: Array.from({ length: Math.floor(r() * 4) }, () => randomCondition(r)),
    logic: r() < 0.7 ? 'and' : 'or',
    workItemType: r() < 0.3 ? pick(r, ['requirement', 'defect'] as const) : undefined,
    orderByColumn: r() < 0.8 ? pick(r, sorts) : undefined,
    isAsc: pick(r, ['asc', 'desc', 'ascending', 'descending'] as const),
    pageNum: 1 + Math.floor(r() * 3),
    pageSize: pick(r, [1, 5, 20, 50]),
  };
}

/** The first page of one project's items whose title contains `value`. */
const titleContains = (projectId: number, value: string): ConditionQuery => ({
  projectId,
  conditions: [{ field: 'title', operator: 'contains', value }],
  logic: 'and',
  pageNum: 1,
  pageSize: 20,
});

let t: TestApp;
let index: WorkItemIndex;
let project: number;
let other: number;
let release: number;

/** The SQL answer, as the service builds it for one project. */
function sqlAnswer(q: ConditionQuery) {
  const where = and(
    eq(w.projectId, q.projectId as number),
    q.workItemType ? eq(w.workItemType, q.workItemType) : undefined,
    conditionsSql(q.conditions, q.logic),
  );
  return pageItems(t.database.db, where, q);
}

/** Runs `count` random queries; each the index answers must equal SQL's. Answers how many it answered. */
async function compare(r: Rand, count: number, on: WorkItemIndex = index): Promise<number> {
  let answered = 0;
  for (let i = 0; i < count; i++) {
    const q = randomQuery(r, project);
    const fromIndex = await on.page(project, q, ADMIN);
    if (!fromIndex) continue;
    answered++;
    const fromSql = await sqlAnswer(q);
    expect({ q, total: fromIndex.total, ids: fromIndex.rows.map((row) => row.workItemId) }).toEqual({
      q,
      total: fromSql.total,
      ids: fromSql.rows.map((row) => row.workItemId),
    });
    expect(fromIndex.rows.map(({ access: _a, ...row }) => row)).toEqual(fromSql.rows.map(({ total: _t, ...row }) => row));
  }
  return answered;
}

beforeAll(async () => {
  t = await createTestApp();
  project = await makeProject(t, 'Index project');
  other = await makeProject(t, 'Index other');
  const [made] = await t.database.db.insert(ccmsRelease).values({ projectId: project, title: 'Release of the index' }).returning({ id: ccmsRelease.releaseId });
  release = made?.id ?? 0;
  const r = rng(SEED);
  const rows = [...Array.from({ length: 300 }, () => randomItem(r, project)), ...Array.from({ length: 50 }, () => randomItem(r, other))];
  await t.database.db.insert(w).values(rows);
  // Requirements under requirements of the same project (titles and child counts), none of them deleted below.
  await t.database.db.execute(sql`UPDATE ccms_work_item c SET parent_id = (
      SELECT max(p.work_item_id) FROM ccms_work_item p
      WHERE p.project_id = c.project_id AND p.work_item_type = 'requirement' AND p.work_item_id < c.work_item_id AND p.work_item_id % 13 <> 0)
    WHERE c.work_item_type = 'requirement' AND c.work_item_id % 3 = 0`);
  // Microseconds the JavaScript Date cannot hold, and a few deleted items.
  await t.database.db.execute(sql`UPDATE ccms_work_item SET create_time = create_time + (work_item_id % 7) * interval '1 microsecond'`);
  await t.database.db.execute(sql`UPDATE ccms_work_item SET del_flag = '1' WHERE work_item_id % 13 = 0`);
  index = await workItemIndex(t.database);
});
afterAll(async () => {
  await index.close();
  await t.close();
});

describe('work item condition index', () => {
  it(`answers random conditions exactly as SQL does (seed ${SEED})`, async () => {
    expect(await index.warm(project)).toBe(true);
    const answered = await compare(rng(SEED + 1), 150);
    // Most random queries are ones it answers (the rest name the description or are left to SQL).
    expect(answered).toBeGreaterThan(90);
  });

  it('loads every project with items at once (the server start), holding only live items', async () => {
    const fresh = await workItemIndex(t.database);
    try {
      // Other test files' projects may share this database: at least these two, and every live item of them.
      expect(await fresh.warmAll()).toBeGreaterThanOrEqual(2);
      const result = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ccms_work_item WHERE del_flag = '0'`);
      expect(fresh.size()).toBe(Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n));
    } finally {
      await fresh.close();
    }
  });

  it("reads the page's rows with what decides the caller's level: grants to the user or a role, membership, a public project, deletion", async () => {
    const q: ConditionQuery = { projectId: other, conditions: [], logic: 'and', pageNum: 1, pageSize: 5 };
    const stranger = { userId: 990_001, roles: [{ roleId: 990_002, roleKey: 'stranger' }], isAdmin: false } as GrantCaller;
    const access = async () => (await index.page(other, q, accessParams(stranger)))?.access;
    expect(levelFromRow(stranger, await access())).toBeNull();
    await t.database.db.insert(ccmsProjectGrant).values({ projectId: other, granteeType: 'role', granteeId: 990_002, level: 'read' });
    expect(levelFromRow(stranger, await access())).toBe('read');
    await t.database.db.insert(ccmsProjectMember).values({ projectId: other, userId: 990_001 });
    expect(levelFromRow(stranger, await access())).toBe('write');
    await t.database.db.insert(ccmsProjectGrant).values({ projectId: other, granteeType: 'user', granteeId: 990_001, level: 'owner' });
    expect(levelFromRow(stranger, await access())).toBe('owner');
    await t.database.db.delete(ccmsProjectGrant).where(eq(ccmsProjectGrant.projectId, other));
    await t.database.db.delete(ccmsProjectMember).where(eq(ccmsProjectMember.projectId, other));
    await t.database.db.update(ccmsProject).set({ isPublic: true }).where(eq(ccmsProject.projectId, other));
    expect(levelFromRow(stranger, await access())).toBe('read');
    await t.database.db.update(ccmsProject).set({ delFlag: '1' }).where(eq(ccmsProject.projectId, other));
    expect(levelFromRow(stranger, await access())).toBeNull();
    expect(levelFromRow({ ...stranger, isAdmin: true }, await access())).toBeNull();
    await t.database.db.update(ccmsProject).set({ delFlag: '0', isPublic: false }).where(eq(ccmsProject.projectId, other));
    expect(levelFromRow(stranger, await access())).toBeNull();
  });

  it('leaves to SQL what it cannot answer exactly', async () => {
    const base = { projectId: project, logic: 'and', pageNum: 1, pageSize: 20 } as const;
    const unanswered: Condition[] = [
      { field: 'description', operator: 'contains', value: 'torque' },
      { field: 'title', operator: 'contains', value: 'É' },
      { field: 'due', operator: 'eq', value: '2031-02-30' },
    ];
    for (const c of unanswered) expect(await index.page(project, { ...base, conditions: [c] }, ADMIN)).toBeUndefined();
    expect(await index.page(project, { ...base, conditions: [{ field: 'title', operator: 'contains', value: '中' }] }, ADMIN)).toBeDefined();
  });

  it('stays exact through writes on this node (by id) and reloads', async () => {
    const r = rng(SEED + 2);
    for (let round = 0; round < 4; round++) {
      await index.write(async (tx, touch) => {
        const ids = (
          await tx
            .select({ id: w.workItemId })
            .from(w)
            .where(and(eq(w.projectId, project), eq(w.delFlag, '0')))
        ).map((x) => x.id);
        const some = Array.from({ length: 5 }, () => pick(r, ids));
        await tx
          .update(w)
          .set({ status: pick(r, WORK_ITEM_STATES), priority: 1 + Math.floor(r() * 4), title: `${pick(r, WORDS)} ${round}` })
          .where(inArray(w.workItemId, some.slice(0, 3)));
        await tx
          .update(w)
          .set({ delFlag: '1' })
          .where(eq(w.workItemId, some[3] as number));
        const [created] = await tx.insert(w).values(randomItem(r, project)).returning({ id: w.workItemId });
        touch(project, [...some, created?.id ?? 0]);
      });
      await compare(r, 20);
    }
  });

  it('shows the titles and names of other tables as they are now, and child counts through writes', async () => {
    const q: ConditionQuery = { projectId: project, conditions: [], logic: 'and', orderByColumn: 'workItemId', isAsc: 'desc', pageNum: 1, pageSize: 50 };
    const [parent] = await t.database.db
      .insert(w)
      .values({ ...randomItem(rng(SEED + 5), project), workItemType: 'requirement', title: 'Parent of the index', releaseId: release, assigneeId: 1 })
      .returning({ id: w.workItemId });
    index.changed(project, [parent?.id ?? 0]);
    await t.database.db.update(ccmsProject).set({ title: 'Index project renamed' }).where(eq(ccmsProject.projectId, project));
    await t.database.db.update(ccmsRelease).set({ title: 'Release renamed' }).where(eq(ccmsRelease.releaseId, release));
    await t.database.db.update(sysUser).set({ nickName: 'Admin renamed' }).where(eq(sysUser.userId, 1));
    const rowOf = async (id: number) => (await index.page(project, q, ADMIN))?.rows.find((row) => row.workItemId === id);
    expect(await rowOf(parent?.id ?? 0)).toMatchObject({
      projectTitle: 'Index project renamed',
      releaseTitle: 'Release renamed',
      assigneeName: 'Admin renamed',
      childCount: 0,
    });
    const child = await index.write(async (tx, touch) => {
      const [made] = await tx
        .insert(w)
        .values({ ...randomItem(rng(SEED + 6), project), workItemType: 'requirement', parentId: parent?.id, title: 'Child of the index' })
        .returning({ id: w.workItemId });
      touch(project, [made?.id ?? 0]);
      return made?.id ?? 0;
    });
    expect(await rowOf(parent?.id ?? 0)).toMatchObject({ childCount: 1 });
    expect(await rowOf(child)).toMatchObject({ parentId: parent?.id, parentTitle: 'Parent of the index' });
    await index.write(async (tx, touch) => {
      await tx
        .update(w)
        .set({ title: 'Parent retitled' })
        .where(eq(w.workItemId, parent?.id ?? 0));
      touch(project, [parent?.id ?? 0]);
    });
    expect(await rowOf(child)).toMatchObject({ parentTitle: 'Parent retitled' });
    expect(await compare(rng(SEED + 7), 30)).toBeGreaterThan(10);
  });

  it('hears writes made outside the app (a script, psql) through the table’s triggers', async () => {
    const q = titleContains(other, 'outside the app');
    const total = async () => (await index.page(other, q, ADMIN))?.total;
    expect(await total()).toBe(0);
    await t.database.db.execute(sql`UPDATE ccms_work_item SET title = 'Written outside the app' WHERE work_item_id = (
      SELECT min(work_item_id) FROM ccms_work_item WHERE project_id = ${other} AND del_flag = '0')`);
    await vi.waitFor(async () => expect(await total()).toBe(1));
    await t.database.db.execute(sql`UPDATE ccms_work_item SET del_flag = '1' WHERE title = 'Written outside the app'`);
    await vi.waitFor(async () => expect(await total()).toBe(0));
    expect(await compare(rng(SEED + 8), 20)).toBeGreaterThan(0);
  });

  it('hears another node’s writes through NOTIFY', async () => {
    const second = await workItemIndex(t.database);
    try {
      expect(await index.warm(project)).toBe(true);
      await second.write(async (tx, touch) => {
        const [created] = await tx
          .insert(w)
          .values({ ...randomItem(rng(SEED + 3), project), title: 'Torque from the other node', priority: 1 })
          .returning({ id: w.workItemId });
        touch(project, [created?.id ?? 0]);
      });
      const q = titleContains(project, 'other node');
      await vi.waitFor(async () => expect((await index.page(project, q, ADMIN))?.total).toBe(1));
      expect(await compare(rng(SEED + 4), 20)).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
