import { randomBytes } from 'node:crypto';
import type { ConditionQuery } from '@ccms/contracts/work/work-item-conditions';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import type { Unlisten } from '../../../db/listen';
import { pageWindow, sortOf } from '../../../platform/http/paging';
import type { AccessParams, ProjectAccessRow } from '../project/project-access';
import { SORTABLE } from './work-item.queries';
import { compileQuery, type Folding } from './work-item-index-match';
import { pageOf } from './work-item-index-page';
import { type IndexRow, listRowsOf } from './work-item-index-rows';
import { loadItemRows, loadProjectRows, ProjectRows } from './work-item-index-store';

/**
 * The condition query answered from memory (issue 33: the work list at 100,000 items). Each
 * project's live items are loaded on its first query. Every change to work items, whoever makes it,
 * is told on a NOTIFY channel by the table's triggers (migration 0022) at its commit; every write
 * this node makes through `write` also names the items it changed, which marks them at once after
 * the commit. Before answering, a project's marked items are read again by id (or the whole project
 * when there are many, or when a notification may have been missed), so a query never answers from
 * rows older than a write this node has acknowledged. The page's rows are made from the index's
 * columns, with what they show from other tables read by primary key (work-item-index-rows.ts);
 * conditions, sorts or states the index cannot answer exactly go to SQL (`page` answers undefined).
 */

/**
 * The NOTIFY channel of work item changes (named in migration 0022's trigger): a payload is
 * "node|projectId|id,id,...", "node|projectId|*" or "node|*|*"; node is empty for a write made
 * outside the app's `write`.
 */
export const CHANGES_CHANNEL = 'ccms_work_item_changes';

/** More marked items than this reload the whole project rather than each by id. */
const BY_ID_MAX = 500;
/** Refreshes a query waits through before leaving a busy project to SQL. */
const ROUNDS = 4;

interface ProjectState {
  rows?: ProjectRows;
  /** Items changed since `rows` was read. */
  dirty: Set<number>;
  /** Read the whole project again (first use, a missed notification, many changes). */
  reload: boolean;
  busy?: Promise<void>;
}

/** A page of list rows, with the caller's access to the project when there are rows. */
export interface IndexPage {
  rows: IndexRow[];
  total: number;
  /** What decides the caller's level on the project; undefined when the page is empty. */
  access?: ProjectAccessRow;
}

/** Names the items a write changed: (project, ids) pairs gathered until its commit. */
export type Touch = (projectId: number, ids: number[]) => void;

export interface WorkItemIndex {
  /**
   * A page of the condition query from memory, or undefined when SQL must answer it. Its rows come
   * with what decides the caller's level on the project (`access` of the placeholders
   * `caller`, project-access.ts): when there are rows, the caller's access check costs no round
   * trip of its own.
   */
  page(projectId: number, q: ConditionQuery, caller: AccessParams): Promise<IndexPage | undefined>;
  /** Runs a transaction that writes work items; `touch` names what it changed. */
  write<T>(run: (tx: Tx, touch: Touch) => Promise<T>): Promise<T>;
  /** Marks items changed (after a commit); `ids` 'all' reloads the project. */
  changed(projectId: number, ids: number[] | 'all'): void;
  /** Loads a project now (tests, benchmarks); false when it cannot be indexed. */
  warm(projectId: number): Promise<boolean>;
  /** Loads every project that has items, one after another (the server's start); answers how many were loaded. */
  warmAll(): Promise<number>;
  /** Items held in memory. */
  size(): number;
  close(): Promise<void>;
}

