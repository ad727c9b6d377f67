import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** No sandbox in containers, and no traffic of its own (updates, sync, first-run pings). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ConfinedPageOptions {
  /** The Chromium binary (default /usr/bin/chromium). */
  executable?: string;
  /** The one folder the page may load files from (real paths compared, links and ".." resolved); none: no file at all. */
  root?: string;
  /** Told of each request that was refused, with its URL. */
  onBlocked?: (url: string) => void;
}

/** Whether a file: URL names a file inside the real folder `realRoot` (a missing file is not). */
function fileInside(url: string, realRoot: string): boolean {
  let real: string;
  try {
    real = realpathSync.native(fileURLToPath(url));
  } catch {
    return false;
  }
  return real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep);
}

/**
 * Runs `use` with a headless Chromium page that reaches nothing but the files inside `root`: every request of the
 * context (the page, its frames and objects, a refresh or a redirect it asks for) is checked, and any other file, any
 * http(s), ws or other URL is refused. Page scripts do not run (the caller's own evaluate does) and service workers
 * are blocked, so nothing goes around the check. What is printed is only ever the caller's own folder.
 */
export async function withConfinedPage<T>(options: ConfinedPageOptions, use: (page: Page) => Promise<T>): Promise<T> {
  const realRoot = options.root !== undefined ? realpathSync.native(options.root) : undefined;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: options.executable ?? DEFAULT_CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
    await context.route('**/*', (route: Route) => {
      const url = route.request().url();
      if (realRoot !== undefined && url.startsWith('file:') && fileInside(url, realRoot)) return route.continue();
      options.onBlocked?.(url);
      return route.abort('blockedbyclient');
    });
    // No script runs in the page; should one, its sockets are closed before they connect.
    await context.routeWebSocket(/.*/, (ws) => {
      options.onBlocked?.(ws.url());
      return ws.close();
    });
    return await use(await context.newPage());
  } finally {
    await browser.close().catch(() => undefined);
  }
}
