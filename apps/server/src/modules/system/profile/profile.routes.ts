import { Code } from '@ccms/contracts/http';
import { AVATAR_MAX_MB, ProfileApi } from '@ccms/contracts/system/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done } from '../../../platform/http/envelope';
import { badRequest, notFound } from '../../../platform/http/errors';
import { BusinessType } from '../../../platform/types';
import { readUpload } from '../user/request-input';
import { contentTypeOf, profileService } from './profile.service';

const log = (businessType: BusinessType) => ({ log: { title: 'profile', businessType } });

/**
 * The signed-in user's own record (RuoYi's SysProfileController) and the avatar files it points to.
 * All of it answers a user who must still change a password someone else set: RuoYi's client sends
 * them to this page to change it.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = profileService(app.db, app.storage, app.sessions);

  app.route({
    ...routeOf(ProfileApi.get, { beforePasswordChange: true }),
    handler: async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await profile.get(caller(req))),
    }),
  });

  app.route({
    ...routeOf(ProfileApi.update, { beforePasswordChange: true, ...log(BusinessType.UPDATE) }),
    handler: async (req) => {
      await profile.update(caller(req), req.body);
      return done();
    },
  });

  // JSON body only (RuoYi 3.8.7+): passwords in a query string would land in URL logs.
  app.route({
    ...routeOf(ProfileApi.updatePwd, { beforePasswordChange: true, ...log(BusinessType.UPDATE) }),
    handler: async (req) => {
      await profile.updatePassword(caller(req), req.body);
      return done();
    },
  });

  app.route({
    ...routeOf(ProfileApi.avatar, { beforePasswordChange: true, ...log(BusinessType.UPDATE) }),
    handler: async (req) => {
      const upload = await readUpload(req, 'avatarfile', AVATAR_MAX_MB * 1024 * 1024, {
        missing: badRequest('profile.avatarMissing'),
        tooLarge: badRequest('profile.avatarTooLarge', { max: AVATAR_MAX_MB }),
      });
      return { code: Code.OK, msg: 'ok', imgUrl: await profile.setAvatar(caller(req), upload) };
    },
  });

  // Public because <img> tags send no bearer token; only well-formed keys under the avatar folder are served.
  app.route({
    ...routeOf(ProfileApi.avatarFile),
    handler: async (req, reply) => {
      const key = req.params['*'];
      const stream = await profile.readAvatar(key);
      if (!stream) throw notFound();
      return reply
        .header('content-type', contentTypeOf(key))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(stream);
    },
  });
};