export async function workItemIndex(database: Database): Promise<WorkItemIndex> {
  const { db } = database;
  const node = randomBytes(6).toString('hex');
  const projects = new Map<number, ProjectState>();
  let folding: Promise<Folding> | undefined;
  /** Hearing the other nodes: until LISTEN holds, every answer comes from SQL. */
  let listening = false;
  let closed = false;

  const stateOf = (projectId: number) => {
    let s = projects.get(projectId);
    if (!s) {
      s = { dirty: new Set(), reload: true };
      projects.set(projectId, s);
    }
    return s;
  };

  function changed(projectId: number | 'all', ids: number[] | 'all') {
    if (projectId === 'all') {
      for (const s of projects.values()) s.reload = true;
      return;
    }
    const s = projects.get(projectId);
    if (!s) return;
    if (ids === 'all') s.reload = true;
    else for (const id of ids) s.dirty.add(id);
  }

  function message(payload: string) {
    const [from, project, ids] = payload.split('|');
    if (from === node || !project || ids === undefined) return;
    changed(project === '*' ? 'all' : Number(project), ids === '*' ? 'all' : ids.split(',').map(Number));
  }

  const unlisten: Unlisten = await database.listen(CHANGES_CHANNEL, {
    message,
    ready(up) {
      // Messages sent while not listening are lost: every project is read again.
      for (const s of projects.values()) s.reload = true;
      listening = up;
    },
  });

  /** lower() of printable ASCII in this database is JavaScript's ASCII lower case (a contains pattern's). */
  async function foldingOf(): Promise<Folding> {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const result = await db.execute(sql`SELECT lower(${ascii}) AS lowered, current_setting('server_encoding') AS encoding`);
    const [row] = (result as unknown as { rows: { lowered: string; encoding: string }[] }).rows;
    const expected = ascii.replace(/[A-Z]/g, (c) => c.toLowerCase());
    return { asciiLower: row?.lowered === expected && row.encoding === 'UTF8' };
  }

  async function refresh(projectId: number, s: ProjectState) {
    if (!s.rows || s.reload || s.dirty.size > BY_ID_MAX) {
      s.reload = false;
      s.dirty.clear();
      s.rows = undefined;
      s.rows = new ProjectRows(await loadProjectRows(db, projectId));
      return;
    }
    const ids = [...s.dirty];
    s.dirty.clear();
    s.rows.apply(projectId, ids, await loadItemRows(db, ids));
  }

  /** The project's rows with every change this node knows of, or undefined (busy, failed, not indexable). */
  async function fresh(projectId: number): Promise<ProjectRows | undefined> {
    const s = stateOf(projectId);
    for (let round = 0; round < ROUNDS; round++) {
      if (s.busy) {
        await s.busy.catch(() => undefined);
        continue;
      }
      if (s.rows && !s.reload && s.dirty.size === 0) return s.rows.hasNaN ? undefined : s.rows;
      s.busy = refresh(projectId, s)
        .catch((err) => {
          s.reload = true;
          throw err;
        })
        .finally(() => {
          s.busy = undefined;
        });
      await s.busy.catch(() => undefined);
    }
    return undefined;
  }

  return {
    async page(projectId, q, caller) {
      if (!listening) return undefined;
      const names = Object.fromEntries(Object.keys(SORTABLE).map((k) => [k, k]));
      const sort = sortOf({ orderByColumn: q.orderByColumn, isAsc: q.isAsc }, names);
      folding ??= foldingOf().catch((err) => {
        folding = undefined;
        throw err;
      });
      const [rows, fold] = await Promise.all([fresh(projectId), folding.catch(() => undefined)]);
      if (!rows || !fold) return undefined;
      const test = compileQuery(rows, q, fold);
      const found = test && pageOf(rows, test, sort, pageWindow(q));
      if (!found) {
        // A title edited since the load has no rank yet: read the project again for the next sort.
        if (test && sort) stateOf(projectId).reload = true;
        return undefined;
      }
      if (found.ids.length === 0) return { rows: [], total: found.total };
      const pageRows = await listRowsOf(db, rows, projectId, found.ids, caller);
      const access = pageRows?.[0]?.access;
      return pageRows && access ? { rows: pageRows, total: found.total, access } : undefined;
    },

    async write(run) {
      const touched = new Map<number, Set<number>>();
      const touch: Touch = (projectId, ids) => {
        const set = touched.get(projectId) ?? new Set<number>();
        for (const id of ids) set.add(id);
        touched.set(projectId, set);
      };
      try {
        return await db.transaction(async (tx) => {
          // The triggers' notifications of this transaction name this node, which marks what it touched itself.
          await tx.execute(sql`SELECT set_config('ccms.node', ${node}, true)`);
          return run(tx, touch);
        });
      } finally {
        // After the commit, before the caller answers: this node's next query reads them again.
        for (const [projectId, ids] of touched) changed(projectId, [...ids]);
      }
    },

    changed,

    async warm(projectId) {
      return (await fresh(projectId)) !== undefined;
    },

    async warmAll() {
      const result = await db.execute(sql`SELECT DISTINCT project_id FROM ccms_work_item WHERE del_flag = '0' ORDER BY project_id`);
      let loaded = 0;
      for (const row of (result as unknown as { rows: { project_id: number }[] }).rows) {
        if (closed) break;
        if ((await fresh(Number(row.project_id))) !== undefined) loaded++;
      }
      return loaded;
    },

    size: () => [...projects.values()].reduce((n, s) => n + (s.rows?.count ?? 0), 0),

    async close() {
      closed = true;
      listening = false;
      projects.clear();
      await unlisten();
    },
  };
}
