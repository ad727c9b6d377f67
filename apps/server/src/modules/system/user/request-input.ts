import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../../platform/http/errors';
import { readMultipart, type UploadedFile } from '../../../platform/http/multipart';

export interface Upload extends UploadedFile {
  /** Text fields of the form. */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart form field, through the one reader: it stays in its temp file
 * (removed when the request ends), at most `maxBytes`. Refuses with `missing` when the request is not multipart or
 * has no such file, `tooLarge` past the limit.
 */
export async function readUpload(req: FastifyRequest, field: string, maxBytes: number, errors: { missing: AppError; tooLarge: AppError }): Promise<Upload> {
  const form = await readMultipart(req, {
    field,
    maxFileBytes: maxBytes,
    // Other files are read past and dropped, as before; a few at most.
    maxFiles: 5,
    notMultipart: () => errors.missing,
    fileTooLarge: () => errors.tooLarge,
    tooManyFiles: () => errors.tooLarge,
  });
  const [found] = form.files;
  if (!found) throw errors.missing;
  return { ...found, fields: form.fields };
}
