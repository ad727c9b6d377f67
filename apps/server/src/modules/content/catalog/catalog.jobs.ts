import { z } from 'zod';
import type { JobContext, JobHandlerSpec } from '../../../platform/jobs/registry';
import { allLibraries } from '../library/library.queries';
import { allIndexes } from './catalog.queries';
import type { CatalogService } from './catalog.service';

const Params = z
  .object({
    libraryIds: z.array(z.number().int().positive()).max(1000).optional().describe('only these libraries'),
  })
  .strict();

/**
 * Scheduled reindex: fetches every enabled library and brings each indexed branch (and each
 * library's default branch) to its head; a branch whose head did not move costs one fetch.
 */
export const catalogReindexJob = (catalog: CatalogService): JobHandlerSpec<typeof Params> => ({
  name: 'catalog.reindexMoved',
  description: { zh: '获取库的更新并重建分支头已变化的内容索引', en: 'Fetch libraries and reindex the branches whose head moved' },
  schema: Params,
  params: [
    {
      name: 'libraryIds',
      type: 'integer[]',
      required: false,
      description: { zh: '只处理这些库（默认全部）', en: 'Only these libraries (default: all)' },
    },
  ],
  example: {},
  async run({ libraryIds }, { db, log }: JobContext) {
    const libraries = (await allLibraries(db)).filter((l) => !libraryIds || libraryIds.includes(l.libraryId));
    const indexed = await allIndexes(db);
    const targets: { row: (typeof libraries)[number]; branch: string }[] = [];
    for (const row of libraries) {
      const branches = new Set([row.defaultBranch, ...indexed.filter((i) => i.libraryId === row.libraryId).map((i) => i.branch)]);
      for (const branch of branches) targets.push({ row, branch });
    }
    let count = 0;
    let unchanged = 0;
    let failed = 0;
    const fetched = new Set<number>();
    for (const { row, branch } of targets) {
      try {
        const { result } = await catalog.refresh(row, branch, { fetch: !fetched.has(row.libraryId) });
        fetched.add(row.libraryId);
        if (result.mode === 'unchanged') unchanged++;
        else count++;
      } catch (err) {
        failed++;
        log.warn({ err, libraryId: row.libraryId, branch }, 'catalogue reindex failed');
      }
    }
    return { key: 'job.result.catalogReindexed', params: { count, unchanged, failed, total: targets.length } };
  },
});
