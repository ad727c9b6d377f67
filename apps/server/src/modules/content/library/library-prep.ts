import type { LibraryProgress } from '@ccms/contracts/content/library';
import type { AuthContext } from '../../../platform/auth/access';
import type { CatalogService } from '../catalog/catalog.service';
import type { LibraryService } from './library.service';
import type { LibraryGit } from './library-git';

/**
 * A new library is cloned and indexed at once, in the background: the phase (clone, index,
 * ready, failed) and the counts so far, for the progress bar of the library list and detail and
 * for content views that would otherwise say "empty folder". Kept in memory per server: a
 * restart forgets it, and the lists then read the library as they always have.
 */
export function libraryPreparation(deps: { git: LibraryGit; libraries: LibraryService; catalog: CatalogService }) {
  const states = new Map<number, LibraryProgress>();

  return {
    /** Starts the clone and the index of a library just created by `auth` (never throws). */
    start(auth: AuthContext, libraryId: number): void {
      states.set(libraryId, { phase: 'clone', documents: 0, topics: 0, reason: null });
      void (async () => {
        try {
          const row = await deps.libraries.forCall(auth, libraryId, 'read');
          const outcome = await deps.git.fetchNow(row);
          if (!outcome.ok) {
            states.set(libraryId, { phase: 'failed', documents: 0, topics: 0, reason: outcome.reason });
            return;
          }
          states.set(libraryId, { phase: 'index', documents: 0, topics: 0, reason: null });
          const { index } = await deps.catalog.refresh(row, row.defaultBranch);
          states.set(libraryId, { phase: 'ready', documents: index.documents, topics: index.topics, reason: null });
        } catch (err) {
          states.set(libraryId, { phase: 'failed', documents: 0, topics: 0, reason: err instanceof Error ? err.message.slice(0, 200) : 'error' });
        }
      })();
    },

    /** Where the preparation of a library stands; `ready` for libraries not being prepared. */
    progress(libraryId: number): LibraryProgress {
      return states.get(libraryId) ?? { phase: 'ready', documents: null, topics: null, reason: null };
    },
  };
}
