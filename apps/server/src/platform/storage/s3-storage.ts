import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteRange, joinKey, normalizeKey, type Storage, StoredObjectMissing, UnsafePathError } from './storage';

/** An S3-compatible object store, as the CCMS_S3_* settings name it. */
export interface ObjectStoreConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (endpoint/bucket/key), as MinIO, Ceph and most self-hosted stores want. */
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** The client one process shares across every scope of the store (one connection pool). */
export function s3Client(config: ObjectStoreConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the operation requires one: the SDK's default adds trailing CRC
    // checksums to every upload, which many S3-compatible stores do not read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The object-store backend: a key is an object under the store's prefix in the bucket. Uploads
 * of streams go in parts (any size, length unknown); a folder prefix is every key under "prefix/".
 */
export function s3Storage(config: ObjectStoreConfig, client = s3Client(config), root = ''): Storage {
  const Bucket = config.bucket;
  const where = `s3://${Bucket}${root ? `/${root}` : ''} at ${new URL(config.endpoint).host}`;
  const keyOf = (key: string) => {
    const full = joinKey(root, key);
    if (!full) throw new UnsafePathError(key);
    return full;
  };
  const relative = (full: string) => (root ? full.slice(root.length + 1) : full);

  async function* listFull(prefix: string): AsyncIterable<{ Key: string; Size: number }> {
    const p = joinKey(root, prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: p ? `${p}/` : undefined, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) yield { Key: o.Key, Size: o.Size ?? 0 };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function get(key: string, range?: ByteRange) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    } catch (err) {
      if (isMissing(err)) throw new StoredObjectMissing(where, key);
      throw err;
    }
  }

  async function put(key: string, data: Buffer | Readable): Promise<void> {
    const Key = keyOf(key);
    if (Buffer.isBuffer(data)) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
      return;
    }
    await new Upload({ client, params: { Bucket, Key, Body: data }, queueSize: 2, partSize: 8 * 1024 * 1024 }).done();
  }

  return {
    where,
    put,
    async read(key, range) {
      return (await get(key, range)).Body as Readable;
    },
    async open(key) {
      const res = await get(key);
      return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
    },
    async moveIn(key, file) {
      const { size } = await stat(file);
      await put(key, createReadStream(file));
      await rm(file, { force: true });
      return size;
    },
    async size(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return res.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async removeAll(prefix) {
      if (!normalizeKey(prefix)) throw new UnsafePathError(prefix);
      let batch: { Key: string }[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
        const failed = res.Errors?.[0];
        if (failed) throw new Error(`could not remove ${failed.Key} from ${where}: ${failed.Code ?? ''} ${failed.Message ?? ''}`.trim());
      };
      for await (const o of listFull(prefix)) {
        batch.push({ Key: o.Key });
        if (batch.length === 1000) await flush();
      }
      await flush();
    },
    async *list(prefix) {
      for await (const o of listFull(prefix)) yield { key: relative(o.Key), size: o.Size };
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    scoped(prefix) {
      return s3Storage(config, client, keyOf(prefix));
    },
  };
}
