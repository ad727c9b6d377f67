import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  Deliverable,
  DeliverableBody,
  DeliverablePerm,
  DeliverableQuery,
  DeliverableUpdate,
  DeliverBody,
  DeliveryReceipt,
  ReceiptQuery,
} from '@ccms/contracts/publish/deliverable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ title: 'deliverable', businessType });
const tags = ['publish/deliverable'];

export const deliverableRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliverables = app.delivery.deliverables;

  app.get(
    '/ccms/deliverable/list',
    {
      config: { permission: DeliverablePerm.list },
      schema: { summary: 'List deliverables by page', tags, querystring: DeliverableQuery, response: { 200: rowsOf(Deliverable) } },
    },
    async (req) => rows(await deliverables.list(req.query)),
  );
  app.get(
    '/ccms/deliverable/:id/receipts',
    {
      config: { permission: DeliverablePerm.query },
      schema: {
        summary: 'List the delivery receipts of a deliverable, newest first',
        tags,
        params: IdParam,
        querystring: ReceiptQuery,
        response: { 200: rowsOf(DeliveryReceipt) },
      },
    },
    async (req) => rows(await deliverables.receipts(req.params.id, req.query, req.lang)),
  );
  app.get(
    '/ccms/deliverable/:id',
    { config: { permission: DeliverablePerm.query }, schema: { summary: 'Get a deliverable', tags, params: IdParam, response: { 200: okOf(Deliverable) } } },
    async (req) => ok(await deliverables.get(req.params.id)),
  );
  app.post(
    '/ccms/deliverable',
    {
      config: { permission: DeliverablePerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a deliverable', tags, body: DeliverableBody, response: { 200: okOf(z.object({ deliverableId: z.number() })) } },
    },
    async (req) => ok(await deliverables.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/deliverable',
    {
      config: { permission: DeliverablePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a deliverable', tags, body: DeliverableUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await deliverables.update(caller(req), req.body);
      return done();
    },
  );
  app.post(
    '/ccms/deliverable/:id/deliver',
    {
      config: { permission: DeliverablePerm.deliver, log: log(BusinessType.OTHER) },
      schema: {
        summary: 'Deliver an output now (queued; its receipt tells how it ended)',
        tags,
        params: IdParam,
        body: DeliverBody,
        response: { 200: okOf(z.object({ receiptId: z.number() })) },
      },
    },
    async (req) => ok(await deliverables.deliver(caller(req), req.params.id, req.body.outputId)),
  );
  app.delete(
    '/ccms/deliverable/:ids',
    {
      config: { permission: DeliverablePerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete deliverables (with their receipts and schedules)', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await deliverables.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
