import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** First key of pg_advisory_xact_lock(int, int): marks the lock as "a library's clone". */
const LOCK_NAMESPACE = 0x63636d73 & 0x7fffffff;

export type LibraryLock = (<T>(libraryId: number, fn: () => Promise<T>) => Promise<T>) & {
  /** Whether this process has a writer on the library now (holding or waiting for the lock). */
  busy(libraryId: number): boolean;
};

/**
 * One writer per library at a time: an in-process queue always (so one node never holds
 * several database connections for the same library), and on PostgreSQL also a transaction-scoped
 * advisory lock, so nodes sharing the database take turns too; it ends with the transaction even
 * if the process dies.
 */
export function libraryLock(database: Pick<Database, 'kind' | 'db'>): LibraryLock {
  const tails = new Map<number, Promise<unknown>>();
  const lock = async <T>(libraryId: number, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(libraryId) ?? Promise.resolve();
    const guarded = async () => {
      if (database.kind !== 'postgres') return fn();
      return database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${libraryId}::int)`);
        return fn();
      });
    };
    const next = previous.then(guarded, guarded);
    const tail = next.catch(() => undefined);
    tails.set(libraryId, tail);
    try {
      return await next;
    } finally {
      if (tails.get(libraryId) === tail) tails.delete(libraryId);
    }
  };
  return Object.assign(lock, { busy: (libraryId: number) => tails.has(libraryId) });
}
