import dayjs from 'dayjs';

/** A server time as the lists show it. */
export const dateTime = (v: string | Date | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in the largest binary unit below 1024, two decimals ("1.50 GB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${power === 0 ? value : value.toFixed(2)} ${UNITS[power]}`;
}

export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/** Seconds as up to three leading units, e.g. 93784 -> [[1,'days'],[2,'hours'],[3,'minutes']]. */
export function durationParts(totalSeconds: number): [number, DurationUnit][] {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, DurationUnit][] = [];
  for (const [size, unit] of [
    [86_400, 'days'],
    [3600, 'hours'],
    [60, 'minutes'],
    [1, 'seconds'],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || (unit === 'seconds' && parts.length === 0)) parts.push([n, unit]);
  }
  return parts.slice(0, 3);
}

/** A JSON text indented for reading; anything else unchanged. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
