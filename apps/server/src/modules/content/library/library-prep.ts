import type { LibraryProgress } from '@ccms/contracts/content/library';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { CatalogService } from '../catalog/catalog.service';
import { failInterruptedPreps, type PrepState, readPrep, writePrep } from './library.queries';
import type { LibraryService } from './library.service';
import type { LibraryGit } from './library-git';

const PHASES = ['clone', 'index', 'ready', 'failed'] as const;
const isPhase = (v: string | null): v is LibraryProgress['phase'] => PHASES.includes(v as LibraryProgress['phase']);

const asRow = (p: LibraryProgress): PrepState => ({ prepPhase: p.phase, prepReason: p.reason, prepDocuments: p.documents, prepTopics: p.topics });

/**
 * A new library is cloned and indexed at once, in the background: the phase (clone, index,
 * ready, failed) and the counts so far, for the progress bar of the library list and detail and
 * for content views that would otherwise say "empty folder". The phase lives in the library row,
 * so every node and a restarted server read the same; the running tasks are kept per library so
 * closing the app waits for them instead of closing the database under them.
 */
export function libraryPreparation(deps: { db: Db; git: LibraryGit; libraries: LibraryService; catalog: CatalogService }) {
  const running = new Map<number, Promise<void>>();
  const record = (libraryId: number, progress: LibraryProgress) => writePrep(deps.db, libraryId, asRow(progress));

  async function prepare(auth: AuthContext, libraryId: number) {
    try {
      const row = await deps.libraries.forCall(auth, libraryId, 'read');
      const outcome = await deps.git.fetchNow(row);
      if (!outcome.ok) {
        await record(libraryId, { phase: 'failed', documents: 0, topics: 0, reason: outcome.reason });
        return;
      }
      await record(libraryId, { phase: 'index', documents: 0, topics: 0, reason: null });
      const { index } = await deps.catalog.refresh(row, row.defaultBranch);
      await record(libraryId, { phase: 'ready', documents: index.documents, topics: index.topics, reason: null });
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 200) : 'error';
      await record(libraryId, { phase: 'failed', documents: 0, topics: 0, reason }).catch(() => undefined);
    }
  }

  return {
    /**
     * Records the clone phase, then clones and indexes a library just created by `auth` in the
     * background (resolves once the phase is in the row, so the next progress call reads it).
     */
    async start(auth: AuthContext, libraryId: number): Promise<void> {
      await record(libraryId, { phase: 'clone', documents: 0, topics: 0, reason: null });
      const task = (running.get(libraryId) ?? Promise.resolve()).then(() => prepare(auth, libraryId));
      const tracked = task.finally(() => {
        if (running.get(libraryId) === tracked) running.delete(libraryId);
      });
      running.set(libraryId, tracked);
    },

    /** Where the preparation of a library stands; `ready` with no counts for libraries never prepared so. */
    async progress(libraryId: number): Promise<LibraryProgress> {
      const row = await readPrep(deps.db, libraryId);
      if (!row || !isPhase(row.prepPhase)) return { phase: 'ready', documents: null, topics: null, reason: null };
      return { phase: row.prepPhase, documents: row.prepDocuments, topics: row.prepTopics, reason: row.prepReason };
    },

    /**
     * At start: a clone or index the row still shows as running was cut off by a stopped server
     * (its task died with it), so it is marked failed; "fetch now" clones the library again.
     */
    failInterrupted: () => failInterruptedPreps(deps.db),

    /** Resolves when every preparation this server started has ended (app close awaits it). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
