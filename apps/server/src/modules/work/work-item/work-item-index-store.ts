import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * The live work items of one project held in memory by column, for the condition query's index
 * (work-item-index.ts). Values come from PostgreSQL already in the form the index compares: numbers
 * (NaN for NULL), dates as day numbers, timestamps as epoch microseconds, text with its lower() as
 * the database computes it (what ILIKE compares), and the rank of each title and status in the
 * database's own collation, so sorting needs no collation in JavaScript.
 */

/** Number columns: integers, doubles, dates (days since 1970-01-01) and timestamps (epoch µs). */
export const NUMBER_FIELDS = {
  workItemId: 'work_item_id',
  priority: 'priority',
  severity: 'severity',
  releaseId: 'release_id',
  iterationId: 'iteration_id',
  parentId: 'parent_id',
  estimate: 'estimate',
  progress: 'progress',
  effort: 'effort',
  reactivateCount: 'reactivate_count',
  rowVersion: 'row_version',
  ownerId: 'owner_id',
  assigneeId: 'assignee_id',
  auditorId: 'auditor_id',
  confirmerId: 'confirmer_id',
  fixerId: 'fixer_id',
  closerId: 'closer_id',
  begin: "(begin - date '1970-01-01')",
  due: "(due - date '1970-01-01')",
  deadline: "(deadline - date '1970-01-01')",
  resolved: '(extract(epoch from resolved) * 1000000)::float8',
  closed: '(extract(epoch from closed) * 1000000)::float8',
  createTime: '(extract(epoch from create_time) * 1000000)::float8',
  updateTime: '(extract(epoch from update_time) * 1000000)::float8',
} as const;
export type NumberField = keyof typeof NUMBER_FIELDS;

/** Text columns (all NOT NULL), each with its lower() when that differs. */
export const TEXT_FIELDS = {
  title: 'title',
  workItemType: 'work_item_type',
  status: 'status',
  version: 'version',
  module: 'module',
  feature: 'feature',
  size: 'size',
  businessValue: 'business_value',
  resolution: 'resolution',
  closeReason: 'close_reason',
  os: 'os',
  platform: 'platform',
  source: 'source',
  frequency: 'frequency',
  versionReport: 'version_report',
  versionFix: 'version_fix',
  createBy: 'create_by',
} as const;
export type TextField = keyof typeof TEXT_FIELDS;

export const BOOL_FIELDS = { archived: 'archived', confidential: 'confidential' } as const;
export type BoolField = keyof typeof BOOL_FIELDS;

/** Text columns a sort may name; their order is the database's collation, taken as ranks at load. */
export const RANKED_FIELDS = ['title', 'status'] as const satisfies readonly TextField[];
type RankedField = (typeof RANKED_FIELDS)[number];

/** Doubles: a NaN in them would compare as PostgreSQL's NaN does, which the index does not copy. */
const DOUBLE_FIELDS: ReadonlySet<string> = new Set<NumberField>(['estimate', 'effort']);
const RANKED: ReadonlySet<string> = new Set<string>(RANKED_FIELDS);
const NUMBER_KEYS = Object.keys(NUMBER_FIELDS) as NumberField[];
const TEXT_KEYS = Object.keys(TEXT_FIELDS) as TextField[];
const BOOL_KEYS = Object.keys(BOOL_FIELDS) as BoolField[];

type Row = Record<string, unknown>;

const columnsSql = [
  ...Object.entries(NUMBER_FIELDS).map(([f, c]) => `${c} AS "${f}"`),
  ...Object.entries(TEXT_FIELDS).map(([f, c]) => `${c} AS "${f}", nullif(lower(${c}), ${c}) AS "${f}$lower"`),
  ...Object.entries(BOOL_FIELDS).map(([f, c]) => `${c} AS "${f}"`),
].join(', ');

/** One project's live items, with the rank of each ranked column (static SQL: no input reaches the text). */
export async function loadProjectRows(db: Db, projectId: number): Promise<Row[]> {
  const ranks = RANKED_FIELDS.map((f) => `dense_rank() OVER (ORDER BY ${TEXT_FIELDS[f]}) AS "${f}$rank"`).join(', ');
  const result = await db.execute(sql`SELECT ${sql.raw(`${columnsSql}, ${ranks}`)} FROM ccms_work_item WHERE project_id = ${projectId} AND del_flag = '0'`);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The items by id as they are now, deleted or not, with their project. */
export async function loadItemRows(db: Db, ids: number[]): Promise<Row[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`SELECT ${sql.raw(columnsSql)}, project_id AS "projectId", del_flag AS "delFlag" FROM ccms_work_item WHERE work_item_id IN (${list})`,
  );
  return (result as unknown as { rows: Row[] }).rows;
}

