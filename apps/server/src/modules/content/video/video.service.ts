import type { Language } from '@ccms/contracts/constants';
import type { ResourceDeleteBody, ResourceUploadFields } from '@ccms/contracts/content/graphic';
import { DEFAULT_VIDEO_FOLDER, VIDEO_EXTENSIONS, VIDEO_MAX_MB, VideoApi, type VideoQuery, type VideoRow } from '@ccms/contracts/content/video';
import { urlOf } from '@ccms/contracts/endpoint';
import { translate } from '@ccms/contracts/messages';
import type { AuthContext } from '../../../platform/auth/access';
import type { MediaTickets } from '../../../platform/auth/media-ticket';
import { badRequest } from '../../../platform/http/errors';
import { checkUploads } from '../graphic/graphic.service';
import { hasExtension, mediaTypeOf, videoMatchesExtension } from '../graphic/media-types';
import { mediaUrl, type ResourceFiles, type Upload } from '../graphic/resource-files';
import { baseName, parentOf } from '../shared/repo-path';
import { streamCache } from './stream-cache';

const VIDEO_TYPES_TEXT = 'mp4/webm/ogg';
const VIDEO_MAX_BYTES = VIDEO_MAX_MB * 1024 * 1024;

/** A video upload must be MP4, WebM or Ogg (by name and by content), strictly under the size limit. */
export function checkVideo(file: Upload): void {
  if (!hasExtension(file.filename, VIDEO_EXTENSIONS) || !videoMatchesExtension(file.filename, file.head)) {
    throw badRequest('video.wrongType', { types: VIDEO_TYPES_TEXT });
  }
  if (file.size >= VIDEO_MAX_BYTES) throw badRequest('field.tooBig', { field: 'file', max: `${VIDEO_MAX_MB} MB` });
}

/**
 * Videos of a library. A stream reads the blob from git once into a cache file named by its
 * blob id (content-addressed, so it never goes stale), and serves byte ranges from there; the
 * cache keeps at most CCMS_VIDEO_CACHE_MB, the videos watched longest ago going first.
 */
export function videoService(files: ResourceFiles, tickets: MediaTickets, cacheDir: string, cacheBytes: number) {
  const cache = streamCache(cacheDir, cacheBytes);

  return {
    async list(auth: AuthContext, q: VideoQuery) {
      const { rows, total, where } = await files.list(auth, q, VIDEO_EXTENSIONS);
      const out: VideoRow[] = rows.map((r) => ({
        path: r.entry.path,
        name: baseName(r.entry.path),
        folder: parentOf(r.entry.path),
        size: r.entry.size ?? 0,
        contentType: mediaTypeOf(r.entry.path),
        uploadTime: r.date,
        uploadBy: r.author,
        commit: r.commit,
        refs: r.refs,
        url: mediaUrl(urlOf(VideoApi.stream), tickets, auth, where, r.entry.path),
      }));
      return { rows: out, total, libraryId: where.row.libraryId, branch: where.branch, commit: where.commit };
    },

    /** The video as a cache file to stream ranges from. */
    async open(auth: AuthContext, q: { libraryId: number; branch?: string; path: string }) {
      const file = await files.open(auth, q, VIDEO_EXTENSIONS, 'video.notVideo');
      const cacheFile = await cache.get(String(file.where.row.libraryId), file.oid, () => file.where.repo.readFile(file.where.commit, file.path));
      return { ...file, cacheFile };
    },

    usage: (auth: AuthContext, q: { libraryId: number; branch?: string; path: string }) => files.usage(auth, q),

    assertWritable: (auth: AuthContext, libraryId: number) => files.assertWritable(auth, libraryId),

    upload(auth: AuthContext, fields: ResourceUploadFields, uploads: Upload[], lang: Language) {
      checkUploads(uploads, checkVideo);
      return files.upload(auth, { ...fields, folder: fields.folder ?? DEFAULT_VIDEO_FOLDER, overwrite: fields.overwrite === 'true' }, uploads, (names) =>
        translate(lang, 'resource.commitUpload', { names }),
      );
    },

    remove: (auth: AuthContext, body: ResourceDeleteBody, lang: Language) =>
      files.remove(auth, body, VIDEO_EXTENSIONS, 'video.notVideo', (names) => translate(lang, 'resource.commitDelete', { names })),
  };
}
