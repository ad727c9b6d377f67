/**
 * npm run restore -- <dir>: a backup made by `npm run backup` into this installation, which must be
 * empty (a new data folder, an empty PostgreSQL database, an empty bucket). Every checksum is
 * verified before anything is written. Start the server afterwards. See README "Backup and restore".
 */
import path from 'node:path';
import { BackupRefused } from '../apps/server/src/platform/backup/backup-manifest';
import { restoreInstallation } from '../apps/server/src/platform/backup/restore';
import { loadConfig } from '../apps/server/src/platform/config';
import { secureDataDir } from '../apps/server/src/platform/secrets';

async function main() {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir || rest.length > 0) {
    console.error('usage: npm run restore -- <dir>   (a folder written by npm run backup)');
    process.exit(2);
  }
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  const config = loadConfig();
  // As the server keeps it: the data folder and what is written into it readable by its owner only.
  process.umask(0o077);
  await secureDataDir(config.dataDir);
  await restoreInstallation(config, source, (line) => console.log(line));
  console.log(`restored from ${source}: start the server (npm run serve)`);
}

main().catch((err) => {
  console.error(err instanceof BackupRefused ? `restore refused: ${err.message}` : err);
  process.exit(1);
});
