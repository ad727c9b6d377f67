import type { ResourceDeleteBody } from '@ccms/contracts/content/graphic';
import type { VideoList, VideoQuery } from '@ccms/contracts/content/video';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl } from '../../../api/client';
import { type Commit, multipart, resourceForm, type UploadFields, type UsageAnswer } from '../graphic/graphic-api';

export type VideoPage = z.infer<typeof VideoList>;
export type VideoRow = VideoPage['rows'][number];

type Data<T> = ApiEnvelope & { data: T };

/** Videos of a library (server: modules/content/video). */
export const videoApi = {
  list: (query: Partial<z.input<typeof VideoQuery>> & { libraryId: number }) => byUrl.get<VideoPage>('/ccms/video/list', query),
  usage: (query: { libraryId: number; branch?: string | undefined; path: string }) =>
    byUrl.get<Data<UsageAnswer>>('/ccms/video/usage', query).then((r) => r.data),
  upload: (fields: UploadFields, files: readonly File[]) =>
    byUrl.post<Data<Commit>>('/ccms/video/upload', resourceForm(fields, files), multipart).then((r) => r.data),
  remove: (body: z.input<typeof ResourceDeleteBody>) => byUrl.delete<Data<Commit>>('/ccms/video', { data: body }).then((r) => r.data),
};
