import { z } from 'zod';

/** GET /monitor/server: the host and the Node.js process (RuoYi's Server, with a Node runtime in place of the JVM). */
export const ServerInfo = z.object({
  cpu: z.object({
    cpuNum: z.number(),
    model: z.string(),
    /** Percentages over a short sample. */
    used: z.number(),
    sys: z.number(),
    wait: z.number(),
    free: z.number(),
    loadAverage: z.array(z.number()),
  }),
  mem: z.object({
    /** Bytes. */
    total: z.number(),
    used: z.number(),
    free: z.number(),
    usage: z.number(),
  }),
  runtime: z.object({
    name: z.string(),
    version: z.string(),
    pid: z.number(),
    startTime: z.string(),
    /** Seconds since the process started. */
    uptime: z.number(),
    rss: z.number(),
    heapTotal: z.number(),
    heapUsed: z.number(),
    external: z.number(),
    heapUsage: z.number(),
    execPath: z.string(),
    inputArgs: z.array(z.string()),
  }),
  sys: z.object({
    computerName: z.string(),
    computerIp: z.string(),
    osName: z.string(),
    osArch: z.string(),
    userDir: z.string(),
    /** Seconds since the host booted. */
    uptime: z.number(),
  }),
  sysFiles: z.array(
    z.object({
      dirName: z.string(),
      typeName: z.string(),
      /** Bytes. */
      total: z.number(),
      free: z.number(),
      used: z.number(),
      usage: z.number(),
    }),
  ),
});
export type ServerInfo = z.infer<typeof ServerInfo>;

/** Server facts permission strings: routes declare them, the seeded menus grant them. */
export const ServerPerm = {
  list: 'monitor:server:list',
} as const;
