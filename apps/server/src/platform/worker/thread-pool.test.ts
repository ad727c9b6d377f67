import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type ThreadPool, threadPool } from './thread-pool';

const ENTRY = new URL('../../../test/thread-tasks.ts', import.meta.url);

describe('thread pool', () => {
  let pool: ThreadPool;
  afterEach(async () => pool?.close());

  it('runs a task on another thread and answers its result', async () => {
    pool = threadPool({ name: 'test', entry: ENTRY, size: 2 });
    const got = await pool.run<{ threadId: number; input: unknown }>('echo', { a: [1, 'two'], b: Buffer.from('x') });
    expect(got.threadId).not.toBe(threadId);
    expect(got.input).toEqual({ a: [1, 'two'], b: new Uint8Array(Buffer.from('x')) });
    expect(pool.busy).toBe(0);
  });

  it("answers a task's questions from the server, and sends a refused answer as the task's error", async () => {
    pool = threadPool({ name: 'test', entry: ENTRY, size: 1 });
    const answer = async (q: unknown) => {
      if (q === 'secret') throw new Error('not yours');
      return `${q}!`;
    };
    expect(await pool.run('ask', { questions: ['a', 'b'] }, answer)).toEqual(['a!', 'b!']);
    await expect(pool.run('ask', { questions: ['a', 'secret'] }, answer)).rejects.toThrow('not yours');
    await expect(pool.run('fail', {})).rejects.toThrow('refused on purpose');
    await expect(pool.run('nothing', {})).rejects.toThrow('no task nothing');
  });

  it('keeps the request loop free while a task holds its thread', async () => {
    pool = threadPool({ name: 'test', entry: ENTRY, size: 1 });
    await pool.run('echo', null); // started and loaded, outside the measure
    const order: string[] = [];
    const spinning = pool.run<number>('spin', { ms: 1500 }).then(() => order.push('spin'));
    await new Promise((r) => setTimeout(r, 20)).then(() => order.push('timer'));
    await spinning;
    // On the request loop the 20 ms timer would wait the whole 1.5 s and come second.
    expect(order).toEqual(['timer', 'spin']);
  });

  it('spreads tasks over the threads, and a thread that ends fails only its own tasks and starts again', async () => {
    pool = threadPool({ name: 'test', entry: ENTRY, size: 2 });
    const [a, b] = await Promise.all([pool.run<{ threadId: number }>('echo', 1), pool.run<{ threadId: number }>('echo', 2)]);
    expect(a.threadId).not.toBe(b.threadId);
    await expect(pool.run('crash', {})).rejects.toThrow('test thread ended: exit code 3');
    const again = await pool.run<{ input: unknown }>('echo', 3);
    expect(again.input).toBe(3);
  });

  it('refuses an input or an answer that cannot cross threads, leaving nothing waiting', async () => {
    pool = threadPool({ name: 'test', entry: ENTRY, size: 1 });
    await expect(pool.run('echo', { f: () => 1 })).rejects.toThrow(/could not be cloned/);
    await expect(pool.run('ask', { questions: ['a'] }, async () => () => 1)).rejects.toThrow(/could not be cloned/);
    expect(pool.busy).toBe(0);
    expect(await pool.run<{ input: unknown }>('echo', 'still here')).toMatchObject({ input: 'still here' });
  });

  it('refuses tasks once closed', async () => {
    pool = threadPool({ name: 'test', entry: ENTRY, size: 1 });
    await pool.run('echo', null);
    await pool.close();
    await expect(pool.run('echo', null)).rejects.toThrow('test threads are closed');
  });
});
