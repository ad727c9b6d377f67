import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../platform/http/errors';

export interface FormFile {
  filename: string;
  buffer: Buffer;
}

/** Per-file limit of explorer uploads. */
export const UPLOAD_MAX_MB = 100;
const UPLOAD_MAX_FILES = 20;

const codeOf = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? err.code : undefined);

/** Text fields and files of a multipart form, read into memory; a 400 when it is not multipart or over a limit. */
export async function readForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: FormFile[] }> {
  if (!req.isMultipart()) throw badRequest('explorer.noFile');
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: UPLOAD_MAX_MB * 1024 * 1024, files: UPLOAD_MAX_FILES } })) {
      if (part.type === 'file') files.push({ filename: part.filename, buffer: await part.toBuffer() });
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('field.tooBig', { field: 'file', max: `${UPLOAD_MAX_MB} MB` });
    if (codeOf(err) === 'FST_FILES_LIMIT') throw badRequest('field.tooBig', { field: 'file', max: UPLOAD_MAX_FILES });
    throw err;
  }
  return { fields, files };
}
