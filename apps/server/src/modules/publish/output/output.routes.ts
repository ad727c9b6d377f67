import { OkEmpty } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { OutputApi } from '@ccms/contracts/publish/output';
import { OUTPUT_READ_PERMS } from '@ccms/contracts/publish/publication';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import { caller } from '../../../platform/auth/guard';
import { resolveSession } from '../../../platform/auth/session';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { forbidden, unauthorized } from '../../../platform/http/errors';
import { SANDBOX_CSP } from '../../../platform/http/security-headers';
import { openEventStream } from '../../../platform/http/sse';
import { BusinessType } from '../../../platform/types';
import { mimeOf } from './output-files';

/** A PDF opens in the browser's viewer, which a sandboxed document may not use; it runs no page script either way. */
const PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

/** The download center's producer of an output's zip. */
export const OUTPUT_ZIP_PRODUCER = 'publish.outputZip';

const log = (businessType: BusinessType) => ({ log: { title: 'output', businessType } });
/** How often the progress stream looks at the output row (it may run on another node). */
const PROGRESS_POLL_MS = 250;

export const outputRoutes: FastifyPluginAsyncZod = async (app) => {
  const outputs = app.publish.outputs;

  /** The caller: the bearer token, else a ticket (EventSource and pages in a frame send no token). */
  async function tokenOrTicket(req: FastifyRequest, outputId: number, ticket: string | undefined): Promise<AuthContext> {
    let auth = req.auth;
    if (!auth && ticket) {
      const claims = outputs.verifyTicket(ticket, await outputs.libraryOf(outputId));
      if (!claims) throw unauthorized('resource.ticketInvalid');
      auth = await resolveSession(app.db, app.sessions, claims, app.config.sessionIdleMinutes);
    }
    if (!auth) throw unauthorized();
    if (!OUTPUT_READ_PERMS.some((p) => hasPermission(auth, p))) throw forbidden();
    return auth;
  }

  app.route({
    ...routeOf(OutputApi.publish, log(BusinessType.INSERT)),
    handler: async (req) => ok(await outputs.publish(caller(req), req.body)),
  });
  app.route({
    ...routeOf(OutputApi.list),
    handler: async (req) => rows(await outputs.list(caller(req), req.query, req.lang)),
  });
  app.route({
    ...routeOf(OutputApi.get),
    handler: async (req) => ok(await outputs.get(caller(req), req.params.id, req.lang)),
  });
  app.route({
    ...routeOf(OutputApi.cancel, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await outputs.cancel(caller(req), req.params.id);
      return done();
    },
  });
  app.route({
    ...routeOf(OutputApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await outputs.remove(caller(req), req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(OutputApi.archive, log(BusinessType.INSERT)),
    handler: async (req) => ok(await outputs.archive(caller(req), req.body)),
  });
  app.route({
    ...routeOf(OutputApi.zip),
    handler: async (req, reply) => {
      const { name, stream } = await outputs.zip(caller(req), req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(stream);
    },
  });

  app.route({
    ...routeOf(OutputApi.toDownloads, log(BusinessType.OTHER)),
    handler: async (req) => {
      const auth = caller(req);
      const name = await outputs.zipName(auth, req.params.id);
      return ok(await app.downloads.add({ userId: auth.userId, name, kind: 'output', producer: OUTPUT_ZIP_PRODUCER, params: { outputId: req.params.id } }));
    },
  });

  // Public to the guard because EventSource sends no bearer token: the handler takes the token or
  // the ticket, then checks the output permissions and the reader rules.
  app.route({
    ...routeOf(OutputApi.progress),
    handler: async (req, reply) => {
      const auth = await tokenOrTicket(req, req.params.id, req.query.ticket);
      let last = JSON.stringify(await outputs.progress(auth, req.params.id));
      const stream = openEventStream(reply);
      stream.send(last);
      const ended = (s: string) => ['success', 'fail', 'canceled'].includes((JSON.parse(s) as { status: string }).status);
      while (!stream.closed && !ended(last)) {
        await new Promise((r) => setTimeout(r, PROGRESS_POLL_MS));
        const row = await outputs.progressOf(req.params.id);
        if (!row) break;
        const next = JSON.stringify({ outputId: row.outputId, status: row.status, phase: row.phase, done: row.done, total: row.total });
        if (next !== last && !stream.closed) stream.send(next);
        last = next;
      }
      stream.end();
    },
  });

  // Pages of an output in a frame: relative links keep the ticket, so every page, style sheet and
  // image of the output is reachable; served under the sandbox policy (no scripts, opaque origin).
  // A video or audio file of the output is read in byte ranges, as browsers seek in media (206, 416).
  const view = routeOf(OutputApi.view);
  app.route({
    ...view,
    schema: { ...view.schema, response: { ...view.schema.response, 206: OutputApi.view.response, 416: OkEmpty } },
    handler: async (req, reply) => {
      const auth = await tokenOrTicket(req, req.params.id, req.params.ticket);
      const file = await outputs.file(auth, req.params.id, decodeURIComponent(req.params['*']), req.headers.range);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=60');
      if (file.range.kind === 'unsatisfiable' || !file.stream) {
        return reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .header('content-type', 'application/json')
          .send({ code: 416, msg: translate(req.lang, 'resource.rangeInvalid') });
      }
      reply.header('content-type', mimeOf(file.name)).header('content-security-policy', file.name.endsWith('.pdf') ? PDF_CSP : SANDBOX_CSP);
      if (file.range.kind === 'partial') {
        const { start, end } = file.range;
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${file.size}`)
          .header('content-length', end - start + 1)
          .send(file.stream);
      }
      return reply.header('content-length', file.size).send(file.stream);
    },
  });
};
