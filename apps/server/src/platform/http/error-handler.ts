import { Code } from '@ccms/contracts/http';
import { isMessageKey, messageCatalog, translate } from '@ccms/contracts/messages';
import { fieldLabel, requestPartLabel, withLeadingLabel } from '@ccms/contracts/messages/fields';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './errors';
import { issueMessage, RequestValidationError } from './validation';

/** Messages whose {field} is what the caller sent (a field or column this route has not), not one of its fields. */
const AS_SENT = new Set(['field.unknown', 'order.invalidColumn']);

/** Status that mirrors an envelope code (601, a warning, travels as 200). */
export const httpStatusOf = (code: number) => (code >= 200 && code < 600 && code !== Code.WARN ? code : 200);

/** Body codes a RuoYi client acts on by themselves (re-login, no right, error toast, warning); other refusals travel as 500. */
const RUOYI_CODES: ReadonlySet<number> = new Set([Code.UNAUTHORIZED, Code.FORBIDDEN, Code.ERROR, Code.WARN]);

export interface ErrorHandlerOptions {
  spaRoot?: string;
  apiBase: string;
  /**
   * Whether refusals under apiBase keep their HTTP status (the administrator's sys.api.httpStatus).
   * When it answers false, or is absent, they answer as RuoYi does (see ruoyiRefusal).
   */
  httpStatus?: () => Promise<boolean>;
}

/**
 * A refusal as RuoYi sends it, for its client reads bodies of HTTP 200 only: 401, 403, 500 and 601
 * keep their code, any other (400, 404, 409, 429...) becomes 500 with its message; `status` keeps
 * the refusal's own status for clients that tell them apart (this product's web app does).
 */
export function ruoyiRefusal(body: unknown, status: number): unknown {
  if (typeof body !== 'object' || body === null || !('code' in body) || typeof body.code !== 'number') return body;
  return { ...body, code: RUOYI_CODES.has(body.code) ? body.code : Code.ERROR, status };
}

/**
 * Every failure leaves as the envelope {code, msg} in the caller's language: app errors with
 * their code, invalid input as 400 naming the field, anything unexpected as 500 without internals.
 * Under the API, refusals answer HTTP 200 with the code in the body unless the administrator keeps
 * HTTP statuses (ErrorHandlerOptions.httpStatus); downloads and streams that fail before their
 * first byte send the same JSON, so they are answered the same way.
 */
export function installErrorHandler(app: FastifyInstance, opts: ErrorHandlerOptions) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !req.url.startsWith(opts.apiBase)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    // The setting is read per refusal (an administrator's change applies at once); unreadable (the database down) is the default.
    if (opts.httpStatus && (await opts.httpStatus().catch(() => false))) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const status = reply.statusCode;
    reply.status(200);
    return JSON.stringify(ruoyiRefusal(body, status));
  });

  // Handlers answer with message keys ('ok', 'user.exists'); the caller reads them in its language.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload && typeof payload === 'object' && 'msg' in payload && typeof payload.msg === 'string' && isMessageKey(payload.msg)) {
      return { ...payload, msg: translate(req.lang ?? 'zh', payload.msg) };
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? 'zh';
    const labels = req.routeOptions?.config?.fieldLabels;
    if (error instanceof AppError) {
      // A message naming a field names it by its label, as {field} or as the key it starts with
      // ("ditaMap: ..."); an unsupported field or sort column stays as it was sent.
      const { field } = error.params;
      const params = typeof field === 'string' && !AS_SENT.has(error.key) ? { ...error.params, field: fieldLabel(lang, field, labels) } : error.params;
      const template: string | undefined = (messageCatalog[lang] as Record<string, string>)[error.key];
      const body = {
        code: error.code,
        msg: translate(lang, template === undefined ? error.key : withLeadingLabel(lang, template, labels), params),
        ...(error.data === undefined ? {} : { data: error.data }),
        ...(error.denied === undefined ? {} : { denied: error.denied }),
      };
      return reply.status(httpStatusOf(error.code)).send(body);
    }
    if (error instanceof RequestValidationError) {
      const [first] = error.issues;
      const context = (error as { validationContext?: string }).validationContext;
      const msg = first ? issueMessage(lang, first, context, labels) : translate(lang, 'field.invalid', { field: requestPartLabel(lang, context ?? 'body') });
      return reply.status(400).send({ code: Code.BAD_REQUEST, msg });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      if (!first) return reply.status(400).send({ code: Code.BAD_REQUEST, msg: translate(lang, 'field.invalid', { field: requestPartLabel(lang, 'body') }) });
      const issue = {
        ...first.params,
        code: first.keyword,
        path: first.instancePath.split('/').filter(Boolean),
        message: first.message,
      } as unknown as z.core.$ZodIssue;
      const msg = issueMessage(lang, issue, error.validationContext, labels);
      return reply.status(400).send({ code: Code.BAD_REQUEST, msg });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ code: Code.BAD_REQUEST, msg: translate(lang, 'body.invalid') });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 429, msg: translate(lang, 'rateLimited') });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: error.statusCode, msg: error.message });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: Code.ERROR, msg: translate(lang, 'error.500') });
  });

  app.setNotFoundHandler((req, reply) => {
    // Pages get index.html; a missing file (an old chunk name after a rebuild) stays a 404.
    const isPage = !/\.[A-Za-z0-9]+$/.test(req.url.split('?')[0] ?? '');
    if (opts.spaRoot && req.method === 'GET' && isPage && !req.url.startsWith(opts.apiBase)) return reply.sendFile('index.html', opts.spaRoot);
    return reply.status(404).send({ code: Code.NOT_FOUND, msg: translate(req.lang ?? 'zh', 'error.404') });
  });
}
