import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ObjectStoreConfig } from './s3-storage';

interface S3rverLike {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverLike;

/** A real S3-protocol server on 127.0.0.1 (s3rver, in this process), with a bucket and a fresh key pair; `stop` removes its files. */
export interface TestObjectStore {
  config: ObjectStoreConfig;
  stop(): Promise<void>;
}

export async function startObjectStore(bucket = 'ccms'): Promise<TestObjectStore> {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as S3rverClass;
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  // A key pair of this run's own: s3rver checks every request's signature against it.
  const accessKeyId = `test-${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(24).toString('base64url');
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  const directory = await mkdtemp(path.join(tmpdir(), 'ccms-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle: true },
    async stop() {
      await server.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
