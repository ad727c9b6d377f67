import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const HZ = 100;

function ticksOf(pid: number): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** utime + stime, and with `children` also cutime + cstime (the children it has waited for), of /proc/<pid>/stat. */
function statTicks(pid: number, children: boolean): { ticks: number; ppid: number } {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return { ticks: children ? own + Number(fields[13]) + Number(fields[14]) : own, ppid: Number(fields[1]) };
  } catch {
    return { ticks: 0, ppid: 0 };
  }
}

/**
 * The CPU of a process and of every process it started: its live descendants, and those ended
 * and waited for (cutime/cstime). The server starts git, its publish engine and its git process
 * helper: what they cost is the server's too.
 */
function treeTicks(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) parents.set(Number(entry), statTicks(Number(entry), false).ppid);
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, hops++) if (p === root) return true;
    return false;
  };
  let sum = 0;
  for (const pid of parents.keys()) if (inTree(pid)) sum += statTicks(pid, true).ticks;
  return sum;
}

function postgresTicks(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) sum += ticksOf(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  return sum;
}

/**
 * CPU spent per request by the server process (and with the processes it started: git, the
 * publish engine, the git process helper), by every PostgreSQL process on the machine and by this
 * (the load) process, between start() and report(): on a machine where all three share the cores,
 * these figures, not the latencies, say where the time goes. Linux only; elsewhere zeros.
 */
export function cpuMeter(serverPid: number | undefined) {
  const start = {
    server: serverPid ? ticksOf(serverPid) : 0,
    tree: serverPid ? treeTicks(serverPid) : 0,
    pg: postgresTicks(),
    client: process.cpuUsage(),
  };
  return {
    report(requests: number, opts: { postgres: boolean }): string {
      const ms = (ticks: number) => ((ticks * 1000) / HZ / requests).toFixed(2);
      const client = process.cpuUsage(start.client);
      const parts = [
        `server ${ms((serverPid ? ticksOf(serverPid) : 0) - start.server)}`,
        `server with the processes it started ${ms((serverPid ? treeTicks(serverPid) : 0) - start.tree)}`,
      ];
      if (opts.postgres) parts.push(`postgres ${ms(postgresTicks() - start.pg)}`);
      parts.push(`load client ${((client.user + client.system) / 1000 / requests).toFixed(2)}`);
      return `CPU ms per request: ${parts.join(', ')}`;
    },
  };
}
