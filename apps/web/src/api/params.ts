export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | Record<string, QueryValue> | readonly QueryValue[]>;

const present = (v: unknown): v is string | number | boolean => v !== null && v !== undefined && v !== '';

/**
 * Flattens params into a query string the way the server reads them: nested objects become
 * key[sub] (params[beginTime]=...); empty, null and undefined values are left out.
 */
export function flattenParams(params: QueryParams | object): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if (!present(value) && typeof value !== 'object') continue;
    if (value !== null && typeof value === 'object') {
      for (const [key, sub] of Object.entries(value) as [string, unknown][]) {
        if (present(sub)) parts.push(`${encodeURIComponent(`${name}[${key}]`)}=${encodeURIComponent(String(sub))}`);
      }
    } else if (present(value)) {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}
