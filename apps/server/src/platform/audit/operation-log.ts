import { API_BASE } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sysOperLog } from '../../db/schema';
import type { OperationLogSpec, RouteAccess } from '../types';
import { logJson, logText } from './log-text';
import { redactUrl } from './redact';

const started = Symbol('operationLogStart');
const pending = Symbol('operationLogRow');

declare module 'fastify' {
  interface FastifyRequest {
    [started]?: number;
    [pending]?: number;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The entry a route writes, or undefined for a route that writes none (no `log`, or `{ skip }`). */
export function logSpecOf(access: Pick<RouteAccess, 'log'> | undefined): OperationLogSpec | undefined {
  const log = access?.log;
  return log && 'title' in log ? log : undefined;
}

/**
 * Why a route's `log` declaration is refused, or null when it is fine: a write under the API
 * must declare its entry or opt out with a reason; any declaration must be well formed.
 */
export function logDeclarationProblem(method: string | string[], url: string, access: Pick<RouteAccess, 'log'> | undefined): string | null {
  const log = access?.log as unknown;
  const route = `${Array.isArray(method) ? method.join(',') : method} ${url}`;
  if (log !== undefined) {
    if (typeof log !== 'object' || log === null) return `route ${route}: log must be { title, businessType } or { skip: 'reason' }`;
    if ('title' in log) {
      const spec = log as Partial<OperationLogSpec>;
      return typeof spec.title === 'string' && spec.title !== '' && typeof spec.businessType === 'number'
        ? null
        : `route ${route}: log needs a title and a businessType`;
    }
    if ('skip' in log) {
      const reason = (log as { skip: unknown }).skip;
      return typeof reason === 'string' && reason.trim() !== '' ? null : `route ${route}: log: { skip } needs the reason as text`;
    }
    return `route ${route}: log must be { title, businessType } or { skip: 'reason' }`;
  }
  const methods = Array.isArray(method) ? method : [method];
  const isApi = url === API_BASE || url.startsWith(`${API_BASE}/`);
  if (isApi && methods.some((m) => WRITE_METHODS.has(m.toUpperCase()))) {
    return `route ${route} writes but declares no operation log: add config.log = { title, businessType }, or { skip: 'reason' } to opt out`;
  }
  return null;
}

/**
 * Writes one operation log row for every route that declares `log`: who, what, parameters
 * with secrets redacted, result or error, duration. Handlers never write it themselves.
 * A write route under the API without a declaration stops the app from starting.
 *
 * The row is inserted before the handler runs (marked as not finished) and completed before
 * the answer leaves, both awaited: a write that committed always has its row, even when the
 * process dies before answering; a row still marked unfinished says the outcome is unknown.
 */
export const operationLog = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const problem = logDeclarationProblem(route.method, route.url, route.config);
    if (problem) throw new Error(problem);
  });
  app.addHook('onRequest', async (req) => {
    if (logSpecOf(req.routeOptions.config)) req[started] = performance.now();
  });

  const common = (req: FastifyRequest, log: OperationLogSpec) => ({
    title: log.title,
    businessType: log.businessType,
    method: logText(`${req.routeOptions.url ?? req.url}`, 200),
    requestMethod: req.method,
    operName: logText(req.auth?.userName ?? '', 50),
    deptName: logText(req.auth?.deptName ?? '', 50),
    operUrl: logText(redactUrl(req.url), 255),
    operIp: logText(req.ip, 128),
    operParam: logJson({
      ...(req.params as object),
      ...(req.query as object),
      ...(typeof req.body === 'object' && req.body !== null && !Buffer.isBuffer(req.body) ? req.body : {}),
    }),
  });

  app.addHook('preHandler', async (req) => {
    const log = logSpecOf(req.routeOptions.config);
    if (!log || req[started] === undefined) return;
    try {
      const [row] = await app.db
        .insert(sysOperLog)
        .values({ ...common(req, log), status: 1, errorMsg: translate(req.lang ?? 'zh', 'operLog.unfinished') })
        .returning({ operId: sysOperLog.operId });
      req[pending] = row?.operId;
    } catch (err) {
      // No row yet: the write goes on and onSend inserts the finished row.
      req.log.error({ err }, 'operation log write failed');
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const log = logSpecOf(req.routeOptions.config);
    const start = req[started];
    if (!log || start === undefined) return payload;
    let body: { code?: number; msg?: string } = {};
    if (typeof payload === 'string') {
      try {
        const parsed: unknown = JSON.parse(payload);
        if (parsed && typeof parsed === 'object') body = parsed as typeof body;
      } catch {
        // a file download: no JSON result to keep
      }
    }
    const failed = reply.statusCode >= 400 || (body.code !== undefined && body.code !== 200);
    const outcome = {
      jsonResult: failed ? '' : logJson(body),
      status: failed ? 1 : 0,
      errorMsg: failed ? logText(typeof body.msg === 'string' ? body.msg : `HTTP ${reply.statusCode}`) : '',
      costTime: Math.round(performance.now() - start),
    };
    try {
      const id = req[pending];
      // The handler may have removed its own pending row (cleaning the log): insert it again.
      const updated =
        id === undefined ? [] : await app.db.update(sysOperLog).set(outcome).where(eq(sysOperLog.operId, id)).returning({ id: sysOperLog.operId });
      if (updated.length === 0) await app.db.insert(sysOperLog).values({ ...common(req, log), ...outcome });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
});
