import { CatalogScope } from '@ccms/contracts/content/catalog';
import { DocumentPerm } from '@ccms/contracts/content/document';
import { EffectiveQuery, EffectiveResult, FleetResult, FreezeBody, FreezeResult, FrozenList, FrozenQuery } from '@ccms/contracts/content/flightops';
import { TopicPerm } from '@ccms/contracts/content/topic';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { flightopsService } from './flightops.service';

/** A flight-operations library's fleet, effectivity filter and freeze for validation (docs/flightops-profile.md). */
export const flightopsLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const flightops = flightopsService(app.db, app.content.git, app.content);
  const tags = ['content/flightops'];
  app.get(
    '/ccms/flightops/fleet',
    {
      config: { permission: TopicPerm.list },
      schema: { summary: "The aircraft of a branch's fleet.xml", tags, querystring: CatalogScope, response: { 200: okOf(FleetResult) } },
    },
    async (req) => ok(await flightops.fleet(caller(req), req.query)),
  );
  app.get(
    '/ccms/flightops/effective',
    {
      config: { permission: TopicPerm.list },
      schema: {
        summary: 'The DUs of a branch with a solution effective for an aircraft (MSN or registration), and those with none',
        tags,
        querystring: EffectiveQuery,
        response: { 200: okOf(EffectiveResult) },
      },
    },
    async (req) => ok(await flightops.effective(caller(req), req.query)),
  );
  app.post(
    '/ccms/flightops/freeze',
    {
      config: { permission: DocumentPerm.edit, log: { title: 'flightops freeze', businessType: BusinessType.INSERT } },
      schema: {
        summary:
          'Freeze a working copy for validation: annotated tag freeze/<name> and branch frozen/<name> (no commit lands on it) at its head, pushed atomically; its PSLs and DUs put under review',
        tags,
        body: FreezeBody,
        response: { 200: okOf(FreezeResult) },
      },
    },
    async (req) => ok(await flightops.freeze(caller(req), req.body)),
  );
  app.get(
    '/ccms/flightops/frozen',
    {
      config: { permission: DocumentPerm.list },
      schema: {
        summary: 'The frozen revisions of a library, each PSL with its review status',
        tags,
        querystring: FrozenQuery,
        response: { 200: okOf(FrozenList) },
      },
    },
    async (req) => ok(await flightops.frozen(caller(req), req.query)),
  );
};
