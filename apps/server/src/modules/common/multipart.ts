import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors';

export interface IncomingFile {
  filename: string;
  buffer: Buffer;
}

const codeOf = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? err.code : undefined);

/**
 * The files of one multipart field, read into memory. Past `maxBytes` a file is refused as too
 * large, past `maxFiles` the request as too many; nothing is stored until every file has passed.
 */
export async function readFiles(req: FastifyRequest, field: string, limits: { maxBytes: number; maxFiles: number; maxMb: number }): Promise<IncomingFile[]> {
  if (!req.isMultipart()) throw badRequest('upload.required', { field });
  const files: IncomingFile[] = [];
  try {
    // One byte over the limit is enough to know a file is too large; one file over the count, too many.
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles + 1 } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname !== field) continue;
      if (files.length >= limits.maxFiles) throw badRequest('upload.tooMany', { field, max: limits.maxFiles });
      files.push({ filename: part.filename, buffer });
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('upload.tooLarge', { field, max: limits.maxMb });
    if (codeOf(err) === 'FST_FILES_LIMIT') throw badRequest('upload.tooMany', { field, max: limits.maxFiles });
    throw err;
  }
  if (files.length === 0) throw badRequest('upload.required', { field });
  return files;
}
