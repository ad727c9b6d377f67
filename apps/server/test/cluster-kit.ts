import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import type { ObjectStoreConfig } from '../src/platform/storage/s3-storage';

/**
 * Several server nodes as separate processes (apps/server/src/main.ts, as `npm start` runs it) on
 * one PostgreSQL and one object store, behind a small round-robin proxy on 127.0.0.1: what the
 * three-node test and `npm run cluster` start. Each node has its own data folder and port; the
 * proxy hands each request to the next node and, when a node does not answer (killed), to the
 * one after it, as a load balancer with health checks would.
 */
export interface ClusterOptions {
  nodes: number;
  databaseUrl: string;
  objectStore: ObjectStoreConfig;
  /** The same on every node (CCMS_JWT_SECRET, CCMS_SECRET_KEY). */
  secrets: { jwtSecret: string; secretKey: string };
  /** The first seed's administrator password; unset: a random one, printed in node 0's log. */
  adminPassword?: string;
  /** Folder for the nodes' data folders and logs. */
  root: string;
  /** Port of the proxy (0: any free one). */
  port?: number;
  /** More settings for every node (e.g. CCMS_CAPTCHA). */
  env?: Record<string, string>;
}

export interface ClusterNode {
  index: number;
  port: number;
  dataDir: string;
  child: ChildProcess;
  alive: boolean;
  /** Kills the process at once (SIGKILL), as a crash or a pulled plug would. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address, e.g. http://127.0.0.1:43123. */
  url: string;
  nodes: ClusterNode[];
  /** Which node answered each request, in order (the proxy's log). */
  answeredBy: number[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const SERVER = path.resolve(import.meta.dirname, '../src/main.ts');

function nodeEnv(o: ClusterOptions, port: number, dataDir: string): NodeJS.ProcessEnv {
  const s3 = o.objectStore;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    CCMS_DATA_DIR: dataDir,
    CCMS_JWT_SECRET: o.secrets.jwtSecret,
    CCMS_SECRET_KEY: o.secrets.secretKey,
    ...(o.adminPassword ? { CCMS_ADMIN_PASSWORD: o.adminPassword } : {}),
    CCMS_S3_ENDPOINT: s3.endpoint,
    CCMS_S3_BUCKET: s3.bucket,
    CCMS_S3_REGION: s3.region,
    CCMS_S3_ACCESS_KEY: s3.accessKeyId,
    CCMS_S3_SECRET_KEY: s3.secretAccessKey,
    CCMS_S3_PATH_STYLE: String(s3.forcePathStyle),
    LOG_LEVEL: 'warn',
    ...o.env,
  };
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/prod-api/captchaImage', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

async function startNode(o: ClusterOptions, index: number): Promise<ClusterNode> {
  const port = await freePort();
  const dataDir = path.join(o.root, `node-${index}`);
  await mkdir(dataDir, { recursive: true });
  const log = createWriteStream(path.join(o.root, `node-${index}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: nodeEnv(o, port, dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const node: ClusterNode = {
    index,
    port,
    dataDir,
    child,
    alive: true,
    kill: async () => {
      if (!node.alive) return;
      node.alive = false;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
  child.once('exit', () => {
    node.alive = false;
  });
  for (let i = 0; i < 600; i++) {
    if (!node.alive) throw new Error(`node ${index} exited while starting; see ${path.join(o.root, `node-${index}.log`)}`);
    if (await answers(port)) return node;
    await new Promise((r) => setTimeout(r, 100));
  }
  await node.kill();
  throw new Error(`node ${index} did not answer within a minute`);
}

/** Sends the buffered request to a node; resolves false when the node could not be reached (nothing was answered yet). */
function forward(node: ClusterNode, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const out = http.request(
      { host: '127.0.0.1', port: node.port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${node.port}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve(true));
        answer.on('error', () => {
          res.destroy();
          resolve(true);
        });
      },
    );
    out.on('error', () => resolve(res.headersSent));
    out.end(body);
  });
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const nodes: ClusterNode[] = [];
  const answeredBy: number[] = [];
  try {
    // The first node migrates and seeds the database; the others start on it ready.
    nodes.push(await startNode(o, 0));
    nodes.push(...(await Promise.all(Array.from({ length: o.nodes - 1 }, (_, i) => startNode(o, i + 1)))));
  } catch (err) {
    await Promise.all(nodes.map((n) => n.kill()));
    throw err;
  }
  let next = 0;
  const proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    for (let tried = 0; tried < nodes.length; tried++) {
      const node = nodes[next++ % nodes.length] as ClusterNode;
      if (!node.alive) continue;
      if (await forward(node, req, body, res)) {
        answeredBy.push(node.index);
        return;
      }
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no node answered');
  });
  await new Promise<void>((r) => proxy.listen(o.port ?? 0, '127.0.0.1', r));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    nodes,
    answeredBy,
    async stop() {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
      await Promise.all(
        nodes.map(async (n) => {
          if (!n.alive) return;
          const exited = new Promise((r) => n.child.once('exit', r));
          n.child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
          await n.kill();
        }),
      );
    },
  };
}
