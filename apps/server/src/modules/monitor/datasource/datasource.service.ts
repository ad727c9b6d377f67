import { DATASOURCE_TOP, type DatasourceInfo, type StatementFigures } from '@ccms/contracts/monitor/datasource';
import type { Database } from '../../../db/client';
import { databaseFigures, hasStatStatements, largestTables, sessionsByState, statStatements } from './datasource.queries';

/** Milliseconds to three decimals: enough to tell statements apart, short on the wire. */
const ms = (n: number) => Math.round(n * 1000) / 1000;

const figures = (s: { text: string; calls: number; totalMs: number; meanMs: number; maxMs: number }): StatementFigures => ({
  text: s.text,
  calls: Number(s.calls),
  totalMs: ms(Number(s.totalMs)),
  meanMs: ms(Number(s.meanMs)),
  maxMs: ms(Number(s.maxMs)),
});

/** The datasource monitor (RuoYi's Druid page) over the database the server runs on. */
export function datasourceService(database: Database) {
  const db = database.db;

  /** pg_stat_statements when it answers (installed and preloaded), else the server's own timings. */
  async function statements(): Promise<DatasourceInfo['statements']> {
    if (database.kind === 'postgres' && (await hasStatStatements(db))) {
      try {
        const [slowest, frequent] = [await statStatements(db, 'mean', DATASOURCE_TOP), await statStatements(db, 'calls', DATASOURCE_TOP)];
        return { source: 'pg_stat_statements', since: null, slowest: slowest.map(figures), frequent: frequent.map(figures) };
      } catch {
        // Installed but not in shared_preload_libraries: the view refuses to answer.
      }
    }
    const { timings } = database;
    return {
      source: 'server',
      since: timings.since.toISOString(),
      slowest: timings.top('meanMs', DATASOURCE_TOP).map(figures),
      frequent: timings.top('calls', DATASOURCE_TOP).map(figures),
    };
  }

  return {
    async info(): Promise<DatasourceInfo> {
      const facts = await databaseFigures(db);
      const pool = database.pool?.() ?? { max: 1, total: 1, idle: 0, waiting: 0 };
      let connections: DatasourceInfo['connections'];
      if (database.kind === 'pglite') {
        // One embedded connection, busy answering this request.
        connections = { active: 1, idle: 0, idleInTransaction: 0, total: 1, max: 1 };
      } else {
        const states = await sessionsByState(db);
        const n = (state: string) => states.filter((s) => s.state === state).reduce((sum, s) => sum + s.n, 0);
        connections = {
          active: n('active'),
          idle: n('idle'),
          idleInTransaction: n('idle in transaction') + n('idle in transaction (aborted)'),
          total: states.reduce((sum, s) => sum + s.n, 0),
          max: facts?.maxConnections ?? null,
        };
      }
      return {
        database: {
          kind: database.kind,
          version: facts?.version ?? '',
          name: facts?.name ?? '',
          size: Number(facts?.size ?? 0),
          startedAt: database.kind === 'postgres' ? (facts?.startedAt ?? null) : null,
        },
        pool: { ...pool, inUse: pool.total - pool.idle },
        connections,
        statements: await statements(),
        tables: (await largestTables(db, DATASOURCE_TOP)).map((t) => ({ name: t.name, totalBytes: Number(t.totalBytes), rows: Number(t.rows) })),
      };
    },
  };
}
