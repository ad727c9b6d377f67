import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors';
import { readMultipart, readUploadedFile } from '../../platform/http/multipart';

export interface IncomingFile {
  filename: string;
  buffer: Buffer;
}

/**
 * The files of one multipart field, through the one reader (streamed to temp files under the
 * caps, then read back). Past `maxBytes` a file is refused as too large, past `maxFiles` the
 * request as too many; nothing is stored until every file has passed.
 */
export async function readFiles(req: FastifyRequest, field: string, limits: { maxBytes: number; maxFiles: number; maxMb: number }): Promise<IncomingFile[]> {
  const form = await readMultipart(req, {
    field,
    maxFileBytes: limits.maxBytes,
    maxFiles: limits.maxFiles,
    notMultipart: () => badRequest('upload.required', { field }),
    fileTooLarge: () => badRequest('upload.tooLarge', { field, max: limits.maxMb }),
    tooManyFiles: () => badRequest('upload.tooMany', { field, max: limits.maxFiles }),
  });
  if (form.files.length === 0) throw badRequest('upload.required', { field });
  const files: IncomingFile[] = [];
  for (const file of form.files) files.push({ filename: file.filename, buffer: await readUploadedFile(file, limits.maxBytes) });
  return files;
}