/** Distinct values of a text column: codes, the values, their lower() where it differs, and ranks. */
export class Dictionary {
  readonly codes = new Map<string, number>();
  readonly values: string[] = [];
  readonly lower: (string | undefined)[] = [];
  readonly rank: number[] = [];

  code(value: string, lower: string | undefined, rank: number): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
      this.lower.push(lower ?? undefined);
      this.rank.push(rank);
    }
    return code;
  }
}

const num = (v: unknown) => (v === null || v === undefined ? Number.NaN : Number(v));

/** One project's live items by column; slots of removed items are reused. */
export class ProjectRows {
  capacity = 0;
  /** Slots in use or freed, from 0. */
  size = 0;
  alive = new Uint8Array(0);
  readonly numbers = {} as Record<NumberField, Float64Array>;
  readonly texts = {} as Record<TextField, Int32Array>;
  readonly bools = {} as Record<BoolField, Uint8Array>;
  readonly dicts = {} as Record<TextField, Dictionary>;
  readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  /** Ranked columns holding a value that came after the load (its rank unknown). */
  readonly unranked = new Set<RankedField>();
  /** A double holds NaN: the index leaves this project to SQL until it is loaded again. */
  hasNaN = false;
  /** Sort keys by column, made on first use and dropped on any change. */
  readonly sortKeys = new Map<string, Float64Array>();
  /** Which values of a text column contain a pattern, by column and pattern; dropped on any change. */
  readonly containing = new Map<string, Uint8Array>();
  /** Live children by parent id, counted on first use and dropped on any change. */
  private children?: Map<number, number>;

  constructor(rows: Row[]) {
    for (const f of Object.keys(TEXT_FIELDS) as TextField[]) this.dicts[f] = new Dictionary();
    this.grow(Math.max(16, rows.length));
    for (const row of rows) this.put(row, true);
  }

  get count() {
    return this.slotOf.size;
  }

  private grow(capacity: number) {
    const copy = <T extends Float64Array | Int32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    for (const f of Object.keys(NUMBER_FIELDS) as NumberField[]) this.numbers[f] = copy(this.numbers[f] ?? new Float64Array(0), (n) => new Float64Array(n));
    for (const f of Object.keys(TEXT_FIELDS) as TextField[]) this.texts[f] = copy(this.texts[f] ?? new Int32Array(0), (n) => new Int32Array(n));
    for (const f of Object.keys(BOOL_FIELDS) as BoolField[]) this.bools[f] = copy(this.bools[f] ?? new Uint8Array(0), (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /** Writes a row into its slot (a new one for a new id); `loaded` rows carry their ranks. */
  private put(row: Row, loaded: boolean) {
    const id = Number(row.workItemId);
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.size++;
      if (slot >= this.capacity) this.grow(this.capacity * 2);
      this.slotOf.set(id, slot);
    }
    this.alive[slot] = 1;
    for (const f of NUMBER_KEYS) {
      const v = num(row[f]);
      if (Number.isNaN(v) && DOUBLE_FIELDS.has(f)) this.hasNaN = true;
      this.numbers[f][slot] = v;
    }
    for (const f of TEXT_KEYS) {
      const value = String(row[f] ?? '');
      const lower = row[`${f}$lower`];
      const dict = this.dicts[f];
      const known = dict.codes.get(value);
      const rank = loaded && RANKED.has(f) ? num(row[`${f}$rank`]) : Number.NaN;
      if (known === undefined && !loaded && RANKED.has(f)) this.unranked.add(f as RankedField);
      this.texts[f][slot] = known ?? dict.code(value, typeof lower === 'string' ? lower : undefined, rank);
    }
    for (const f of BOOL_KEYS) this.bools[f][slot] = row[f] === true ? 1 : 0;
  }

  private remove(id: number) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.free.push(slot);
  }

  /** Brings the named items up to date from their rows as read after the change. */
  apply(projectId: number, ids: number[], rows: Row[]) {
    this.sortKeys.clear();
    this.containing.clear();
    this.children = undefined;
    const byId = new Map(rows.map((r) => [Number(r.workItemId), r]));
    for (const id of ids) {
      const row = byId.get(id);
      if (row && Number(row.projectId) === projectId && row.delFlag === '0') this.put(row, false);
      else this.remove(id);
    }
  }

  /** How many live items of the project name `parentId` as their parent. */
  childCount(parentId: number): number {
    if (!this.children) {
      const counts = new Map<number, number>();
      const parents = this.numbers.parentId;
      for (let s = 0; s < this.size; s++) {
        const p = parents[s] as number;
        if (this.alive[s] && !Number.isNaN(p)) counts.set(p, (counts.get(p) ?? 0) + 1);
      }
      this.children = counts;
    }
    return this.children.get(parentId) ?? 0;
  }

  /** A value's code in a text column, or -1 when no item holds it. */
  codeOf(field: TextField, value: string): number {
    return this.dicts[field].codes.get(value) ?? -1;
  }
}
