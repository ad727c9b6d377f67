import type { Db } from './client';

const built = new WeakMap<Db, Map<unknown, unknown>>();

/**
 * A statement built by `build` once per database handle and kept: drizzle's query builder costs
 * more CPU than the database's own work for the small reads every request makes (an access check,
 * a library row, an index row), so those are built once as prepared statements (`.prepare(name)`
 * with `sql.placeholder`s) and only executed with new values after that.
 */
export function preparedOn<T>(db: Db, build: (db: Db) => T): T {
  let forDb = built.get(db);
  if (!forDb) {
    forDb = new Map();
    built.set(db, forDb);
  }
  let statement = forDb.get(build) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    forDb.set(build, statement);
  }
  return statement;
}
