import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sysOperLog } from '../../db/schema';
import { clip, redactSecrets } from './redact';

const started = Symbol('operationLogStart');
const result = Symbol('operationLogResult');

declare module 'fastify' {
  interface FastifyRequest {
    [started]?: number;
    [result]?: string;
  }
}

/**
 * Writes one operation log row for every route that declares `log`: who, what, parameters
 * with secrets redacted, result or error, duration. Handlers never write it themselves.
 */
export const operationLog = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.log) req[started] = performance.now();
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.routeOptions.config.log && typeof payload === 'string') req[result] = payload;
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const log = req.routeOptions.config.log;
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
        operUrl: clip(req.url, 255),
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
