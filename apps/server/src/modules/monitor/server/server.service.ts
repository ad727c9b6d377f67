import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerInfo } from '@ccms/contracts/monitor/server';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** CPU time split over a short sample, like RuoYi's one-second oshi sample but shorter. */
async function cpuLoad(sampleMs: number) {
  const total = () =>
    os.cpus().reduce(
      (acc, cpu) => ({
        user: acc.user + cpu.times.user + cpu.times.nice,
        sys: acc.sys + cpu.times.sys,
        irq: acc.irq + cpu.times.irq,
        idle: acc.idle + cpu.times.idle,
      }),
      { user: 0, sys: 0, irq: 0, idle: 0 },
    );
  const before = total();
  await sleep(sampleMs);
  const after = total();
  const d = { user: after.user - before.user, sys: after.sys - before.sys, irq: after.irq - before.irq, idle: after.idle - before.idle };
  const all = d.user + d.sys + d.irq + d.idle;
  return { used: percent(d.user, all), sys: percent(d.sys, all), wait: percent(d.irq, all), free: percent(d.idle, all) };
}

/** Names of the file systems a data directory usually sits on (statfs magic numbers). */
const FS_TYPES: Record<number, string> = {
  61267: 'ext4',
  1481003842: 'xfs',
  2435016766: 'btrfs',
  16914836: 'tmpfs',
  2035054128: 'overlay',
  26985: 'nfs',
  1702057286: 'fuse',
};

async function diskOf(dir: string) {
  try {
    const s = await statfs(dir);
    const total = s.blocks * s.bsize;
    const free = s.bavail * s.bsize;
    return [{ dirName: dir, typeName: FS_TYPES[s.type] ?? `0x${s.type.toString(16)}`, total, free, used: total - free, usage: percent(total - free, total) }];
  } catch {
    return [];
  }
}

function firstAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) return net.address;
  }
  return '127.0.0.1';
}

export function serverService(dataDir: string, sampleMs = 200) {
  return {
    async info(): Promise<ServerInfo> {
      const cpus = os.cpus();
      const mem = process.memoryUsage();
      const totalMem = os.totalmem();
      const freeMem = os.freemem();
      return {
        cpu: { cpuNum: cpus.length, model: cpus[0]?.model ?? '', ...(await cpuLoad(sampleMs)), loadAverage: os.loadavg() },
        mem: { total: totalMem, used: totalMem - freeMem, free: freeMem, usage: percent(totalMem - freeMem, totalMem) },
        runtime: {
          name: 'Node.js',
          version: process.version,
          pid: process.pid,
          startTime: new Date(Date.now() - process.uptime() * 1000).toISOString(),
          uptime: Math.round(process.uptime()),
          rss: mem.rss,
          heapTotal: mem.heapTotal,
          heapUsed: mem.heapUsed,
          external: mem.external,
          heapUsage: percent(mem.heapUsed, mem.heapTotal),
          execPath: process.execPath,
          inputArgs: process.execArgv,
        },
        sys: {
          computerName: os.hostname(),
          computerIp: firstAddress(),
          osName: `${os.type()} ${os.release()}`,
          osArch: os.arch(),
          userDir: process.cwd(),
          uptime: Math.round(os.uptime()),
        },
        sysFiles: await diskOf(dataDir),
      };
    },
  };
}
