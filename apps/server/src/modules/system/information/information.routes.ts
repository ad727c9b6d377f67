import { okOf } from '@ccms/contracts/http';
import { VersionPush, VersionText } from '@ccms/contracts/system/information';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../../platform/http/envelope';
import { informationService } from './information.service';

/** The running version (about box) and the announced latest one (the web's version notice, spec section 2). */
export const informationRoutes: FastifyPluginAsyncZod = async (app) => {
  const info = informationService(app.db);

  app.get(
    '/system/information/version',
    {
      config: { authenticated: true },
      schema: { summary: "Answer the running product's version text in msg", tags: ['system/information'], response: { 200: VersionText } },
    },
    async () => done(info.version()),
  );

  app.get(
    '/ccms/version/push',
    {
      config: { authenticated: true },
      schema: {
        summary: 'Answer the latest announced version and its update address, for the version notice',
        tags: ['system/information'],
        response: { 200: okOf(VersionPush) },
      },
    },
    async () => ok(await info.latest()),
  );
};
