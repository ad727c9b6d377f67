import { redactSecrets } from './redact';

/** How deep and how wide a logged value is kept; past that a marker stands for the rest. */
const MAX_DEPTH = 6;
const MAX_KEYS = 50;
const MAX_STRING = 500;

/** Text a PostgreSQL text column accepts: no NUL (the insert would fail and the row be lost). */
export function storable(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** A copy of `value` cut to a bounded depth, width and string length, so serialising it never overflows the stack. */
function bounded(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_KEYS).map((v) => bounded(v, depth + 1));
    if (value.length > MAX_KEYS) kept.push(`… ${value.length - MAX_KEYS} more`);
    return kept;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [k, v] of entries.slice(0, MAX_KEYS)) out[k.slice(0, MAX_STRING)] = bounded(v, depth + 1);
  if (entries.length > MAX_KEYS) out['…'] = `${entries.length - MAX_KEYS} more`;
  return out;
}

/**
 * JSON for the operation log: secrets redacted, depth, width and length bounded, NUL removed.
 * Never throws, whatever the request carried (a body nested thousands deep, a cycle, a getter).
 */
export function logJson(value: unknown, max = 2000): string {
  let text: string;
  try {
    text = JSON.stringify(redactSecrets(bounded(value, 0))) ?? '';
  } catch {
    text = '"[unserialisable]"';
  }
  text = storable(text);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A plain message for a log column: NUL removed, cut to `max` characters. */
export function logText(text: string, max = 2000): string {
  const clean = storable(text);
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
