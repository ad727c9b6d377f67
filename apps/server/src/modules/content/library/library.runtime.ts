import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { type LibraryGit, libraryGit } from './library-git';

/**
 * One LibraryGit per app (keyed by its database handle), shared by the library and explorer
 * routes and the scheduled fetch, so they share locks and fetch times.
 */
const runtimes = new WeakMap<Db, LibraryGit>();

export function libraryGitFor(app: FastifyInstance): LibraryGit {
  let runtime = runtimes.get(app.db);
  if (!runtime) {
    runtime = libraryGit({ database: app.database, dataDir: app.config.dataDir, secretKey: app.secrets.secretKey });
    runtimes.set(app.db, runtime);
  }
  return runtime;
}

/** The runtime of the app using this database, when that app has registered the library routes. */
export const libraryGitOf = (db: Db): LibraryGit | undefined => runtimes.get(db);
