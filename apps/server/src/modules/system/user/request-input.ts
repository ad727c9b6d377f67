import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../../platform/http/errors';
import { readMultipart, readUploadedFile } from '../../../platform/http/multipart';

export interface Upload {
  filename: string;
  mimetype: string;
  buffer: Buffer;
  /** Text fields of the form. */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart form field, through the one reader (streamed to a temp file,
 * then read back up to `maxBytes`). Refuses with `missing` when the request is not multipart or
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
  return { filename: found.filename, mimetype: found.mimetype, buffer: await readUploadedFile(found, maxBytes), fields: form.fields };
}
