import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE_CODE, type Language } from '@ccms/contracts/constants';

/**
 * The caller's language from Content-Language (what the web sends) or Accept-Language.
 * zh is the default; "ch" is the spec's fallback spelling of zh.
 */
export function languageOf(headers: Record<string, string | string[] | undefined>): Language {
  const raw = headers['content-language'] ?? headers['accept-language'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.toLowerCase() ?? '';
  const first = value.split(',')[0]?.trim() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first.startsWith('zh') || first.startsWith(FALLBACK_LANGUAGE_CODE)) return 'zh';
  return DEFAULT_LANGUAGE;
}
