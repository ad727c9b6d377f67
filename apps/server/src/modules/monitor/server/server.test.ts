import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { runTimeText, sizeText } from './server.service';

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
    expect(sysFiles[0].totalBytes).toBeGreaterThan(0);
  });

  it("answers in RuoYi's shape: memory in GB, the runtime as jvm, disks with sysTypeName and sizes as text", async () => {
    const { mem, jvm, sys, sysFiles, runtime } = (await watcher.get('/prod-api/monitor/server')).body.data;
    // Memory: GB with two decimals beside the bytes.
    expect(mem.total).toBeCloseTo(mem.totalBytes / 1024 ** 3, 2);
    expect(mem.free).toBeCloseTo(mem.freeBytes / 1024 ** 3, 2);
    expect(mem.total).toBeLessThan(10_000);
    expect(Math.round(mem.total * 100)).toBe(mem.total * 100);
    expect(mem.usage).toBeCloseTo((mem.usedBytes / mem.totalBytes) * 100, 1);
    // jvm: Node's heap in MB, its name, version, home, start, run time and arguments.
    expect(jvm).toMatchObject({ name: 'Node.js', version: process.version, home: path.dirname(path.dirname(process.execPath)) });
    expect(jvm.total).toBeCloseTo(runtime.heapTotal / 1024 ** 2, 0);
    expect(jvm.used).toBeGreaterThan(0);
    expect(jvm.max).toBeGreaterThan(jvm.total);
    expect(jvm.free).toBeCloseTo(jvm.total - jvm.used, 1);
    expect(jvm.usage).toBeGreaterThan(0);
    expect(jvm.usage).toBeLessThanOrEqual(100);
    expect(jvm.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(jvm.runTime).toMatch(/^\d+ minutes?$|\d+ (day|hour)/);
    expect(jvm.inputArgs).toBe(`[${process.execArgv.join(', ')}]`);
    expect(sys.userDir).toBe(process.cwd());
    // Disks: the file system as sysTypeName, sizes as text like RuoYi's ("12.3 GB").
    const [disk] = sysFiles;
    expect(disk.sysTypeName).not.toBe('');
    expect(disk.typeName).not.toBe('');
    for (const size of [disk.total, disk.free, disk.used]) expect(size).toMatch(/^\d+(\.\d)? (GB|MB|KB)$|^\d+ B$/);
    expect(disk.total).toBe(sizeText(disk.totalBytes));
    const zh = await watcher.request({ method: 'GET', url: '/prod-api/monitor/server', headers: { 'accept-language': 'zh' } });
    expect(zh.body.data.jvm.runTime).toMatch(/^(\d+天)?(\d+小时)?\d*(分钟)?$/);
    expect(zh.body.data.jvm.runTime).toMatch(/分钟|小时|天/);
  });

  it('writes sizes and run times as RuoYi does', () => {
    expect(sizeText(12)).toBe('12 B');
    expect(sizeText(3 * 1024)).toBe('3.0 KB');
    expect(sizeText(40.5 * 1024 ** 2)).toBe('40.5 MB');
    expect(sizeText(512 * 1024 ** 2)).toBe('512 MB');
    expect(sizeText(12.34 * 1024 ** 3)).toBe('12.3 GB');
    expect(runTimeText(59, 'en')).toBe('0 minutes');
    expect(runTimeText(61, 'en')).toBe('1 minute');
    expect(runTimeText(86_400 + 2 * 3600 + 3 * 60 + 9, 'en')).toBe('1 day 2 hours 3 minutes');
    expect(runTimeText(2 * 86_400 + 5 * 60, 'zh')).toBe('2天5分钟');
    expect(runTimeText(3600, 'zh')).toBe('1小时');
  });

  it('is refused without monitor:server:list', async () => {
    expect((await nobody.get('/prod-api/monitor/server')).status).toBe(403);
    expect((await t.anonymous.get('/prod-api/monitor/server')).status).toBe(401);
  });
});
