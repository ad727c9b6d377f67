import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf } from '../http';

/**
 * GET /monitor/server: the host and the Node.js process (RuoYi's Server, with a Node runtime in place of the JVM).
 * RuoYi's page reads `mem` in GB, `jvm` (heap in MB) and disks with sizes as text; this app's page reads the byte counts
 * beside them (`*Bytes`) and `runtime`.
 */
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
    /** GB, two decimals (RuoYi's Mem). */
    total: z.number(),
    used: z.number(),
    free: z.number(),
    /** Percent used. */
    usage: z.number(),
    totalBytes: z.number(),
    usedBytes: z.number(),
    freeBytes: z.number(),
  }),
  /** RuoYi's Jvm with Node.js's values: the V8 heap in MB (two decimals), the runtime's name, version, start and arguments. */
  jvm: z.object({
    total: z.number(),
    max: z.number(),
    free: z.number(),
    used: z.number(),
    usage: z.number(),
    name: z.string(),
    version: z.string(),
    /** The runtime's install directory (RuoYi: java.home). */
    home: z.string(),
    /** "YYYY-MM-DD HH:mm:ss", server local time. */
    startTime: z.string(),
    /** How long the process has run, as text in the caller's language ("1天2小时3分钟" / "1 day 2 hours 3 minutes"). */
    runTime: z.string(),
    /** The runtime's arguments as one text, "[--a, --b]" like RuoYi's. */
    inputArgs: z.string(),
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
      /** The file system (ext4, xfs, overlay…). */
      sysTypeName: z.string(),
      /** The device or source the directory's mount comes from; the file system when it is not known. */
      typeName: z.string(),
      /** Sizes as text ("12.3 GB"), as RuoYi sends them. */
      total: z.string(),
      free: z.string(),
      used: z.string(),
      usage: z.number(),
      totalBytes: z.number(),
      freeBytes: z.number(),
      usedBytes: z.number(),
    }),
  ),
});
export type ServerInfo = z.infer<typeof ServerInfo>;

/** Server facts permission strings: routes declare them, the seeded menus grant them. */
export const ServerPerm = {
  list: 'monitor:server:list',
} as const;

const tag = 'monitor/server';

/** The server monitor (RuoYi's ServerController): its URL, method, access and schemas, for the server's route and the web's call. */
export const ServerApi = {
  info: endpoint({
    method: 'GET',
    url: '/monitor/server',
    access: { permission: ServerPerm.list },
    summary: "Show the server's CPU, memory, runtime and disk figures",
    tag,
    response: okOf(ServerInfo),
  }),
};
