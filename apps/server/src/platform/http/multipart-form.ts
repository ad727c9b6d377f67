import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors';
import { XLSX_MAX_BYTES } from './excel';
import { readMultipart, readUploadedFile, type UploadedFile } from './multipart';

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
 * Text fields and files of a multipart form through the one reader: files stay in their temp
 * files (removed when the request ends) under the caps; a 400 when it is not multipart or over a limit.
 */
export function readForm(req: FastifyRequest, opts: ReadFormOptions = {}): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const maxBytes = UPLOAD_MAX_MB * 1024 * 1024;
  return readMultipart(req, {
    maxFileBytes: maxBytes,
    maxFiles: UPLOAD_MAX_FILES,
    beforeFiles: opts.beforeFiles,
    notMultipart: () => badRequest('explorer.noFile'),
    fileTooLarge: () => badRequest('field.tooBig', { field: 'file', max: `${UPLOAD_MAX_MB} MB` }),
    tooManyFiles: () => badRequest('field.tooBig', { field: 'file', max: UPLOAD_MAX_FILES }),
  });
}

/** The one workbook of an Excel import form, read into memory under the workbook cap ("Please upload an .xlsx file" when none). */
export async function readWorkbook(req: FastifyRequest): Promise<{ filename: string; buffer: Buffer }> {
  const [file] = (await readForm(req)).files;
  if (!file) throw badRequest('product.needsExcel');
  return { filename: file.filename, buffer: await readUploadedFile(file, XLSX_MAX_BYTES) };
}

/** A form's text fields checked like a body: the first problem names its field (missing, or not valid). */
export function formFields<S extends z.ZodType>(schema: S, raw: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'body';
    throw badRequest(raw[field] === undefined || raw[field] === '' ? 'field.required' : 'field.invalid', { field });
  }
  return parsed.data;
}
