import { localStorage } from './local-storage';
import { type ObjectStoreConfig, s3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * The scopes of the file store, each a folder of the data folder or a prefix of the bucket: what
 * the server writes there is what a backup copies. Areas take theirs with `app.store.scoped(...)`.
 */
export const STORE_SCOPES = {
  /** Uploads, avatars, work-item attachments, grammar packages (`app.storage`). */
  files: 'files',
  /** Published outputs, one prefix per output id. */
  outputs: 'publish/outputs',
  /** The download center's files, one folder per user. */
  downloads: 'downloads',
} as const;

/** The file store of an installation: its object store when CCMS_S3_* configures one, else its data folder. */
export function openFileStore(config: { dataDir: string; objectStore: ObjectStoreConfig | undefined }): Storage {
  return config.objectStore ? s3Storage(config.objectStore) : localStorage(config.dataDir);
}
