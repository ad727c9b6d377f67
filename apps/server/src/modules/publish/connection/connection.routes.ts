import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  Connection,
  ConnectionBody,
  ConnectionCheck,
  ConnectionOption,
  ConnectionPerm,
  ConnectionQuery,
  ConnectionUpdate,
  ConnectionValidate,
} from '@ccms/contracts/publish/connection';
import { DeliverablePerm } from '@ccms/contracts/publish/deliverable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ title: 'connection', businessType });
const tags = ['publish/connection'];

export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const connections = app.delivery.connections;

  app.get(
    '/ccms/connection/list',
    {
      config: { permission: ConnectionPerm.list },
      schema: { summary: 'List delivery connections by page', tags, querystring: ConnectionQuery, response: { 200: rowsOf(Connection) } },
    },
    async (req) => rows(await connections.list(req.query)),
  );
  app.get(
    '/ccms/connection/optionselect',
    {
      config: { permission: [ConnectionPerm.list, DeliverablePerm.add, DeliverablePerm.edit] },
      schema: { summary: 'List connections for pickers', tags, response: { 200: okOf(z.array(ConnectionOption)) } },
    },
    async () => ok(await connections.options()),
  );
  app.get(
    '/ccms/connection/:id',
    { config: { permission: ConnectionPerm.query }, schema: { summary: 'Get a connection', tags, params: IdParam, response: { 200: okOf(Connection) } } },
    async (req) => ok(await connections.get(req.params.id)),
  );
  app.post(
    '/ccms/connection',
    {
      config: { permission: ConnectionPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a connection', tags, body: ConnectionBody, response: { 200: okOf(z.object({ connectionId: z.number() })) } },
    },
    async (req) => ok(await connections.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/connection',
    {
      config: { permission: ConnectionPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: 'Update a connection (a changed server or credential needs a new validate)',
        tags,
        body: ConnectionUpdate,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await connections.update(caller(req), req.body);
      return done();
    },
  );
  app.post(
    '/ccms/connection/:id/validate',
    {
      config: { permission: ConnectionPerm.edit, log: log(BusinessType.OTHER) },
      schema: {
        summary:
          'Validate a connection: connect, list the folder, write and delete a probe file. The first validate of an SFTP server answers only its host key (state confirm); validate again with that key to trust it',
        tags,
        params: IdParam,
        body: ConnectionValidate,
        response: { 200: okOf(ConnectionCheck) },
      },
    },
    async (req) => ok(await connections.validate(caller(req), req.params.id, req.lang, req.body?.hostKey ?? '')),
  );
  app.delete(
    '/ccms/connection/:ids',
    {
      config: { permission: ConnectionPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete connections', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await connections.remove(req.params.ids);
      return done();
    },
  );
};
