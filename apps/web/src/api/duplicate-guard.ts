import { DUPLICATE_SUBMIT_WINDOW_MS } from '@ccms/contracts/constants';

interface LastSubmit {
  url: string;
  body: string;
  time: number;
}

let last: LastSubmit | null = null;

/** Bodies that cannot be compared as text (uploads) are never held as duplicates. */
function comparable(data: unknown): string | null {
  if (data === undefined || data === null) return '';
  if (typeof data === 'string') return data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return null;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return null;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return null;
  if (data instanceof URLSearchParams) return data.toString();
  return JSON.stringify(data);
}

/**
 * True when this POST/PUT repeats the previous one (same URL and body) within 1000 ms; the
 * spec's double-submit guard (section 5). Otherwise records it as the latest submission.
 */
export function isDuplicateSubmit(url: string, data: unknown, now = Date.now()): boolean {
  const body = comparable(data);
  if (body === null) return false;
  if (last && last.url === url && last.body === body && now - last.time < DUPLICATE_SUBMIT_WINDOW_MS) return true;
  last = { url, body, time: now };
  return false;
}

export function resetDuplicateGuard() {
  last = null;
}
