import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let watcher: Caller;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp();
  watcher = await callerWith(t, 'watcher', ['monitor:server:list']);
  nobody = await callerWith(t, 'nobody', []);
});
afterAll(() => t.close());

describe('GET /monitor/server', () => {
  it('describes CPU, memory, the Node.js runtime, the host and the data directory disk', async () => {
    const res = await watcher.get('/prod-api/monitor/server');
    expect(res.status).toBe(200);
    const { cpu, mem, runtime, sys, sysFiles } = res.body.data;
    expect(cpu.cpuNum).toBeGreaterThan(0);
    expect(cpu.used + cpu.sys + cpu.wait + cpu.free).toBeGreaterThan(0);
    expect(mem.total).toBeGreaterThan(mem.free);
    expect(mem.usage).toBeGreaterThan(0);
    expect(runtime).toMatchObject({ name: 'Node.js', version: process.version, pid: process.pid });
    expect(runtime.heapUsed).toBeGreaterThan(0);
    expect(sys.computerName).not.toBe('');
    expect(sysFiles).toEqual([expect.objectContaining({ dirName: t.dataDir })]);
    expect(sysFiles[0].total).toBeGreaterThan(0);
  });

  it('is refused without monitor:server:list', async () => {
    expect((await nobody.get('/prod-api/monitor/server')).status).toBe(403);
    expect((await t.anonymous.get('/prod-api/monitor/server')).status).toBe(401);
  });
});
