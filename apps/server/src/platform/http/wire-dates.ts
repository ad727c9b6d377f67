import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The header with which an API client asks for dates as ISO-8601 instants ("iso"). Without it an
 * answer writes them as RuoYi's server does (Jackson's "yyyy-MM-dd HH:mm:ss" in the server's time
 * zone), which RuoYi's client prints as it comes. The product's own web app asks for ISO: it shows
 * every date in the reader's own time zone.
 */
export const DATES_HEADER = 'x-ccms-dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as "yyyy-MM-dd HH:mm:ss" in the server's time zone (TZ), RuoYi's date format. */
export function localDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every Date in it written by `write`. Nothing is changed in place: an object or array
 * holding a Date is copied, one holding none is the same reference (answers can be cached values).
 * Only plain objects and arrays are entered; other objects (buffers, streams) are left as they are.
 */
export function withDatesWritten(value: unknown, write: (d: Date) => string): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : write(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const written = withDatesWritten(item, write);
      if (written !== item) {
        out ??= value.slice();
        out[i] = written;
      }
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const written = withDatesWritten(item, write);
    if (written !== item) {
      out ??= { ...value };
      out[key] = written;
    }
  }
  return out ?? value;
}

/** Whether the request asked for ISO-8601 dates. */
export const wantsIsoDates = (req: FastifyRequest) => String(req.headers[DATES_HEADER] ?? '').toLowerCase() === 'iso';

/** Writes the dates of every JSON answer as the caller asked (see DATES_HEADER). */
export function registerWireDates(app: FastifyInstance): void {
  app.addHook('preSerialization', async (req, _reply, payload) => (wantsIsoDates(req) ? payload : withDatesWritten(payload, localDateTime)));
}
