import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE_CODE, LANGUAGES, type Language } from '@ccms/contracts/constants';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Namespace } from './types';

export type { Language };

/** Where the chosen language is kept: local storage survives reloads; the session copy is the spec's session property. */
export const LANGUAGE_KEY = 'language';

type ResourceModule = { default: Record<string, unknown> };
/** Each namespace is its own chunk, loaded the first time a screen asks for it. */
const loaders = import.meta.glob<ResourceModule>(['./zh/*.ts', './en/*.ts']);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`./${language}/${namespace}.ts`];
    if (!load) {
      callback(new Error(`no ${language} resources for namespace "${namespace}"`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Reads a stored language code: "ch" is the spec's fallback spelling of zh; anything else unknown is zh. */
export function normalizeLanguage(value: string | null | undefined): Language {
  if (value === FALLBACK_LANGUAGE_CODE) return 'zh';
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export function storedLanguage(): Language {
  try {
    return normalizeLanguage(localStorage.getItem(LANGUAGE_KEY) ?? sessionStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The UI language now (what the Content-Language header carries). */
export function currentLanguage(): Language {
  return normalizeLanguage(i18next.resolvedLanguage ?? i18next.language ?? storedLanguage());
}

export const i18n = i18next;

/** Namespaces the first screen always needs; the rest load on demand. */
const PRELOADED: Namespace[] = ['common', 'http'];

let ready: Promise<unknown> | null = null;

export function initI18n(lng: Language = storedLanguage()): Promise<unknown> {
  if (ready) return ready;
  ready = i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: PRELOADED,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => {
      document.documentElement.lang = lng;
    });
  return ready;
}

/** Switches language, keeps it across reloads, and loads the namespaces in use for it. */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
    sessionStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Storage can be disabled; the switch still applies to this page.
  }
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}
