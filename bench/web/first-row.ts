/**
 * First paint of a list page: a full reload of the user list (/system/user) in Debian Chromium
 * against the real server, from navigation start to the first table row of data in the DOM, with the API
 * calls the load made before it (how many, and how long the longest chain of them waited on each
 * other). Median of N reloads after a warm-up; asserts nothing.
 *
 *   node --import tsx bench/web/first-row.ts [--reloads 7] [--build]
 *
 * The web app is built first when apps/web/dist is missing (or with --build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startServer } from '../lib/server';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { reloads: { type: 'string' }, build: { type: 'boolean' } } });
const RELOADS = Number(values.reloads ?? 7);
const PAGES = ['/system/user', '/system/role', '/system/dict'];

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

async function main() {
  if (values.build || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@ccms/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ccms-first-row-'));
  const server = await startServer({ CCMS_DATA_DIR: dataDir, CCMS_ADMIN_PASSWORD: 'admin123', CCMS_CAPTCHA: 'false' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const res = await fetch(`${server.base}/prod-api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const { token } = (await res.json()) as { token: string };
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.base }]);
    // Marks, inside the page, when the first row of data is in the DOM.
    await context.addInitScript(() => {
      new MutationObserver((_m, observer) => {
        if (!document.querySelector('.ant-table-row')) return;
        performance.mark('first-row');
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    console.log(`first row after a full reload, median of ${RELOADS} (after a warm-up), viewport 1366x768`);
    for (const route of PAGES) {
      const times: number[] = [];
      const calls: number[] = [];
      const waits: number[] = [];
      for (let i = 0; i <= RELOADS; i += 1) {
        await page.goto(`${server.base}${route}`);
        await page.waitForFunction(() => performance.getEntriesByName('first-row').length > 0, undefined, { timeout: 60_000 });
        const figures = await page.evaluate(() => {
          const firstRow = performance.getEntriesByName('first-row')[0]?.startTime ?? Number.NaN;
          const api = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/prod-api/') && e.startTime < firstRow) as PerformanceResourceTiming[];
          // The chain: calls that started only after an earlier one ended, one after another.
          let chain = 0;
          let end = 0;
          for (const e of [...api].sort((a, b) => a.startTime - b.startTime)) {
            if (e.startTime >= end) {
              chain += 1;
              end = e.responseEnd;
            } else end = Math.max(end, e.responseEnd);
          }
          return { firstRow, calls: api.length, chain };
        });
        if (i === 0) continue;
        times.push(figures.firstRow);
        calls.push(figures.calls);
        waits.push(figures.chain);
      }
      console.log(
        `  ${route.padEnd(18)} first row ${median(times).toFixed(0).padStart(5)} ms (max ${Math.max(...times).toFixed(0)})  API calls before it ${median(calls)}, in ${median(waits)} rounds one after another`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
