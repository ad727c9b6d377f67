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

export interface ReadFormOptions {
  /**
   * Runs once with the text fields read so far, before the first file is read (or at the end
   * when there is none); when it throws, the files are left unread and the error answers.
   */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
}

/** Text fields and files of a multipart form, read into memory; a 400 when it is not multipart or over a limit. */
export async function readForm(req: FastifyRequest, opts: ReadFormOptions = {}): Promise<{ fields: Record<string, string>; files: FormFile[] }> {
  if (!req.isMultipart()) throw badRequest('explorer.noFile');
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  let checked = false;
  const check = async () => {
    if (checked) return;
    checked = true;
    await opts.beforeFiles?.({ ...fields });
  };
  try {
    for await (const part of req.parts({ limits: { fileSize: UPLOAD_MAX_MB * 1024 * 1024, files: UPLOAD_MAX_FILES } })) {
      if (part.type === 'file') {
        try {
          await check();
        } catch (err) {
          // Not a byte more of the body is parsed: the request ends with the error.
          part.file.destroy();
          throw err;
        }
        files.push({ filename: part.filename, buffer: await part.toBuffer() });
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('field.tooBig', { field: 'file', max: `${UPLOAD_MAX_MB} MB` });
    if (codeOf(err) === 'FST_FILES_LIMIT') throw badRequest('field.tooBig', { field: 'file', max: UPLOAD_MAX_FILES });
    throw err;
  }
  await check();
  return { fields, files };
}
