import { okOf } from '@ccms/contracts/http';
import { DatasourceInfo, DatasourcePerm } from '@ccms/contracts/monitor/datasource';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope';
import { datasourceService } from './datasource.service';

/** Datasource monitor (RuoYi's monitor/druid): pool, connections, statements, sizes. */
export const datasourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const datasource = datasourceService(app.database);

  app.get(
    '/monitor/druid',
    {
      config: { permission: DatasourcePerm.list },
      schema: {
        summary: "Show the database's pool, connections, slowest and most frequent statements and largest tables",
        tags: ['monitor/druid'],
        response: { 200: okOf(DatasourceInfo) },
      },
    },
    async () => ok(await datasource.info()),
  );
};
