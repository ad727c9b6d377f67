/**
 * A server for the upload memory test (upload-memory.test.ts), run in its own process so its
 * memory is measured alone: the whole app on a copy of the test run's PGlite image, listening
 * on a free port of 127.0.0.1, with library URLs allowed to reach the local git server.
 * Env: CCMS_PGLITE_IMAGE (the image file), CCMS_DATA_DIR. Prints {"port": n} once listening.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { sysConfig } from '../src/db/schema';
import { loadConfig } from '../src/platform/config';

const image = process.env.CCMS_PGLITE_IMAGE;
const dataDir = process.env.CCMS_DATA_DIR;
if (!image || !dataDir) throw new Error('CCMS_PGLITE_IMAGE and CCMS_DATA_DIR are required');

const database = await openDatabase({ pgliteImage: new Blob([await readFile(image)]) });
await database.db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
const app = await buildApp({
  config: { ...loadConfig({ CCMS_DATA_DIR: dataDir }), webDir: undefined },
  database,
  secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.once('SIGTERM', () => {
  app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
