const SECRET_KEY = /pass(word)?|pwd|secret|token|credential|authorization|cookie/i;

/** A deep copy with every value under a secret-looking key replaced; for logs and the operation log. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '******' : redactSecrets(v, depth + 1);
  return out;
}

export function clip(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
