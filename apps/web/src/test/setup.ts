import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadSlots, registerSlots } from '../app/slots';
import { i18n, initI18n } from '../i18n';
import type { Namespace } from '../i18n/types';

// findBy/waitFor give up after this long: the default second is one slow render on a loaded 2-core runner.
configure({ asyncUtilTimeout: 5_000 });

// The app's areas meet in the content pages' slots, as main.tsx wires them.
registerSlots();

const NAMESPACES: Namespace[] = ['auth', 'common', 'errors', 'dashboard', 'http', 'layout', 'profile', 'shared'];

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// CodeMirror measures text ranges, which jsdom does not lay out: empty rectangles, not a TypeError on stderr.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}

// The slots' components loaded before the tests (a page then shows them at once, as in the app after
// its first visit); the first file of a module graph pays for loading them, hence the long hook.
beforeAll(() => preloadSlots(), 120_000);

beforeAll(async () => {
  await initI18n('en');
  // The files share one module graph: a file that left another language does not pass it on.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  // Components suspend until their namespace loads: have them all ready.
  await i18n.loadNamespaces(NAMESPACES);
});

afterEach(() => {
  cleanup();
});
