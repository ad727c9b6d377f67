/** Most distinct statement texts kept; past it the least used half is dropped (bounds the memory). */
const MAX_TEXTS = 2_000;
/** Longest statement text kept, in characters. */
const MAX_TEXT = 2_000;

export interface StatementTiming {
  text: string;
  calls: number;
  /** Milliseconds, summed over the calls. */
  totalMs: number;
  maxMs: number;
  errors: number;
}

/**
 * The server's own statement timings, per statement text, for the datasource monitor when the
 * database has no pg_stat_statements (PGlite, or a PostgreSQL without the extension loaded).
 * Parameterised texts repeat exactly, so the text is the statement's identity.
 */
export class StatementTimings {
  private readonly byText = new Map<string, StatementTiming>();
  readonly since = new Date();

  record(text: string, ms: number, failed = false) {
    const key = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
    let t = this.byText.get(key);
    if (!t) {
      if (this.byText.size >= MAX_TEXTS) this.prune();
      t = { text: key, calls: 0, totalMs: 0, maxMs: 0, errors: 0 };
      this.byText.set(key, t);
    }
    t.calls += 1;
    t.totalMs += ms;
    if (ms > t.maxMs) t.maxMs = ms;
    if (failed) t.errors += 1;
  }

  /** Times a call that answers a promise. */
  async time<T>(text: string, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const result = await run();
      this.record(text, performance.now() - start);
      return result;
    } catch (err) {
      this.record(text, performance.now() - start, true);
      throw err;
    }
  }

  /** The `limit` statements with the greatest `by`. */
  top(by: 'meanMs' | 'maxMs' | 'calls' | 'totalMs', limit: number): (StatementTiming & { meanMs: number })[] {
    return [...this.byText.values()]
      .map((t) => ({ ...t, meanMs: t.totalMs / t.calls }))
      .sort((a, b) => b[by] - a[by])
      .slice(0, limit);
  }

  get size() {
    return this.byText.size;
  }

  private prune() {
    const kept = [...this.byText.values()].sort((a, b) => b.calls - a.calls).slice(0, MAX_TEXTS / 2);
    this.byText.clear();
    for (const t of kept) this.byText.set(t.text, t);
  }
}

/** The statement text of a query call's first argument (a string or a `{ text }` config). */
export function statementText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') return (config as { text: string }).text;
  return undefined;
}
