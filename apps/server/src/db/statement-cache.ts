import pg from 'pg';

/** A statement is sent named (parsed and planned once on the connection) from this use on. */
const NAME_FROM_USE = 2;
/** Most named statements one connection keeps; statements past it run unnamed, as before. */
const MAX_NAMED = 500;
/** Most distinct texts counted per connection before the counts start over (bounds the memory). */
const MAX_COUNTED = 5_000;

/** pg.Client's own query(), untyped: its overloads do not admit a config built at run time. */
const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };

/**
 * A pg client that sends a parameterised statement it has already run as a named prepared
 * statement, as pgjdbc does past its prepareThreshold: PostgreSQL then skips parsing it and,
 * after five runs, planning it (it keeps a generic plan when that costs no more than the custom
 * ones). Every request's session check, access check and list query are the same few texts with
 * new parameters, and planning them was most of their cost (about 1.1 of 1.6 ms for the session).
 *
 * Only statements with parameters are named (they already go through the extended protocol, so
 * nothing else about them changes); texts without parameters, statements that carry their own
 * name and query objects pass through untouched. Names are per connection, as PostgreSQL's are.
 */
export class StatementCachingClient extends pg.Client {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; this only rewrites its first argument.
  override query(config: any, values?: any, callback?: any): any {
    const named = this.nameFor(config, values);
    if (named === undefined) return super.query(config, values, callback);
    const withName: QueryConfig = typeof config === 'string' ? { text: config, name: named } : { ...(config as QueryConfig), name: named };
    return baseQuery.call(this, withName, values, callback);
  }

  private nameFor(config: unknown, values: unknown): string | undefined {
    let text: string;
    let params: unknown;
    if (typeof config === 'string') {
      text = config;
      params = values;
    } else if (config && typeof config === 'object' && typeof (config as QueryConfig).text === 'string') {
      const c = config as QueryConfig;
      if (c.name !== undefined || typeof c.submit === 'function') return undefined;
      text = c.text;
      params = Array.isArray(values) ? values : c.values;
    } else {
      return undefined;
    }
    if (!Array.isArray(params) || params.length === 0) return undefined;
    const known = this.names.get(text);
    if (known !== undefined) return known;
    const used = (this.uses.get(text) ?? 0) + 1;
    if (used < NAME_FROM_USE || this.names.size >= MAX_NAMED) {
      if (this.uses.size >= MAX_COUNTED) this.uses.clear();
      this.uses.set(text, used);
      return undefined;
    }
    this.uses.delete(text);
    const name = `ccms_s${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}
