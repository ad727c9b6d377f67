import { XmlProfileApi } from '@ccms/contracts/content/xml-profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { xmlProfileService } from './xml-profile.service';

const log = (businessType: BusinessType) => ({ log: { title: 'xmlProfile', businessType } });

/** XML profiles (System Manager → Doctypes): the document types' permissions. */
export const xmlProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = xmlProfileService(app.db, app.jobs);

  app.route({ ...routeOf(XmlProfileApi.list), handler: async () => ok(await profiles.list()) });
  app.route({ ...routeOf(XmlProfileApi.types), handler: async () => ok(await profiles.types()) });
  app.route({ ...routeOf(XmlProfileApi.get), handler: async (req) => ok(await profiles.get(req.params.id)) });
  app.route({ ...routeOf(XmlProfileApi.add, log(BusinessType.INSERT)), handler: async (req) => ok(await profiles.create(caller(req), req.body)) });
  app.route({ ...routeOf(XmlProfileApi.edit, log(BusinessType.UPDATE)), handler: async (req) => ok(await profiles.update(caller(req), req.body)) });
  app.route({
    ...routeOf(XmlProfileApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await profiles.remove(req.params.ids);
      return done();
    },
  });
};
