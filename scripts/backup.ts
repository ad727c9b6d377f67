/**
 * npm run backup -- <dir>: a snapshot of this installation (database, secrets, stored files and a
 * manifest of checksums) into <dir>, which must be new or empty. Reads the server's configuration
 * (CCMS_DATA_DIR, DATABASE_URL, CCMS_S3_*) as the server does. With the embedded database the
 * server must be stopped; with PostgreSQL it may run. See README "Backup and restore".
 */
import path from 'node:path';
import { backupInstallation } from '../apps/server/src/platform/backup/backup';
import { BackupRefused } from '../apps/server/src/platform/backup/backup-manifest';
import { loadConfig } from '../apps/server/src/platform/config';

async function main() {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir || rest.length > 0) {
    console.error('usage: npm run backup -- <dir>   (a new or empty folder)');
    process.exit(2);
  }
  // npm runs scripts from the repository's root: a relative folder means the caller's own.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  process.umask(0o077);
  const manifest = await backupInstallation(loadConfig(), target, (line) => console.log(line));
  console.log(`backup written to ${target} (${manifest.entries.length} files, manifest.json lists their sha256)`);
}

main().catch((err) => {
  console.error(err instanceof BackupRefused ? `backup refused: ${err.message}` : err);
  process.exit(1);
});
