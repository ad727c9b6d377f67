import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../platform/http/errors';
import { readMultipart, readUploadedFile } from '../../../platform/http/multipart';

export interface FormFile {
  filename: string;
  buffer: Buffer;
}

/** Per-file limit of explorer uploads. */
export const UPLOAD_MAX_MB = 100;
const UPLOAD_MAX_FILES = 20;

export interface ReadFormOptions {
  /**
   * Runs once with the text fields read so far, before the first file is read (or at the end
   * when there is none); when it throws, the files are left unread and the error answers.
   */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
}

/**
 * Text fields and files of a multipart form through the one reader (files streamed to temp
 * files under the caps, then read back one by one); a 400 when it is not multipart or over a limit.
 */
export async function readForm(req: FastifyRequest, opts: ReadFormOptions = {}): Promise<{ fields: Record<string, string>; files: FormFile[] }> {
  const maxBytes = UPLOAD_MAX_MB * 1024 * 1024;
  const form = await readMultipart(req, {
    maxFileBytes: maxBytes,
    maxFiles: UPLOAD_MAX_FILES,
    beforeFiles: opts.beforeFiles,
    notMultipart: () => badRequest('explorer.noFile'),
    fileTooLarge: () => badRequest('field.tooBig', { field: 'file', max: `${UPLOAD_MAX_MB} MB` }),
    tooManyFiles: () => badRequest('field.tooBig', { field: 'file', max: UPLOAD_MAX_FILES }),
  });
  const files: FormFile[] = [];
  for (const file of form.files) files.push({ filename: file.filename, buffer: await readUploadedFile(file, maxBytes) });
  return { fields: form.fields, files };
}
