import type { ResourceDeleteBody } from '@ccms/contracts/content/graphic';
import { VideoApi, type VideoList, type VideoQuery } from '@ccms/contracts/content/video';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { multipart, resourceForm, type UploadFields } from '../graphic/graphic-api';

export type VideoPage = z.infer<typeof VideoList>;
export type VideoRow = VideoPage['rows'][number];

/** Videos of a library (server: modules/content/video). */
export const videoApi = {
  list: (query: Partial<z.input<typeof VideoQuery>> & { libraryId: number }) => api.call(VideoApi.list, { query }),
  usage: (query: { libraryId: number; branch?: string | undefined; path: string }) => api.one(VideoApi.usage, { query }),
  upload: (fields: UploadFields, files: readonly File[]) => api.one(VideoApi.upload, { body: resourceForm(fields, files) }, multipart),
  remove: (body: z.input<typeof ResourceDeleteBody>) => api.one(VideoApi.remove, { body }),
};
