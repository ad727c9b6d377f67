import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { HostKeyChangedError, openSession, type RemoteTarget } from './remote-session';

export interface DeliverFileInput {
  target: RemoteTarget;
  localFile: string;
  /** Absolute folder on the server. */
  remoteDir: string;
  fileName: string;
  /** Names the temporary file, so a retry overwrites its own earlier part and nobody else's. */
  tempTag: string;
  attempts?: number;
  /** Wait before the second attempt; doubled for each further one. */
  backoffMs?: number;
  /** How long connecting and signing in may take (openSession's default when absent). */
  timeoutMs?: number;
  /** Called before each attempt (1-based). */
  onAttempt?: (attempt: number) => void | Promise<void>;
}

export interface DeliveryResult {
  remotePath: string;
  bytes: number;
  sha256: string;
  attempts: number;
  durationMs: number;
}

/** Failed after every attempt: the last error, with how many attempts ran. */
export class DeliveryError extends Error {
  constructor(
    override readonly cause: Error,
    readonly attempts: number,
  ) {
    super(cause.message);
    this.name = 'DeliveryError';
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one file to a temporary name beside its final one, then renames it into place, so a
 * reader of the folder sees the old file or the whole new one, never a part. A dropped
 * connection or a server error is retried with exponential backoff; a changed host key is not.
 */
export async function deliverFile(input: DeliverFileInput): Promise<DeliveryResult> {
  const started = Date.now();
  const attempts = Math.max(1, input.attempts ?? 3);
  const backoffMs = input.backoffMs ?? 2000;
  const [bytes, sha256] = [(await stat(input.localFile)).size, await sha256Of(input.localFile)];
  const finalPath = posix.join(input.remoteDir, input.fileName);
  const tempPath = posix.join(input.remoteDir, `.${input.fileName}.${input.tempTag}.part`);
  let last: Error = new Error('not attempted');
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
    await input.onAttempt?.(attempt);
    let session: Awaited<ReturnType<typeof openSession>> | null = null;
    try {
      session = await openSession(input.target, input.timeoutMs);
      await session.mkdirp(input.remoteDir);
      // A try cut off before (its process killed) may have left its part file: start it over.
      await session.remove(tempPath).catch(() => undefined);
      await session.upload(input.localFile, tempPath);
      await session.replace(tempPath, finalPath);
      return { remotePath: finalPath, bytes, sha256, attempts: attempt, durationMs: Date.now() - started };
    } catch (err) {
      last = err instanceof Error ? err : new Error(String(err));
      if (session) await session.remove(tempPath).catch(() => undefined);
      if (last instanceof HostKeyChangedError) return Promise.reject(new DeliveryError(last, attempt));
    } finally {
      session?.close();
    }
  }
  throw new DeliveryError(last, attempts);
}
