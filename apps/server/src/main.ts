import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { loadConfig, sharedSecretsMissing } from './platform/config';
import { loadOrCreateSecret, secureDataDir } from './platform/secrets';

/** Reads config, opens and migrates the database, seeds a first start, listens. */
async function main() {
  const config = loadConfig();
  const missing = sharedSecretsMissing(config);
  if (missing) throw new Error(missing);
  // Everything the server writes (database, secrets, uploads, clones) is readable by its owner only.
  process.umask(0o077);
  await secureDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const secrets = {
    jwtSecret: await loadOrCreateSecret(config.dataDir, 'jwt-secret', config.jwtSecret),
    secretKey: await loadOrCreateSecret(config.dataDir, 'secret-key', config.secretKey),
  };
  const seed = await seedIfEmpty(database.db, { adminPassword: config.adminPassword, captchaEnabled: config.captchaOnFirstSeed });
  // Before building the app: a start that stops there (a REDIS_URL that does not answer) has seeded
  // already, and the password is never shown again.
  if (seed.generatedPassword) {
    // Printed once, on the first start only; it is stored nowhere but as a hash.
    process.stdout.write(
      `\n  First start: sign in as "admin" with password: ${seed.generatedPassword}\n  (set CCMS_ADMIN_PASSWORD before the first start to choose it)\n\n`,
    );
  }
  const app = await buildApp({ config, database, secrets, jobs: true });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`CCMS listening on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
