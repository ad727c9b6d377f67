import { FileResponse } from '@ccms/contracts/common';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  ArchiveBody,
  OUTPUT_READ_PERMS,
  OutputQuery,
  PUBLISH_PERMS,
  PublishBody,
  PublishOutput,
  PublishOutputDetail,
} from '@ccms/contracts/publish/publication';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import { caller } from '../../../platform/auth/guard';
import { resolveSession } from '../../../platform/auth/session';
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

const log = (businessType: BusinessType) => ({ title: 'output', businessType });
const tags = ['publish/output'];
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

  app.post(
    '/ccms/output/publish',
    {
      config: { permission: PUBLISH_PERMS, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Publish a publication or a document: one queued output per publish config',
        tags,
        body: PublishBody,
        response: { 200: okOf(z.array(PublishOutput)) },
      },
    },
    async (req) => ok(await outputs.publish(caller(req), req.body)),
  );
  app.get(
    '/ccms/output/list',
    {
      config: { permission: OUTPUT_READ_PERMS },
      schema: { summary: 'List the outputs of a publication or a document', tags, querystring: OutputQuery, response: { 200: rowsOf(PublishOutput) } },
    },
    async (req) => rows(await outputs.list(caller(req), req.query, req.lang)),
  );
  app.get(
    '/ccms/output/:id',
    {
      config: { permission: OUTPUT_READ_PERMS },
      schema: { summary: 'Get an output with its problems', tags, params: IdParam, response: { 200: okOf(PublishOutputDetail) } },
    },
    async (req) => ok(await outputs.get(caller(req), req.params.id, req.lang)),
  );
  app.put(
    '/ccms/output/:id/cancel',
    {
      config: { permission: PUBLISH_PERMS, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Cancel a queued or running publish', tags, params: IdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await outputs.cancel(caller(req), req.params.id);
      return done();
    },
  );
  app.delete(
    '/ccms/output/:ids',
    {
      config: { permission: PUBLISH_PERMS, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete outputs and their files', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await outputs.remove(caller(req), req.params.ids);
      return done();
    },
  );
  app.post(
    '/ccms/output/archive',
    {
      config: { permission: PUBLISH_PERMS, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Archive an output to a project release (writes a release log row)',
        tags,
        body: ArchiveBody,
        response: { 200: okOf(z.object({ logId: z.number() })) },
      },
    },
    async (req) => ok(await outputs.archive(caller(req), req.body)),
  );
  app.get(
    '/ccms/output/:id/zip',
    {
      config: { permission: OUTPUT_READ_PERMS },
      schema: { summary: "Download an output's files as a zip", tags, params: IdParam, response: { 200: FileResponse } },
    },
    async (req, reply) => {
      const { name, stream } = await outputs.zip(caller(req), req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(stream);
    },
  );

  app.post(
    '/ccms/output/:id/toDownloads',
    {
      config: { permission: OUTPUT_READ_PERMS, log: log(BusinessType.OTHER) },
      schema: {
        summary: "Zip an output's files into the caller's download center (made by a queued job)",
        tags,
        params: IdParam,
        response: { 200: okOf(z.object({ downloadId: z.number() })) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const name = await outputs.zipName(auth, req.params.id);
      return ok(await app.downloads.add({ userId: auth.userId, name, kind: 'output', producer: OUTPUT_ZIP_PRODUCER, params: { outputId: req.params.id } }));
    },
  );

  // Public to the guard because EventSource sends no bearer token: the handler takes the token or
  // the ticket, then checks the output permissions and the reader rules.
  app.get(
    '/ccms/output/progress/:id',
    {
      config: { public: true },
      schema: {
        summary: 'Progress of a publish (Server-Sent Events, PublishProgress JSON per event, until it ends; bearer token or ticket)',
        tags,
        params: IdParam,
        querystring: z.object({ ticket: z.string().max(500).optional() }),
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (req, reply) => {
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
  );

  // Pages of an output in a frame: relative links keep the ticket, so every page, style sheet and
  // image of the output is reachable; served under the sandbox policy (no scripts, opaque origin).
  app.get(
    '/ccms/output/view/:id/:ticket/*',
    {
      config: { public: true },
      schema: {
        summary: 'Serve a file of an output (HTML5 pages, PDF) for the in-app view (ticket in the path)',
        tags,
        params: z.object({ id: z.coerce.number().int().positive(), ticket: z.string().max(500), '*': z.string().max(1000) }),
        response: { 200: FileResponse },
      },
    },
    async (req, reply) => {
      const auth = await tokenOrTicket(req, req.params.id, req.params.ticket);
      const { file, size } = await outputs.file(auth, req.params.id, decodeURIComponent(req.params['*']));
      const { createReadStream } = await import('node:fs');
      return reply
        .header('content-type', mimeOf(file))
        .header('content-length', size)
        .header('cache-control', 'private, max-age=60')
        .header('content-security-policy', file.endsWith('.pdf') ? PDF_CSP : SANDBOX_CSP)
        .send(createReadStream(file));
    },
  );
};
