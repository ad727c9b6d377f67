import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Storage } from './storage';

/**
 * Every object of a store (or of a scope of one) as one zip, streamed: keys in sorted order,
 * each object opened only when the zip reaches it, so one read is open at a time whichever
 * store holds them. `mtime` fixes the entries' times (the same objects zip to the same bytes).
 */
export async function zipOfStore(store: Storage, options: { mtime?: Date } = {}): Promise<Readable> {
  const zip = new yazl.ZipFile();
  const keys: string[] = [];
  for await (const o of store.list('')) keys.push(o.key);
  for (const key of keys.sort()) {
    zip.addReadStreamLazy(key, options.mtime ? { mtime: options.mtime } : {}, (done) => {
      store.read(key).then(
        (stream) => done(null, stream),
        (err: Error) => done(err, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}
