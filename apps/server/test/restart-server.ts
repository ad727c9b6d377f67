/**
 * A server for the crash-recovery test (crash-recovery.test.ts), run in its own process so the
 * test can kill it with SIGKILL and start it again: what main.ts does on a data directory (the
 * database in it, secrets in it, pg-boss running), the first start from a copy of the test run's
 * migrated PGlite image (faster than an empty one), later starts on what the earlier one left.
 * Library URLs may reach the local git server. Env: CCMS_PGLITE_IMAGE, CCMS_DATA_DIR, and any
 * CCMS_* setting. Prints {"port": n} once listening (pino's JSON logs go to stdout as well).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { sysConfig } from '../src/db/schema';
import { loadConfig } from '../src/platform/config';
import { loadOrCreateSecret } from '../src/platform/secrets';

const image = process.env.CCMS_PGLITE_IMAGE;
const dataDir = process.env.CCMS_DATA_DIR;
if (!image || !dataDir) throw new Error('CCMS_PGLITE_IMAGE and CCMS_DATA_DIR are required');

const first = !existsSync(path.join(dataDir, 'pglite'));
const database = await openDatabase({ dataDir, ...(first ? { pgliteImage: new Blob([await readFile(image)]) } : {}) });
await database.migrate();
if (first) await database.db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
const secrets = {
  jwtSecret: await loadOrCreateSecret(dataDir, 'jwt-secret', undefined),
  secretKey: await loadOrCreateSecret(dataDir, 'secret-key', undefined),
};
const app = await buildApp({ config: { ...loadConfig(), webDir: undefined }, database, secrets, jobs: true });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.once('SIGTERM', () => {
  app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
