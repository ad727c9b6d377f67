import pg from 'pg';

/** What a listener hears: each payload, and whether it is listening (messages sent while it was not are lost). */
export interface ListenHandlers {
  message(payload: string): void;
  ready(listening: boolean): void;
}

/** Stops a listener. */
export type Unlisten = () => Promise<void>;

/** How long a lost PostgreSQL listen connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on `channel` over a connection of its own (a pooled one would be handed to other work),
 * connecting again whenever it is lost; `ready(false)` tells that messages may have been missed.
 */
export async function listenPostgres(connectionString: string, channel: string, on: ListenHandlers): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const lost = () => {
    if (stopped) return;
    on.ready(false);
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = undefined;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
    timer.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) on.message(m.payload);
    });
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (!stopped && client === c) on.ready(true);
    } catch {
      if (client === c) lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = undefined;
    c?.removeAllListeners();
    await c?.end().catch(() => undefined);
  };
}
