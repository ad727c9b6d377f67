import fp from 'fastify-plugin';
import { z } from 'zod';
import { STORE_SCOPES } from '../../../platform/storage/file-store';
import { downloadRoutes } from './download.routes';
import { DOWNLOAD_QUEUE, type DownloadService, downloadService } from './download.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The download center: any area adds a user's file through app.downloads.add(). */
    downloads: DownloadService;
  }
}

/** Tries after the first failure of making a file (the queue waits 30 s, then doubles). */
const DOWNLOAD_RETRIES = 2;

/**
 * The download center. Not encapsulated and registered before the areas that add files to it
 * (publishing adds output zips); its routes live under /system/download.
 */
export const downloadArea = fp(
  async (app) => {
    const downloads = downloadService({
      db: app.db,
      jobs: app.jobs,
      dataDir: app.config.dataDir,
      files: app.store.scoped(STORE_SCOPES.downloads),
      log: app.log,
    });
    app.decorate('downloads', downloads);
    app.jobs.defineQueue({
      name: DOWNLOAD_QUEUE,
      workers: 1,
      retryLimit: DOWNLOAD_RETRIES,
      work: async (data: { downloadId?: unknown }) => downloads.produce(Number(data.downloadId)),
    });
    app.jobs.register({
      name: 'download.cleanup',
      description: { zh: '下载中心：删除过期的文件', en: 'Download center: remove expired files' },
      schema: z.object({}).strict(),
      async run() {
        const removed = await downloads.cleanup();
        return `${removed}`;
      },
    });
    await app.register(downloadRoutes);
  },
  { name: 'downloads' },
);
