import { z } from 'zod';
import type { JobContext, JobHandlerSpec } from '../../../platform/jobs/registry';
import { allLibraries } from './library.queries';
import type { LibraryGit } from './library-git';

const Params = z.object({}).strict();

/** Scheduled fetch of every enabled library, a few at a time; one failing remote does not stop the others. */
export const libraryFetchAllJob = (git: LibraryGit): JobHandlerSpec<typeof Params> => ({
  name: 'library.fetchAll',
  description: { zh: '获取所有库的远程仓库更新', en: 'Fetch every library from its remote repository' },
  schema: Params,
  async run(_params, { db, log }: JobContext) {
    const libraries = await allLibraries(db);
    let ok = 0;
    let failed = 0;
    const queue = [...libraries];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const outcome = await git.fetchNow(row).catch((err: unknown) => {
          log.warn({ err, libraryId: row?.libraryId }, 'library fetch failed');
          return { ok: false as const };
        });
        if (outcome.ok) ok++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return { key: 'job.result.librariesFetched', params: { ok, failed, total: libraries.length } };
  },
});
