import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { OpsAddress } from '../config';
import { jobQueueDepth } from '../metrics/job-queue-depth';
import { httpRequestDuration, httpRequests, metrics } from '../metrics/metrics';
import { EXPOSITION_CONTENT_TYPE } from '../metrics/registry';

/** The ops listener of this app, while CCMS_OPS_LISTEN is set. */
export interface OpsListener {
  /** Where it listens (the port the system chose for port 0), or null before the app is ready and after it closed. */
  address(): { host: string; port: number } | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when CCMS_OPS_LISTEN is (see installOpsListener). */
    ops?: OpsListener;
  }
}

/** A readiness check longer than this counts as failed: a load balancer waits for no one. */
const CHECK_TIMEOUT_MS = 3000;

type Check = () => Promise<unknown>;

function withTimeout(check: Check): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(check), late]).finally(() => clearTimeout(timer));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'failed';

/** Each check's "ok" or why it failed, and which failed. */
export async function runChecks(checks: Record<string, Check>): Promise<{ failed: string[]; checks: Record<string, string> }> {
  const outcomes = await Promise.all(
    Object.entries(checks).map(([name, check]) =>
      withTimeout(check).then(
        () => [name, null] as const,
        (err: unknown) => [name, reasonOf(err)] as const,
      ),
    ),
  );
  return {
    failed: outcomes.filter(([, reason]) => reason !== null).map(([name]) => name),
    checks: Object.fromEntries(outcomes.map(([name, reason]) => [name, reason ?? 'ok'])),
  };
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const json = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) =>
  send(req, res, status, 'application/json; charset=utf-8', JSON.stringify(body));

/**
 * Health, readiness and metrics for load balancers and monitoring, on a second listener at the
 * address the administrator chose (CCMS_OPS_LISTEN), never on the public port: /health (the
 * process answers), /ready (database, file store and job runner answer: 503 naming what failed)
 * and /metrics (Prometheus text). Counts every answer of the app by route pattern. Call before
 * the areas register, so the count sees their routes; the listener opens when the app is ready
 * and closes with it.
 */
export function installOpsListener(app: FastifyInstance, at: OpsAddress) {
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern, never the URL: ids and query strings would make a series per request.
    const route = req.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    httpRequestDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const queueDepth = jobQueueDepth(app.database);
  const checks: Record<string, Check> = {
    database: () => app.database.executeSql('select 1'),
    storage: () => app.storage.probe(),
    jobs: async () => {
      if (!app.jobs.started) throw new Error('job runner not started');
    },
  };
  let lastFailed = '';

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/health' && path !== '/ready' && path !== '/metrics') return json(req, res, 404, { status: 'not found' });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return json(req, res, 405, { status: 'method not allowed' });
    }
    if (path === '/health') return json(req, res, 200, { status: 'ok' });
    if (path === '/metrics') return send(req, res, 200, EXPOSITION_CONTENT_TYPE, await metrics.render([queueDepth]));
    const report = await runChecks(checks);
    // Logged when what fails changes, not at every probe of the load balancer.
    const failed = report.failed.join(',');
    if (failed !== lastFailed) {
      if (failed) app.log.warn({ checks: report.checks }, `not ready: ${failed}`);
      else app.log.info('ready again');
      lastFailed = failed;
    }
    return report.failed.length === 0
      ? json(req, res, 200, { status: 'ok', checks: report.checks })
      : json(req, res, 503, { status: 'unavailable', failed: report.failed, checks: report.checks });
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((err) => {
      app.log.error({ err }, 'ops listener answer failed');
      if (!res.headersSent) json(req, res, 500, { status: 'error' });
      else res.destroy();
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  app.decorate('ops', {
    address() {
      const a = server.address() as AddressInfo | null;
      return a && typeof a === 'object' ? { host: a.address, port: a.port } : null;
    },
  } satisfies OpsListener);

  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at.port, at.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = app.ops?.address();
    app.log.info(`ops listener (health, ready, metrics) on ${bound?.host}:${bound?.port}`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections of a scraper would hold close() open.
    server.closeAllConnections();
    await closed;
  });
}
