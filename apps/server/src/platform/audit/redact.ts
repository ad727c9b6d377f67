import { isSecretConfigKey } from '@ccms/contracts/system/config';

const SECRET_KEY = /pass(word)?|pwd|secret|token|credential|authorization|cookie/i;

/** A deep copy with every value under a secret-looking key replaced; for logs and the operation log. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '******' : redactSecrets(v, depth + 1);
  // A config parameter names its secret in another field: { configKey: 'sys.user.initPassword', configValue: '...' }.
  if (typeof out.configKey === 'string' && isSecretConfigKey(out.configKey) && 'configValue' in out) out.configValue = '******';
  return out;
}

/** A request URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw key
      }
      return eq >= 0 && SECRET_KEY.test(key) ? `${rawKey}=******` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

export function clip(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
