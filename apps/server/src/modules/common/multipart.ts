import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors';
import { readMultipart, type UploadedFile } from '../../platform/http/multipart';

/**
 * The files of one multipart field, through the one reader: each stays in its temp file
 * (removed when the request ends). Past `maxBytes` a file is refused as too large, past
 * `maxFiles` the request as too many; nothing is stored until every file has passed.
 */
export async function readFiles(req: FastifyRequest, field: string, limits: { maxBytes: number; maxFiles: number; maxMb: number }): Promise<UploadedFile[]> {
  const form = await readMultipart(req, {
    field,
    maxFileBytes: limits.maxBytes,
    maxFiles: limits.maxFiles,
    notMultipart: () => badRequest('upload.required', { field }),
    fileTooLarge: () => badRequest('upload.tooLarge', { field, max: limits.maxMb }),
    tooManyFiles: () => badRequest('upload.tooMany', { field, max: limits.maxFiles }),
  });
  if (form.files.length === 0) throw badRequest('upload.required', { field });
  return form.files;
}
