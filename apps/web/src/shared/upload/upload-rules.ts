import { IMAGE_UPLOAD_TYPES, UPLOAD_DEFAULT_LIMIT, UPLOAD_DEFAULT_SIZE_MB, UPLOAD_DEFAULT_TYPES } from '@ccms/contracts/constants';

/** The upload rules of spec section 5. */
export interface UploadRules {
  /** Accepted types, matched against the MIME type or the extension; empty accepts anything. */
  fileType: readonly string[];
  /** Size limit in MB: a file must be strictly smaller. 0 means no limit. */
  fileSize: number;
  /** Most files the field holds. */
  limit: number;
}

export const FILE_RULES: UploadRules = { fileType: UPLOAD_DEFAULT_TYPES, fileSize: UPLOAD_DEFAULT_SIZE_MB, limit: UPLOAD_DEFAULT_LIMIT };
export const IMAGE_RULES: UploadRules = { fileType: IMAGE_UPLOAD_TYPES, fileSize: UPLOAD_DEFAULT_SIZE_MB, limit: UPLOAD_DEFAULT_LIMIT };

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** MIME types of the usual short type names, for files whose name has no telling extension. */
const MIME_OF: Record<string, readonly string[]> = {
  doc: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml'],
  xls: ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml'],
  ppt: ['application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml'],
  txt: ['text/plain'],
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
};

/**
 * A type matches when the MIME type or the extension contains it, as RuoYi checks ("doc" takes
 * .docx too), or when the MIME type is one the type name stands for (text/plain for txt).
 */
export function matchesType(file: { name: string; type: string }, types: readonly string[]): boolean {
  if (types.length === 0) return true;
  const mime = file.type.toLowerCase();
  const ext = extensionOf(file.name);
  return types.some((t) => {
    const type = t.toLowerCase();
    if (ext !== '' && ext.includes(type)) return true;
    if (mime === '') return false;
    return mime.includes(type) || (MIME_OF[type] ?? []).some((m) => mime.startsWith(m));
  });
}

/** Office types whose newer format has an "x" extension the rules accept too ("doc" takes .docx). */
const OPEN_XML = new Set(['doc', 'xls', 'ppt']);

/** The file picker's accept attribute: every extension the rules take, so .docx is not hidden. */
export const acceptOf = (types: readonly string[]) => types.flatMap((t) => (OPEN_XML.has(t.toLowerCase()) ? [`.${t}`, `.${t}x`] : [`.${t}`])).join(',');

/** Strictly smaller than the limit (spec section 5). */
export const withinSize = (file: { size: number }, sizeMb: number) => sizeMb <= 0 || file.size / 1024 / 1024 < sizeMb;

export type UploadRefusal = { reason: 'format' } | { reason: 'size' } | { reason: 'count' };

/** Why a file is refused, or null when it may go. `held` counts files already in the field or on their way. */
export function refusal(file: { name: string; type: string; size: number }, rules: UploadRules, held: number): UploadRefusal | null {
  if (rules.limit > 0 && held >= rules.limit) return { reason: 'count' };
  if (!matchesType(file, rules.fileType)) return { reason: 'format' };
  if (!withinSize(file, rules.fileSize)) return { reason: 'size' };
  return null;
}

/** Multi-value fields are stored comma-separated. */
export const splitValue = (value: string | readonly string[] | null | undefined): string[] =>
  Array.isArray(value) ? value.filter(Boolean) : typeof value === 'string' && value ? value.split(',').filter(Boolean) : [];

export const joinValue = (values: readonly string[]) => values.filter(Boolean).join(',');

/** A stored path's file name ("/profile/upload/2024/01/01/a_1.pdf" -> "a_1.pdf"). */
export const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The pending-upload counter (spec section 4): each accepted file raises it; finished uploads
 * wait until all succeeded, then merge into the list in one change.
 */
export class UploadQueue {
  private pending = 0;
  private finished: string[] = [];

  get size() {
    return this.pending;
  }

  accept() {
    this.pending++;
  }

  /** A file uploaded: returns the batch to merge once every pending file is done, else null. */
  succeed(path: string): string[] | null {
    this.finished.push(path);
    return this.flush();
  }

  /** A file failed: it no longer counts. */
  fail(): string[] | null {
    this.pending = Math.max(0, this.pending - 1);
    return this.flush();
  }

  private flush(): string[] | null {
    if (this.pending > 0 && this.finished.length >= this.pending) {
      const batch = this.finished;
      this.finished = [];
      this.pending = 0;
      return batch;
    }
    if (this.pending === 0 && this.finished.length > 0) {
      const batch = this.finished;
      this.finished = [];
      return batch;
    }
    return null;
  }
}
