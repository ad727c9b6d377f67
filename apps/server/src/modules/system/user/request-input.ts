import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../../platform/http/errors';

export interface Upload {
  filename: string;
  mimetype: string;
  buffer: Buffer;
  /** Text fields of the form. */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart form field, read into memory up to `maxBytes`. Refuses with
 * `missing` when the request is not multipart or has no such file, `tooLarge` past the limit.
 */
export async function readUpload(req: FastifyRequest, field: string, maxBytes: number, errors: { missing: AppError; tooLarge: AppError }): Promise<Upload> {
  if (!req.isMultipart()) throw errors.missing;
  const fields: Record<string, string> = {};
  let found: Omit<Upload, 'fields'> | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 5 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === field && !found) {
        found = { filename: part.filename, mimetype: part.mimetype, buffer: await part.toBuffer() };
      } else {
        // Other files are read and dropped so the form can be parsed to its end.
        await part.toBuffer();
      }
    }
  } catch (err) {
    if (err && typeof err === 'object' && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge;
    throw err;
  }
  if (!found) throw errors.missing;
  return { ...found, fields };
}
