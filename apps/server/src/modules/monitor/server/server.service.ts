import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { ServerInfo } from '@ccms/contracts/monitor/server';
import { localDateTime } from '../../../platform/http/wire-dates';

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

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
/** `n` rounded to two decimals. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A size as RuoYi's convertFileSize writes it: "12.3 GB", "512 MB", "40.5 MB", "3.0 KB", "12 B". */
export function sizeText(bytes: number): string {
  const scaled = (unit: number, name: string) => {
    const n = bytes / unit;
    return `${n > 100 && unit < GB ? n.toFixed(0) : n.toFixed(1)} ${name}`;
  };
  if (bytes >= GB) return scaled(GB, 'GB');
  if (bytes >= MB) return scaled(MB, 'MB');
  if (bytes >= KB) return scaled(KB, 'KB');
  return `${Math.max(0, Math.round(bytes))} B`;
}

/** Seconds as RuoYi's timeDistance writes them (days, hours, minutes) in the caller's language. */
export function runTimeText(seconds: number, lang: Language): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [
    [d, 'day'],
    [h, 'hour'],
    [m, 'minute'],
  ] as const;
  return parts
    .filter(([n], i) => n > 0 || (i === 2 && d === 0 && h === 0))
    .map(([n, unit]) => translate(lang, `server.runTime.${unit}${n === 1 ? '' : 's'}`, { n }))
    .join(lang === 'zh' ? '' : ' ');
}

/** The mount a directory sits on (the longest mount point containing it), from /proc/self/mounts where there is one. */
async function mountOf(dir: string): Promise<{ source: string; type: string } | null> {
  let text: string;
  try {
    text = await readFile('/proc/self/mounts', 'utf8');
  } catch {
    return null;
  }
  const target = path.resolve(dir);
  let best: { point: string; source: string; type: string } | null = null;
  for (const line of text.split('\n')) {
    const [source, rawPoint, type] = line.split(' ');
    if (!source || !rawPoint || !type) continue;
    // Mount points escape spaces and the like as octal (\040).
    const point = rawPoint.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
    const inside = point === '/' || target === point || target.startsWith(`${point}/`);
    if (inside && (!best || point.length >= best.point.length)) best = { point, source, type };
  }
  return best;
}

async function diskOf(dir: string): Promise<ServerInfo['sysFiles']> {
  try {
    const s = await statfs(dir);
    const total = s.blocks * s.bsize;
    const free = s.bavail * s.bsize;
    const used = total - free;
    const mount = await mountOf(dir);
    const fsType = mount?.type ?? FS_TYPES[s.type] ?? `0x${s.type.toString(16)}`;
    return [
      {
        dirName: dir,
        sysTypeName: fsType,
        typeName: mount?.source ?? fsType,
        total: sizeText(total),
        free: sizeText(free),
        used: sizeText(used),
        usage: percent(used, total),
        totalBytes: total,
        freeBytes: free,
        usedBytes: used,
      },
    ];
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
    async info(lang: Language): Promise<ServerInfo> {
      const cpus = os.cpus();
      const mem = process.memoryUsage();
      const totalMem = os.totalmem();
      const freeMem = os.freemem();
      const usedMem = totalMem - freeMem;
      const started = new Date(Date.now() - process.uptime() * 1000);
      return {
        cpu: { cpuNum: cpus.length, model: cpus[0]?.model ?? '', ...(await cpuLoad(sampleMs)), loadAverage: os.loadavg() },
        mem: {
          total: round2(totalMem / GB),
          used: round2(usedMem / GB),
          free: round2(freeMem / GB),
          usage: percent(usedMem, totalMem),
          totalBytes: totalMem,
          usedBytes: usedMem,
          freeBytes: freeMem,
        },
        jvm: {
          total: round2(mem.heapTotal / MB),
          max: round2(v8.getHeapStatistics().heap_size_limit / MB),
          free: round2((mem.heapTotal - mem.heapUsed) / MB),
          used: round2(mem.heapUsed / MB),
          usage: percent(mem.heapUsed, mem.heapTotal),
          name: 'Node.js',
          version: process.version,
          home: path.dirname(path.dirname(process.execPath)),
          startTime: localDateTime(started),
          runTime: runTimeText(process.uptime(), lang),
          inputArgs: `[${process.execArgv.join(', ')}]`,
        },
        runtime: {
          name: 'Node.js',
          version: process.version,
          pid: process.pid,
          startTime: started.toISOString(),
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
