import { serveTasks } from '../worker/thread-tasks';
import { buildCommit, type HeldObject, TreeError } from './commit-builder';
import type { ThreadBuildInput, ThreadBuilt } from './commit-writer';
import { writeLooseObjectNow } from './loose-objects';

/*
 * The commit thread (commit-writer.ts): a save's commit built here, its objects written at once
 * (no trip through libuv's pool per step) and the parent's folders read through this thread's own
 * reader of the clone, so a batch of saves does not wait for the request loop between its steps.
 */

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

serveTasks({
  build: async (input: ThreadBuildInput): Promise<ThreadBuilt> => {
    const held: HeldObject[] = [];
    const changes = input.changes.map((c) => (c.op === 'put' ? { op: 'put' as const, path: c.path, content: bytes(c.content) } : c));
    try {
      const oid = await buildCommit(input.dir, input.parent, changes, input.message, input.author, {
        write: (type, body) => writeLooseObjectNow(input.dir, type, body),
        keep: (o) => held.push(o),
      });
      return { oid, held };
    } catch (err) {
      if (err instanceof TreeError) return { treeError: { reason: err.reason, path: err.path } };
      throw err;
    }
  },
});
