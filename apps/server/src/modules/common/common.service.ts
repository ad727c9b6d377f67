import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DOWNLOAD_FOLDER, RESOURCE_PREFIX, UPLOAD_ALLOWED_EXTENSIONS, UPLOAD_FOLDER } from '@ccms/contracts/common';
import { UPLOAD_DEFAULT_LIMIT, UPLOAD_DEFAULT_SIZE_MB } from '@ccms/contracts/constants';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { type Storage, StoredObjectMissing, UnsafePathError } from '../../platform/storage/storage';
import { configValue } from '../system/config/config.queries';

/** sys_config key holding the upload size limit in MB; absent or not a positive number means the spec's 5. */
export const UPLOAD_MAX_SIZE_KEY = 'sys.upload.maxSizeMb';

const allowed = new Set<string>(UPLOAD_ALLOWED_EXTENSIONS);
const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The client's file name reduced to letters, digits, _ . - (any path it carried dropped). */
function sanitizedBase(original: string): string {
  const name = original.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
    .slice(0, 80)
    .replace(/^[._-]+|[._-]+$/g, '');
  return base || 'file';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A name inside a storage folder as the caller gave it, refused (400 naming `field`) when it
 * could point anywhere else: NUL, backslashes, absolute or drive paths, empty, "." or ".."
 * segments, also when they show only after one more decoding (%2e%2e sent encoded twice).
 */
function checkRelativeName(name: string, field: string): void {
  const refuse = () => badRequest('download.nameInvalid', { field });
  const unsafe = (text: string) =>
    text.includes('\0') ||
    text.includes('\\') ||
    text.startsWith('/') ||
    /^[a-zA-Z]:/.test(text) ||
    text.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (unsafe(name)) throw refuse();
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    throw refuse();
  }
  if (decoded !== name && unsafe(decoded)) throw refuse();
  const ext = extensionOf(name);
  if (!allowed.has(ext)) throw badRequest('download.typeNotAllowed', { field, ext: ext || '-' });
}

export interface Download {
  stream: Readable;
  size: number;
  /** Name the browser saves the file under. */
  downloadName: string;
  /** Storage key, for removal after sending. */
  key: string;
}

export function commonService(db: Db, storage: Storage) {
  /** Opens a file of `folder` through the store: the key cannot leave the folder, nor (on the data folder) a link lead out of it. */
  async function openInside(folder: string, relative: string, field: string): Promise<Omit<Download, 'downloadName'>> {
    checkRelativeName(relative, field);
    const refused = (err: unknown): never => {
      if (err instanceof UnsafePathError) throw badRequest('download.nameInvalid', { field });
      if (err instanceof StoredObjectMissing) throw notFound('download.notFound');
      throw err;
    };
    const { stream, size } = await storage.scoped(folder).open(relative).catch(refused);
    return { stream, size, key: `${folder}/${relative}` };
  }

  return {
    /** Size and count limits of an upload: MB from sys_config, the spec's default count. */
    async limits() {
      const configured = Number(await configValue(db, UPLOAD_MAX_SIZE_KEY));
      const maxMb = Number.isFinite(configured) && configured > 0 ? configured : UPLOAD_DEFAULT_SIZE_MB;
      return { maxMb, maxBytes: Math.floor(maxMb * 1024 * 1024), maxFiles: UPLOAD_DEFAULT_LIMIT };
    },

    /** Checks every file (type, size strictly below the limit) before any is stored, then stores them all. */
    async store(files: UploadedFile[], field: string, maxMb: number) {
      const maxBytes = Math.floor(maxMb * 1024 * 1024);
      for (const file of files) {
        if (!allowed.has(extensionOf(file.filename))) throw badRequest('upload.typeNotAllowed', { field, allowed: UPLOAD_ALLOWED_EXTENSIONS.join('/') });
        if (file.size >= maxBytes) throw badRequest('upload.tooLarge', { field, max: maxMb });
      }
      const now = new Date();
      const folder = `${UPLOAD_FOLDER}/${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`;
      const stored: { fileName: string; newFileName: string; originalFilename: string }[] = [];
      for (const file of files) {
        const newFileName = `${sanitizedBase(file.filename)}_${randomBytes(8).toString('hex')}.${extensionOf(file.filename)}`;
        await storage.put(`${folder}/${newFileName}`, createReadStream(file.path));
        stored.push({ fileName: `${RESOURCE_PREFIX}/${folder}/${newFileName}`, newFileName, originalFilename: file.filename });
      }
      return stored;
    },

    /** A file of the download folder (finished exports); it is saved under the part of its name after the first "_". */
    async openDownload(fileName: string): Promise<Download> {
      const opened = await openInside(DOWNLOAD_FOLDER, fileName, 'fileName');
      const base = path.posix.basename(fileName);
      return { ...opened, downloadName: base.slice(base.indexOf('_') + 1) || base };
    },

    /** An uploaded file, named as /common/upload answered it ("/profile/upload/...") or by its storage key ("upload/..."). */
    async openResource(resource: string): Promise<Download> {
      const key = resource.startsWith(`${RESOURCE_PREFIX}/`) ? resource.slice(RESOURCE_PREFIX.length + 1) : resource;
      if (!key.startsWith(`${UPLOAD_FOLDER}/`)) throw badRequest('download.nameInvalid', { field: 'resource' });
      const opened = await openInside(UPLOAD_FOLDER, key.slice(UPLOAD_FOLDER.length + 1), 'resource');
      return { ...opened, downloadName: path.posix.basename(key) };
    },

    remove: (key: string) => storage.remove(key),
  };
}
