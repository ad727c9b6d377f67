import { API_BASE } from '@ccms/contracts/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sysOperLog } from '../../db/schema';
import type { OperationLogSpec, RouteAccess } from '../types';
import { clip, redactSecrets, redactUrl } from './redact';

const started = Symbol('operationLogStart');
const result = Symbol('operationLogResult');

declare module 'fastify' {
  interface FastifyRequest {
    [started]?: number;
    [result]?: string;
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
 */
export const operationLog = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const problem = logDeclarationProblem(route.method, route.url, route.config);
    if (problem) throw new Error(problem);
  });
  app.addHook('onRequest', async (req) => {
    if (logSpecOf(req.routeOptions.config)) req[started] = performance.now();
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (logSpecOf(req.routeOptions.config) && typeof payload === 'string') req[result] = payload;
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const log = logSpecOf(req.routeOptions.config);
    const start = req[started];
    if (!log || start === undefined) return;
    let body: { code?: number; msg?: string } = {};
    try {
      body = JSON.parse(req[result] ?? '{}');
    } catch {
      // a file download: no JSON result to keep
    }
    const failed = reply.statusCode >= 400 || (body.code !== undefined && body.code !== 200);
    const params = JSON.stringify(redactSecrets({ ...(req.params as object), ...(req.query as object), ...(typeof req.body === 'object' ? req.body : {}) }));
    try {
      await app.db.insert(sysOperLog).values({
        title: log.title,
        businessType: log.businessType,
        method: `${req.routeOptions.url ?? req.url}`,
        requestMethod: req.method,
        operName: req.auth?.userName ?? '',
        deptName: req.auth?.deptName ?? '',
        operUrl: clip(redactUrl(req.url), 255),
        operIp: req.ip,
        operParam: clip(params),
        jsonResult: failed ? '' : clip(JSON.stringify(redactSecrets(body))),
        status: failed ? 1 : 0,
        errorMsg: failed ? clip(body.msg ?? `HTTP ${reply.statusCode}`) : '',
        costTime: Math.round(performance.now() - start),
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
  });
});
