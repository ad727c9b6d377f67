import { GRAPHIC_MAX_MB, type Language } from '@ccms/contracts/constants';
import {
  DEFAULT_GRAPHIC_FOLDER,
  GRAPHIC_LIST_EXTENSIONS,
  GRAPHIC_MAX_BYTES,
  GRAPHIC_UPLOAD_EXTENSIONS,
  GraphicApi,
  type GraphicQuery,
  type GraphicRow,
  RESOURCE_UPLOAD_MAX_FILES,
  type ResourceDeleteBody,
  type ResourceUploadFields,
} from '@ccms/contracts/content/graphic';
import { urlOf } from '@ccms/contracts/endpoint';
import { translate } from '@ccms/contracts/messages';
import type { AuthContext } from '../../../platform/auth/access';
import type { MediaTickets } from '../../../platform/auth/media-ticket';
import { badRequest } from '../../../platform/http/errors';
import { baseName, parentOf } from '../shared/repo-path';
import { hasExtension, imageMatchesExtension, mediaTypeOf } from './media-types';
import { mediaUrl, type ResourceFiles, type Upload } from './resource-files';

export const GRAPHIC_TYPES_TEXT = GRAPHIC_UPLOAD_EXTENSIONS.join('/');

/** A graphic upload must be a PNG or JPEG (by name and by content) strictly under 2 MB. */
export function checkGraphic(file: Upload): void {
  if (!hasExtension(file.filename, GRAPHIC_UPLOAD_EXTENSIONS) || !imageMatchesExtension(file.filename, file.head)) {
    throw badRequest('graphic.wrongType', { types: GRAPHIC_TYPES_TEXT });
  }
  if (file.size >= GRAPHIC_MAX_BYTES) throw badRequest('graphic.tooLarge', { max: GRAPHIC_MAX_MB });
}

/** Checks a whole upload before anything is written: count, then every file. */
export function checkUploads(files: Upload[], check: (file: Upload) => void): void {
  if (files.length === 0) throw badRequest('resource.noFile');
  if (files.length > RESOURCE_UPLOAD_MAX_FILES) throw badRequest('resource.tooMany', { max: RESOURCE_UPLOAD_MAX_FILES });
  for (const file of files) check(file);
}

/** Graphics of a library: JPG/PNG (and older image files already there) in the git branch. */
export function graphicService(files: ResourceFiles, tickets: MediaTickets) {
  return {
    async list(auth: AuthContext, q: GraphicQuery) {
      const { rows, total, where } = await files.list(auth, q, GRAPHIC_LIST_EXTENSIONS);
      const out: GraphicRow[] = rows.map((r) => ({
        path: r.entry.path,
        name: baseName(r.entry.path),
        folder: parentOf(r.entry.path),
        size: r.entry.size ?? 0,
        contentType: mediaTypeOf(r.entry.path),
        createBy: r.author,
        createTime: r.date,
        commit: r.commit,
        refs: r.refs,
        url: mediaUrl(urlOf(GraphicApi.raw), tickets, auth, where, r.entry.path),
        thumbnailUrl: mediaUrl(urlOf(GraphicApi.thumbnail), tickets, auth, where, r.entry.path),
      }));
      return { rows: out, total, libraryId: where.row.libraryId, branch: where.branch, commit: where.commit };
    },

    /** The image's bytes (for raw and thumbnail; the browser scales the thumbnail). */
    async read(auth: AuthContext, q: { libraryId: number; branch?: string; path: string }) {
      const file = await files.open(auth, q, GRAPHIC_LIST_EXTENSIONS, 'graphic.notGraphic');
      const content = await file.where.repo.readFile(file.where.commit, file.path);
      return { ...file, content: content ?? Buffer.alloc(0) };
    },

    usage: (auth: AuthContext, q: { libraryId: number; branch?: string; path: string }) => files.usage(auth, q),

    assertWritable: (auth: AuthContext, libraryId: number) => files.assertWritable(auth, libraryId),

    upload(auth: AuthContext, fields: ResourceUploadFields, uploads: Upload[], lang: Language) {
      checkUploads(uploads, checkGraphic);
      return files.upload(auth, { ...fields, folder: fields.folder ?? DEFAULT_GRAPHIC_FOLDER, overwrite: fields.overwrite === 'true' }, uploads, (names) =>
        translate(lang, 'resource.commitUpload', { names }),
      );
    },

    remove: (auth: AuthContext, body: ResourceDeleteBody, lang: Language) =>
      files.remove(auth, body, GRAPHIC_LIST_EXTENSIONS, 'graphic.notGraphic', (names) => translate(lang, 'resource.commitDelete', { names })),
  };
}
