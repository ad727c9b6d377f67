import { DatasourceApi } from '@ccms/contracts/monitor/datasource';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { datasourceService } from './datasource.service';

/** Datasource monitor (RuoYi's monitor/druid): pool, connections, statements, sizes. */
export const datasourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const datasource = datasourceService(app.database);

  app.route({ ...routeOf(DatasourceApi.info), handler: async () => ok(await datasource.info()) });
};
