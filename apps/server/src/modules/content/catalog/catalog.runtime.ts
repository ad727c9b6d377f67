import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { libraryGitFor } from '../library/library.runtime';
import { libraryService } from '../library/library.service';
import { type CatalogService, catalogService } from './catalog.service';
import { type CatalogIndexer, catalogIndexer } from './indexer';

export interface CatalogRuntime {
  indexer: CatalogIndexer;
  catalog: CatalogService;
}

/**
 * One catalogue per app (keyed by its database handle), shared by the document, topic, search
 * and catalogue routes and the scheduled reindex, so they share the remembered snapshots and
 * the one-run-per-branch queue.
 */
const runtimes = new WeakMap<Db, CatalogRuntime>();

export function catalogFor(app: FastifyInstance): CatalogRuntime {
  let runtime = runtimes.get(app.db);
  if (!runtime) {
    const git = libraryGitFor(app);
    const indexer = catalogIndexer(app.db);
    runtime = { indexer, catalog: catalogService(app.db, git, libraryService(app.db, git, app.secrets.secretKey), indexer) };
    runtimes.set(app.db, runtime);
  }
  return runtime;
}

/** The runtime of the app using this database, when that app registered the catalogue routes. */
export const catalogOf = (db: Db): CatalogRuntime | undefined => runtimes.get(db);
