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
 * CPU spent per request by the server process, by every PostgreSQL process on the machine and by
 * this (the load) process, between start() and report(): on a machine where all three share the
 * cores, these figures, not the latencies, say where the time goes. Linux only; elsewhere zeros.
 */
export function cpuMeter(serverPid: number | undefined) {
  const start = { server: serverPid ? ticksOf(serverPid) : 0, pg: postgresTicks(), client: process.cpuUsage() };
  return {
    report(requests: number, opts: { postgres: boolean }): string {
      const ms = (ticks: number) => ((ticks * 1000) / HZ / requests).toFixed(2);
      const client = process.cpuUsage(start.client);
      const parts = [`server ${ms((serverPid ? ticksOf(serverPid) : 0) - start.server)}`];
      if (opts.postgres) parts.push(`postgres ${ms(postgresTicks() - start.pg)}`);
      parts.push(`load client ${((client.user + client.system) / 1000 / requests).toFixed(2)}`);
      return `CPU ms per request: ${parts.join(', ')}`;
    },
  };
}
