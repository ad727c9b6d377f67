import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionCache } from '../auth/session-cache';
import { memoryStore } from '../cache/store';
import { platformJobHandlers } from './platform-jobs';
import { defineJobHandler, jobRegistry } from './registry';

const spec = (name: string) => ({
  name,
  description: { zh: '测试', en: 'Test' },
  schema: z.object({ n: z.number().int().default(1) }).strict(),
  async run({ n }: { n: number }) {
    return `ran ${n}`;
  },
});

describe('job registry', () => {
  it('holds the handlers registered on it, by name, and no other registry sees them', () => {
    const one = jobRegistry();
    const other = jobRegistry();
    one.register(spec('b.second'));
    one.register(spec('a.first'));
    expect(one.handlers().map((h) => h.name)).toEqual(['a.first', 'b.second']);
    expect(one.handler('a.first')?.name).toBe('a.first');
    expect(other.handler('a.first')).toBeUndefined();
  });

  it('refuses a second handler under a name already taken', () => {
    const registry = jobRegistry(platformJobHandlers(sessionCache(memoryStore({ ttlSeconds: 60 }), { error: () => {} })));
    expect(() => registry.register(spec('log.cleanOld'))).toThrow('job handler "log.cleanOld" is registered twice');
  });

  it('refuses names sys_job.invoke_target cannot hold', () => {
    expect(() => defineJobHandler(spec('com.ruoyi.Task.run()'))).toThrow(/must be 1-100 letters/);
    expect(() => defineJobHandler(spec(''))).toThrow(/must be 1-100 letters/);
  });

  it('checks parameters with paths from invokeParams and runs with the parsed values', async () => {
    const handler = defineJobHandler(spec('p.check'));
    expect(handler.check({ n: 2 })).toBeNull();
    expect(handler.check({ n: 'x' })?.path).toEqual(['invokeParams', 'n']);
    expect(handler.check({ extra: 1 })).toMatchObject({ code: 'unrecognized_keys', keys: ['invokeParams.extra'] });
    const ctx = { db: undefined as never, storage: undefined as never, log: undefined as never, jobId: null, jobName: 'p' };
    expect(await handler.run(undefined, ctx)).toBe('ran 1');
  });
});
