import { describe, expect, it } from 'vitest';
import { metrics, observePublish, timeGit } from './metrics';

/** A sample's value in the process registry's text (0 when absent). */
async function sample(line: string): Promise<number> {
  const text = await metrics.render();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('process metrics', () => {
  it('times git work by result, and passes its answer or its error through', async () => {
    const ok = await sample('ccms_git_fetch_duration_seconds_count{result="ok"}');
    const failed = await sample('ccms_git_push_duration_seconds_count{result="error"}');
    await expect(timeGit('fetch', async () => 'abc123')).resolves.toBe('abc123');
    await expect(timeGit('push', () => Promise.reject(new Error('remote rejected')))).rejects.toThrow('remote rejected');
    expect(await sample('ccms_git_fetch_duration_seconds_count{result="ok"}')).toBe(ok + 1);
    expect(await sample('ccms_git_push_duration_seconds_count{result="error"}')).toBe(failed + 1);
  });

  it('observes publishes in seconds', async () => {
    const count = await sample('ccms_publish_duration_seconds_count{result="success"}');
    const under5 = await sample('ccms_publish_duration_seconds_bucket{result="success",le="5"}');
    observePublish('success', 4200);
    expect(await sample('ccms_publish_duration_seconds_count{result="success"}')).toBe(count + 1);
    expect(await sample('ccms_publish_duration_seconds_bucket{result="success",le="5"}')).toBe(under5 + 1);
  });
});
